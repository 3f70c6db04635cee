import BookLibrary

/// The library as the shelf shows it: every book with where its reading
/// stopped (the history), read in whole-library queries rather than per book.
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
        items = entries.map { entry in
            let book = entry.book, history = stopped[book.sha256]
            return ShelfItem(id: book.id, title: book.title, author: book.author, pageCount: book.pageCount,
                             addedAt: book.addedAt, lastPage: history?.page, lastRead: history?.readAt)
        }
        books = Dictionary(entries.map { ($0.book.id, $0.book) }, uniquingKeysWith: { first, _ in first })
    }
}
