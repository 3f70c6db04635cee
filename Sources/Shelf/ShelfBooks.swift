import BookLibrary

/// The library as the shelf shows it: every book with its tags, where its
/// reading stopped (the history) and how many bookmarks it has, read in a
/// few whole-library queries rather than several per book.
public struct ShelfBooks {
    public let items: [ShelfItem]
    /// The books themselves by id, for opening one and finding its cover.
    public let books: [Int: Book]

    public init(library: Library) throws {
        let entries = try library.catalog()
        var stopped: [String: HistoryEntry] = [:]
        for entry in try library.history() where stopped[entry.book.sha256] == nil {
            stopped[entry.book.sha256] = entry
        }
        var bookmarks: [Int: Int] = [:]
        for bookmark in try library.bookmarks(of: nil) { bookmarks[bookmark.bookID, default: 0] += 1 }
        items = entries.map { entry in
            let book = entry.book, history = stopped[book.sha256]
            return ShelfItem(id: book.id, title: book.title, author: book.author, pageCount: book.pageCount,
                             addedAt: book.addedAt, lastPage: history?.page, lastRead: history?.readAt,
                             tags: entry.tags, bookmarks: bookmarks[book.id] ?? 0)
        }
        books = Dictionary(entries.map { ($0.book.id, $0.book) }, uniquingKeysWith: { first, _ in first })
    }
}
