import Documents
import TextSearch

/// One occurrence of the query.
public struct SearchHit: Codable, Sendable {
    public var bookID: Int
    public var bookTitle: String
    public var page: Int
    public var label: String?
    public var snippet: Snippet
    /// The highlight (or other text markup) the match falls in: its id in `ibook notes`.
    public var highlight: Int?
    /// A laid-out book's chapter the page falls in (its outline's deepest entry); nil for a PDF.
    public var chapter: String?
    /// The book's format, for telling whether it has chapters to name (`ChapterNames`); not printed.
    public var bookFormat: BookFormat = .pdf

    private enum CodingKeys: String, CodingKey {
        case bookID, bookTitle, page, label, snippet, highlight, chapter
    }

    package init(bookID: Int, bookTitle: String, bookFormat: BookFormat, page: Int, label: String?, snippet: Snippet,
                 highlight: Int?, chapter: String? = nil) {
        self.bookID = bookID
        self.bookTitle = bookTitle
        self.bookFormat = bookFormat
        self.page = page
        self.label = label
        self.snippet = snippet
        self.highlight = highlight
        self.chapter = chapter
    }
}
