/// A person (or body) who made the book, as its package names them.
public struct ReflowCreator: Codable, Equatable, Sendable {
    public var name: String
    /// A MARC relator code as written ("aut", "ill", "trl"), nil when the book gives none.
    public var role: String?
    /// The name as it sorts ("Melville, Herman"), when the book gives it.
    public var fileAs: String?

    public init(name: String, role: String? = nil, fileAs: String? = nil) {
        self.name = name
        self.role = role
        self.fileAs = fileAs
    }

    /// An author: the role says so, or says nothing (EPUB 2's default for dc:creator).
    var isAuthor: Bool { role == nil || role?.lowercased() == "aut" }
}
