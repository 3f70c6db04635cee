import BookLibrary
import Store
import TextSearch

/// A library in an SQLite file of this machine: FTS5 indexes, OCR text and
/// annotations beside the catalog (see `Schema`).
final class LocalStore: LocalLibraryStore {
    let database: Database
    var engine: any SQLEngine { database }
    var capabilities: LibraryCapabilities { .local }
    var roots: MachineRoots? { nil }
    var local: (any LocalLibraryStore)? { self }

    init(database: Database) {
        self.database = database
    }

    func insert(_ book: NewBook, cover: [UInt8]?,
                pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> CatalogInsertion {
        do {
            return try LocalBookWriter(database: database).write(book, pages: pages)
        } catch let error as DatabaseError {
            // The book that did not fit was rolled back, but its pages still
            // fill the write-ahead log: truncating it gives the disk back, so
            // the library can still be written (a bookmark, a smaller book).
            if error.isDiskFull { _ = try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
            throw error
        }
    }

    func removeIndexedText(ofBook bookID: Int) throws {
        // The indexes are contentless: their rows go with the input they were made from, before the pages.
        try SearchIndex(database: database).remove(bookID: bookID)
        try database.execute("DELETE FROM pages WHERE book_id = ?", [bookID])
    }

    func reindex(bookID: Int, language: BookLanguage) throws {
        try SearchIndex(database: database).reindex(bookID: bookID, language: language)
    }

    func search(_ text: String, scope: SearchScope, exact: Bool, limit: Int?,
                onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        try SearchFlow(engine: Search(database: database)).run(text, scope: scope, exact: exact, limit: limit, onHit: onHit)
    }

    func ocr(of book: Book, page: Int) throws -> PageOCR? {
        try OCRPages(store: self).ocr(book, page: page)
    }

    func requireMayAddBooks() throws {}

    func materialiseCover(of book: Book, at path: String) throws {}

    func reindexPage(rowID: Int64, bookID: Int, newText: String) throws {
        try SearchIndex(database: database).replacePage(rowID: rowID, bookID: bookID, newText: newText)
    }

    func reindexPages(bookID: Int, newTexts: [Int64: String]) throws {
        try SearchIndex(database: database).replacePages(bookID: bookID, newTexts: newTexts)
    }

    func verifyIndex() throws -> IndexCheck {
        try FullTextIndex(database: database).verify()
    }

    func rebuildIndex() throws -> Int {
        try FullTextIndex(database: database).rebuild()
    }
}
