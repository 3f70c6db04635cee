import FoundationEssentials

/// What a book's file declares about itself, whatever its format: a PDF's
/// Info dictionary, XMP and catalog, an EPUB's package document, an FB2's
/// description. nil where the file is silent. It travels unchanged from the
/// extraction worker's spool record to the catalog row (and to `refresh`),
/// so a field the library keeps is declared here once.
public struct DeclaredMetadata: Codable, Equatable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    public var producer: String?
    public var created: Date?
    public var modified: Date?
    /// The language its metadata declares (XMP's or a package document's `dc:language`), as a tag such as `en-US`.
    public var language: String?
    /// The language a PDF's document catalog declares (`/Lang`); an EPUB's `dc:language` again.
    public var catalogLanguage: String?

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                creator: String? = nil, producer: String? = nil, created: Date? = nil, modified: Date? = nil,
                language: String? = nil, catalogLanguage: String? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.created = created
        self.modified = modified
        self.language = language
        self.catalogLanguage = catalogLanguage
    }

    /// The same, with `transform` applied to every field a listing shows. The
    /// language tags are left as they are: they are matched, never shown.
    public func mapText(_ transform: (String) -> String) -> DeclaredMetadata {
        var metadata = self
        metadata.title = title.map(transform)
        metadata.author = author.map(transform)
        metadata.subject = subject.map(transform)
        metadata.keywords = keywords.map(transform)
        metadata.creator = creator.map(transform)
        metadata.producer = producer.map(transform)
        return metadata
    }
}
