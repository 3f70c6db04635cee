/// One occurrence of a full-text search across the library, as plain values
/// for the hit list: which book, which page, and the words around the match.
public struct ShelfHit: Equatable, Sendable {
    public var bookID: Int
    public var title: String
    public var page: Int
    /// The page's printed label ("xii"), when the book has labels and it differs from the number.
    public var label: String?
    public var before: String
    public var match: String
    public var after: String

    public init(bookID: Int, title: String, page: Int, label: String? = nil, before: String, match: String, after: String) {
        self.bookID = bookID
        self.title = title
        self.page = page
        self.label = label
        self.before = before
        self.match = match
        self.after = after
    }
}
