@testable import BookLibrary
@testable import SQLiteStore
import Deflate
import Foundation
import Store
import TestSupport
import XCTest

/// A library written before migration 3 is upgraded in place from its stored text.
final class NormalisedIndexMigrationTests: XCTestCase {
    /// What migrations 1 and 2 made, written with raw SQL as an older ibook would have.
    private func makeOldLibrary(at path: String, pages: [String]) throws {
        let db = try Database(path: path)
        try db.execute("""
            CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at REAL);
            INSERT INTO schema_migrations VALUES ('1-books', 0), ('2-page-row-ranges', 0);
            CREATE TABLE books (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE, path TEXT NOT NULL,
                size INTEGER NOT NULL, title TEXT NOT NULL, author TEXT NOT NULL, subject TEXT, keywords TEXT,
                creator TEXT, producer TEXT, created REAL, modified REAL, page_count INTEGER NOT NULL,
                added_at REAL NOT NULL, first_page_row INTEGER NOT NULL DEFAULT 0,
                last_page_row INTEGER NOT NULL DEFAULT -1);
            CREATE TABLE pages (id INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                page INTEGER NOT NULL, label TEXT, text TEXT NOT NULL, UNIQUE (book_id, page));
            CREATE INDEX pages_label ON pages(book_id, label);
            CREATE VIRTUAL TABLE page_index USING fts5(text, content='pages', content_rowid='id',
                tokenize='unicode61 remove_diacritics 2');
            CREATE TABLE outline (book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                position INTEGER NOT NULL, depth INTEGER NOT NULL, title TEXT NOT NULL, page INTEGER,
                PRIMARY KEY (book_id, position)) WITHOUT ROWID;
            CREATE TABLE bookmarks (sha256 TEXT NOT NULL REFERENCES books(sha256) ON DELETE CASCADE,
                page INTEGER NOT NULL, note TEXT, created_at REAL NOT NULL, updated_at REAL NOT NULL,
                PRIMARY KEY (sha256, page)) WITHOUT ROWID;
            CREATE TABLE history (sha256 TEXT PRIMARY KEY REFERENCES books(sha256) ON DELETE CASCADE,
                page INTEGER NOT NULL, read_at REAL NOT NULL) WITHOUT ROWID;
            CREATE INDEX history_read_at ON history(read_at);
            CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            """)
        try db.execute("""
            INSERT INTO books (id, sha256, path, size, title, author, page_count, added_at, first_page_row, last_page_row)
            VALUES (1, 'abc', '/nowhere/old.pdf', 1, 'Old Manual', 'Unknown', ?, 0, 1, ?)
            """, [pages.count, pages.count])
        for (number, text) in pages.enumerated() {
            try db.execute("INSERT INTO pages (id, book_id, page, label, text) VALUES (?, 1, ?, NULL, ?)",
                           [number + 1, number + 1, Self.deflated(text)])
            try db.execute("INSERT INTO page_index (rowid, text) VALUES (?, ?)", [number + 1, text])
        }
    }

    /// Page text as ibook stored it before LZ4: its length, then a zlib stream.
    private static func deflated(_ text: String) -> SQLValue {
        let bytes = Array(text.utf8)
        return .blob(withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init)
            + bytes.withUnsafeBytes { Deflater.zlib($0, level: 6) })
    }

    func testAnOldLibraryIsReindexedFromItsStoredTextWithProgress() throws {
        let root = try Fixtures.temporaryDirectory("upgrade")
        defer { try? FileManager.default.removeItem(at: root) }
        let location = LibraryLocation(directory: root.path, thumbnailDirectory: root.appendingPathComponent("t").path)
        let filler = String(repeating: "The keeper of the light said that it was not far from the harbour. ", count: 4)
        var pages = (1...30).map { "Page \($0). " + filler }
        pages[6] = "provided the copy-\nright notice is kept with the LibreOﬀice ﬁles. " + filler
        try makeOldLibrary(at: location.databasePath, pages: pages)

        var progress: [UpgradeProgress] = []
        let library = try Library(location: location) { progress.append($0) }
        let pageIndexProgress = progress.filter { $0.step == "3-normalised-index" }
        XCTAssertEqual(pageIndexProgress.last, UpgradeProgress(step: "3-normalised-index", done: 30, total: 30))
        XCTAssertEqual(pageIndexProgress.count, 30)
        XCTAssertEqual(progress.last { $0.step == "4-book-ranking" }, UpgradeProgress(step: "4-book-ranking", done: 30, total: 30),
                       "then the book index, a book at a time, from the same text")
        XCTAssertEqual(progress.filter { $0.step == "12-index-variants" }.map(\.done), [0, 1],
                       "then the variant terms, in one statement: begun, done")
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM index_variants WHERE term IN ('copyright', 'notic')"),
                       .integer(2), "the joined word and a stem")
        XCTAssertEqual(progress.filter { $0.step == "13-lz4-page-text" }.map(\.done), [0, 30],
                       "then the deflated text is stored again as LZ4, a batch at a time")
        XCTAssertEqual(progress.filter { $0.step == "14-kana-voicing-marks" }.map(\.done), [0, 30],
                       "then every page is looked over for a kana's voicing mark written apart (none here)")
        let stored = try library.database.query("SELECT page, text FROM pages ORDER BY page")
        XCTAssertEqual(stored.count, 30)
        for row in stored {
            XCTAssertFalse(StoredText.isDeflated(row["text"]), "page \(row.int("page") ?? 0)")
            XCTAssertEqual(try StoredText.decode(row["text"]), pages[(row.int("page") ?? 0) - 1])
        }
        XCTAssertEqual(try library.database.scalar("SELECT language FROM books"), .text("en"))
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM page_index_docsize"), .integer(30))

        let book = try library.book(named: "Old Manual")
        for query in ["copyright", "libreoffice", "files"] {
            var found: [Int] = []
            _ = try library.search(query, scope: .book(book)) { found.append($0.page) }
            XCTAssertEqual(found, [7], query)
        }
        var keepers: [Int] = []
        _ = try library.search("keepers", scope: .all) { keepers.append($0.page) }
        XCTAssertEqual(Set(keepers).count, 30, "stemmed: keepers finds keeper")

        try library.remove("Old Manual")
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM page_index_docsize"), .integer(0))
        try library.database.execute("INSERT INTO page_index(page_index) VALUES('integrity-check')")
        try library.database.execute("INSERT INTO book_index(book_index) VALUES('integrity-check')")
    }
}
