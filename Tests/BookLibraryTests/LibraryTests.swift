import BookIndexing
@testable import BookLibrary
@testable import SQLiteStore
import Foundation
import Store
import TestSupport
import XCTest

/// The library core in this process, against a real SQLite file.
final class LibraryTests: ScratchLibraryTestCase {
    override class var folderName: String { "core" }

    private func add(_ paths: [String]) -> [AddResult] {
        var results: [AddResult] = []
        _ = library.add(paths: paths, options: AddOptions(), onResult: { results.append($0) })
        return results
    }

    func testLocationFollowsFlagThenEnvironmentThenXDG() {
        let environment = ["HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache"]
        XCTAssertEqual(LibraryLocation.resolve(flag: "/x", environment: environment).directory, "/x")
        XCTAssertEqual(LibraryLocation.resolve(flag: nil, environment: environment.merging(["IBOOK_LIBRARY": "/y"]) { $1 }).directory, "/y")
        XCTAssertEqual(LibraryLocation.resolve(flag: nil, environment: environment).directory, "/data/ibook")
        XCTAssertEqual(LibraryLocation.resolve(flag: nil, environment: ["HOME": "/home/ann"]).directory, "/home/ann/.local/share/ibook")
        XCTAssertEqual(LibraryLocation.resolve(flag: nil, environment: environment).thumbnailDirectory, "/cache/ibook/thumbnails")
    }

    func testLocationReadsItsVariablesFromTheProcessEnvironment() {
        let names = ["HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "IBOOK_LIBRARY"]
        let saved = names.map { name in getenv(name).map { String(cString: $0) } }
        defer {
            for (name, value) in zip(names, saved) {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        setenv("HOME", "/home/zoë", 1)
        setenv("XDG_CACHE_HOME", "/cache", 1)
        unsetenv("XDG_DATA_HOME")
        unsetenv("IBOOK_LIBRARY")
        XCTAssertEqual(LibraryLocation.environment(), ["HOME": "/home/zoë", "XDG_CACHE_HOME": "/cache"])
        XCTAssertEqual(LibraryLocation.resolve(flag: nil).directory, "/home/zoë/.local/share/ibook")
        XCTAssertEqual(LibraryLocation.resolve(flag: nil).thumbnailDirectory, "/cache/ibook/thumbnails")
        setenv("IBOOK_LIBRARY", "/shelf", 1)
        XCTAssertEqual(LibraryLocation.resolve(flag: nil).directory, "/shelf")
    }

    func testABookNamedWithSpacesAroundItIsFound() throws {
        XCTAssertEqual(add([Fixtures.sampleBook("lighthouses.pdf")]).map(\.status), [.added])
        let book = try library.list()[0]
        // Spaces and tabs (Unicode's space separators, as Foundation's .whitespaces has them) around
        // an id or a title are not part of it; a line break is.
        XCTAssertEqual(try library.book(named: " \t\(book.id)\u{00A0}").id, book.id)
        XCTAssertEqual(try library.book(named: "\u{3000}Lighthouses ").id, book.id)
        XCTAssertThrowsError(try library.book(named: " \t "))
    }

    func testDatabaseIsWALWithMigrationsRecorded() throws {
        XCTAssertEqual(try library.database.scalar("PRAGMA journal_mode"), .text("wal"))
        XCTAssertEqual(try library.database.scalar("PRAGMA foreign_keys"), .integer(1))
        XCTAssertEqual(try Schema.migrator().appliedMigrations(library.database), ["1-books", "2-page-row-ranges", "3-normalised-index", "4-book-ranking", "5-curation", "7-ocr", "8-annotations", "10-language-source", "11-annotations-read", "12-index-variants", "13-lz4-page-text", "14-kana-voicing-marks", "15-letters-and-hyphen-chains", "16-book-formats", "17-annotation-ranges", "18-ocr-queue", "20-web-tokens"])
    }

    /// Opening reads what is pending first, so `ibook list` neither waits for
    /// nor blocks a writer in another process (an `add` in progress).
    func testOpeningAnUpToDateLibraryTakesNoWriteLock() throws {
        let writer = try Database(path: library.location.databasePath)
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        let reopened = try Library(location: library.location)
        XCTAssertFalse(reopened.isReadOnly)
        XCTAssertEqual(try reopened.list().count, 0)
    }

    /// Books enter the library only through Catalog.insert: a book whose
    /// pages stop coming (a worker dying midway) leaves nothing behind.
    func testInsertIsOneTransactionAndRefusesTheSameContentTwice() throws {
        struct Stopped: Error {}
        var book = NewBook(sha256: String(repeating: "ab", count: 32), path: "/books/a.pdf", size: 10,
                           choice: MetadataChoice(title: "A", titleSource: .metadata, author: "Ann", authorSource: .metadata), pageCount: 3)
        book.outline = [NewBook.OutlineItem(depth: 0, title: "One", page: 1)]
        XCTAssertThrowsError(try library.insert(book) { add in
            try add(NewPage(page: 1, label: "i", text: "quixotic lighthouse keepers"))
            throw Stopped()
        })
        for table in ["books", "pages", "outline", "page_index_docsize"] {
            XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM \(table)"), .integer(0), table)
        }
        guard case .added(let added) = try library.insert(book, pages: { add in
            for page in 1...3 { try add(NewPage(page: page, label: nil, text: "quixotic page \(page)")) }
        }) else { return XCTFail("added") }
        XCTAssertEqual(added.title, "A")
        XCTAssertEqual(try library.tableOfContents(added).map(\.title), ["One"])
        XCTAssertTrue(try library.checkIndex().problems.isEmpty)
        var hits: [SearchHit] = []
        _ = try library.search("quixotic", scope: .all) { hits.append($0) }
        XCTAssertEqual(hits.map(\.page), [1, 2, 3])
        guard case .alreadyPresent(let same) = try library.insert(book, pages: { _ in XCTFail("not read again") }) else {
            return XCTFail("the same content is not added twice")
        }
        XCTAssertEqual(same.id, added.id)
    }

    func testAddStoresEveryPageInTheIndexAndRemoveTakesItAllBack() throws {
        let results = add([Fixtures.sampleBook("cjk-seasons.pdf"), Fixtures.sampleBook("cafe-culture.pdf")])
        XCTAssertEqual(results.map(\.status), [.added, .added])
        let pages = try library.list().reduce(0) { $0 + $1.pageCount }
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM pages"), .integer(Int64(pages)))
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM page_index_docsize"), .integer(Int64(pages)))

        var hits: [SearchHit] = []
        _ = try library.search("図書館", scope: .all) { hits.append($0) }
        XCTAssertFalse(hits.isEmpty)

        let cjk = try library.book(named: "東京")
        try library.remove(String(cjk.id))
        hits = []
        _ = try library.search("図書館", scope: .all) { hits.append($0) }
        XCTAssertTrue(hits.isEmpty, "removed pages leave the index")
        let remaining = try library.list().reduce(0) { $0 + $1.pageCount }
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM page_index_docsize"), .integer(Int64(remaining)))
        try library.database.execute("INSERT INTO page_index(page_index) VALUES('integrity-check')")
    }

    func testEmptyQueryIsAnError() throws {
        _ = add([Fixtures.sampleBook("untitled-notes.pdf")])
        XCTAssertThrowsError(try library.search("  \"()* ", scope: .all) { _ in }) { error in
            XCTAssertEqual(error as? LibraryError, .emptyQuery)
        }
    }
}

final class MigrationTests: XCTestCase {
    func testALibraryFromTheFirstSchemaGetsPageRowRangesAndSearchesAsBefore() throws {
        let root = try Fixtures.temporaryDirectory("migrate")
        defer { try? FileManager.default.removeItem(at: root) }
        let location = LibraryLocation(directory: root.path, thumbnailDirectory: root.appendingPathComponent("t").path)
        var library: Library? = try Library(location: location)
        _ = library?.add(paths: [Fixtures.sampleBook("cafe-culture.pdf"), Fixtures.sampleBook("lighthouses.pdf")],
                         options: AddOptions())
        // Back to what version 1 wrote: no row ranges, migration 2 not applied.
        try library?.database.execute("""
            ALTER TABLE books DROP COLUMN first_page_row;
            ALTER TABLE books DROP COLUMN last_page_row;
            DELETE FROM schema_migrations WHERE id = '2-page-row-ranges';
            """)
        library = nil
        let reopened = try Library(location: location)
        var pages: [Int] = []
        _ = try reopened.search("quiet harbour lights", scope: .all) { pages.append($0.page) }
        XCTAssertEqual(pages, [8, 30])
        let cafe = try reopened.book(named: "cafe")
        pages = []
        _ = try reopened.search("façade", scope: .book(cafe)) { pages.append($0.page) }
        XCTAssertEqual(pages, [3, 10])
    }
}
