/// Every value a title and an author could be taken from, gathered when a
/// PDF is read, before choosing.
public struct MetadataCandidates: Codable, Equatable, Sendable {
    public var infoTitle: String?
    public var infoAuthor: String?
    public var xmpTitle: String?
    public var xmpCreators: [String]
    public var pageTitle: String?
    public var pageAuthors: [String]
    /// The file's name without its extension.
    public var fileName: String
    /// Whether the title and creators were written for readers by the book's
    /// publisher (an EPUB's package document, an FB2's description), so stand
    /// as written, rather than left by a tool (a PDF's Info, often a file name).
    public var declaredForReaders = false

    public init(infoTitle: String? = nil, infoAuthor: String? = nil, xmpTitle: String? = nil, xmpCreators: [String] = [],
                pageTitle: String? = nil, pageAuthors: [String] = [], fileName: String, declaredForReaders: Bool = false) {
        self.infoTitle = infoTitle
        self.infoAuthor = infoAuthor
        self.xmpTitle = xmpTitle
        self.xmpCreators = xmpCreators
        self.pageTitle = pageTitle
        self.pageAuthors = pageAuthors
        self.fileName = fileName
        self.declaredForReaders = declaredForReaders
    }
}
