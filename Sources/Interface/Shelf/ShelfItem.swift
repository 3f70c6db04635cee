import FoundationEssentials

/// One book on the shelf, as plain values: what its cell and the details
/// line show, and what the orders sort on. The session keeps the `Book`
/// itself, by `id`, for opening it.
public struct ShelfItem: Equatable, Sendable {
    public var id: Int
    public var title: String
    public var author: String
    public var pageCount: Int
    public var addedAt: Date
    /// Where the reader stopped, from the history; nil for a book never opened.
    public var lastPage: Int?
    public var lastRead: Date?
    public var tags: [String]
    public var bookmarks: Int
    /// The stars given with `ibook edit --rating`, 1 to 5; nil for none.
    public var rating: Int?

    public init(id: Int, title: String, author: String, pageCount: Int, addedAt: Date,
                lastPage: Int? = nil, lastRead: Date? = nil, tags: [String] = [], bookmarks: Int = 0, rating: Int? = nil) {
        self.id = id
        self.title = title
        self.author = author
        self.pageCount = pageCount
        self.addedAt = addedAt
        self.lastPage = lastPage
        self.lastRead = lastRead
        self.tags = tags
        self.bookmarks = bookmarks
        self.rating = rating
    }

    /// How far the reading got: "new" for an unread book, else the last page
    /// read as a share of the pages ("100%" only on the last page).
    public var progress: String {
        guard let lastPage else { return "new" }
        let pages = max(1, pageCount)
        let percent = min(lastPage, pages) * 100 / pages
        return "\(lastPage >= pages ? 100 : min(percent, 99))%"
    }
}
