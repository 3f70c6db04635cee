/// What a book says about itself (an EPUB's package metadata, an FB2's description),
/// every string cleaned of control characters and cut to a sane length.
public struct ReflowMetadata: Codable, Equatable, Sendable {
    public var title: String?
    /// Authors first (role "aut" or none), then the others, each group in the book's order.
    public var creators: [ReflowCreator]
    public var language: String?
    /// Scheme → value, e.g. "isbn", "uuid", "calibre"; the first value of each scheme.
    public var identifiers: [String: String]
    /// The ISBN without hyphens or spaces.
    public var isbn: String?
    public var publisher: String?
    /// As written (2011-10-06).
    public var date: String?
    /// Plain text: markup stripped.
    public var description: String?
    public var subjects: [String]
    public var series: String?
    public var seriesIndex: Double?

    public init(title: String? = nil, creators: [ReflowCreator] = [], language: String? = nil,
                identifiers: [String: String] = [:], isbn: String? = nil, publisher: String? = nil,
                date: String? = nil, description: String? = nil, subjects: [String] = [],
                series: String? = nil, seriesIndex: Double? = nil) {
        self.title = title
        self.creators = creators
        self.language = language
        self.identifiers = identifiers
        self.isbn = isbn
        self.publisher = publisher
        self.date = date
        self.description = description
        self.subjects = subjects
        self.series = series
        self.seriesIndex = seriesIndex
    }

    /// Authors before the others, keeping each group's order.
    static func ordered(_ creators: [ReflowCreator]) -> [ReflowCreator] {
        creators.filter(\.isAuthor) + creators.filter { !$0.isAuthor }
    }
}
