import LeanBasics
import FoundationEssentials
import Glibc
import Store

public struct Bookmark: Codable, Sendable {
    public var bookID: Int
    public var bookTitle: String
    public var page: Int
    public var label: String?
    public var note: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(bookID: Int, bookTitle: String, page: Int, label: String?, note: String?, createdAt: Date, updatedAt: Date) {
        self.bookID = bookID
        self.bookTitle = bookTitle
        self.page = page
        self.label = label
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Bookmarks belong to a book's content (hash): they survive moves and re-adds.
struct Bookmarks {
    let database: any SQLEngine

    /// Adds a bookmark, or updates the note of the one already on that page.
    func set(_ book: Book, page: Int, note: String?) throws -> (Bookmark, created: Bool) {
        let dialect = database.dialect
        return try database.transaction {
            let existed = try database.queryRow(
                "SELECT 1 FROM bookmarks WHERE sha256 = ? AND page = ? AND \(dialect.ownRows())", [book.sha256, page]) != nil
            let now = Date()
            try database.execute("""
                INSERT INTO bookmarks (sha256, page, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(\(dialect.ownKey("sha256, page"))) DO UPDATE SET note = coalesce(excluded.note, bookmarks.note),
                    updated_at = excluded.updated_at
                """, [book.sha256, page, note, now, now])
            guard let bookmark = try list(book: book).first(where: { $0.page == page }) else {
                throw LibraryError.bookmarkNotFound(page: page)
            }
            return (bookmark, !existed)
        }
    }

    func delete(_ book: Book, page: Int) throws {
        try database.execute("DELETE FROM bookmarks WHERE sha256 = ? AND page = ? AND \(database.dialect.ownRows())",
                             [book.sha256, page])
        guard database.changes > 0 else { throw LibraryError.bookmarkNotFound(page: page) }
    }

    /// One book's bookmarks in page order, or every book's (by title) when nil.
    func list(book: Book?) throws -> [Bookmark] {
        let dialect = database.dialect
        let filter = "WHERE " + dialect.ownRows("k") + (book == nil ? "" : " AND k.sha256 = ?")
        let rows = try database.query("""
            SELECT b.id, b.title, k.page, p.label, k.note, k.created_at, k.updated_at
            FROM bookmarks k JOIN books b ON b.sha256 = k.sha256
            LEFT JOIN pages p ON p.book_id = b.id AND p.page = k.page
            \(filter) ORDER BY \(dialect.caseless("b.title")), b.id, k.page
            """, book.map { [$0.sha256] } ?? [])
        return try rows.map { row in
            Bookmark(bookID: try row.required("id", Row.int), bookTitle: TerminalText.line(try row.required("title", Row.string)),
                     page: try row.required("page", Row.int),
                     label: row.string("label"), note: row.string("note").map(TerminalText.lines),
                     createdAt: try row.required("created_at", Row.date), updatedAt: try row.required("updated_at", Row.date))
        }
    }
}

extension Library {
    /// Bookmarks a page (number or label); the same page again updates its note.
    public func bookmark(_ book: Book, page reference: PageReference, note: String?) throws -> (Bookmark, created: Bool) {
        try requireWritable()
        let location = try PageResolver(database: engine).resolve(reference, in: book)
        return try Bookmarks(database: engine).set(book, page: location.page, note: note)
    }

    public func deleteBookmark(_ book: Book, page reference: PageReference) throws -> PageLocation {
        try requireWritable()
        let location = try PageResolver(database: engine).resolve(reference, in: book)
        try Bookmarks(database: engine).delete(book, page: location.page)
        return location
    }

    /// One book's bookmarks, or all of them when `book` is nil.
    public func bookmarks(of book: Book?) throws -> [Bookmark] {
        try Bookmarks(database: engine).list(book: book)
    }
}
