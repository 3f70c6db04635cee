import BookLibrary

/// The library as the shelf shows it: every book with its tags, where its
/// reading stopped (the history) and how many bookmarks it has, read in a
/// few whole-library queries rather than several per book; and the
/// collections and bookmarks the sections list.
public struct ShelfBooks {
    public let items: [ShelfItem]
    /// The books themselves by id, for opening one and finding its cover.
    public let books: [Int: Book]
    public let collections: [ShelfCollection]
    /// Every bookmark as a place to read at, its note as the words after it.
    public let bookmarks: [ShelfHit]

    public init(library: Library) throws {
        let entries = try library.catalog()
        var stopped: [String: HistoryEntry] = [:]
        for entry in try library.history() where stopped[entry.book.sha256] == nil {
            stopped[entry.book.sha256] = entry
        }
        var bookmarks: [Int: Int] = [:]
        let marks = try library.bookmarks(of: nil)
        for bookmark in marks { bookmarks[bookmark.bookID, default: 0] += 1 }
        self.bookmarks = marks.map { mark in
            ShelfHit(bookID: mark.bookID, title: mark.bookTitle, page: mark.page,
                     label: mark.label.flatMap { $0 == String(mark.page) || $0.isEmpty ? nil : $0 },
                     before: "", match: "", after: mark.note ?? "")
        }
        collections = try library.collections().map { collection in
            ShelfCollection(name: collection.name, bookIDs: try library.books(in: collection.name).map(\.id))
        }
        items = entries.map { entry in
            let book = entry.book, history = stopped[book.sha256]
            return ShelfItem(id: book.id, title: book.title, author: book.author, pageCount: book.pageCount,
                             addedAt: book.addedAt, lastPage: history?.page, lastRead: history?.readAt,
                             tags: entry.tags, bookmarks: bookmarks[book.id] ?? 0, rating: entry.details.rating)
        }
        books = Dictionary(entries.map { ($0.book.id, $0.book) }, uniquingKeysWith: { first, _ in first })
    }
}
