import Foundation
import TestSupport
import XCTest

/// A shared library is safe against its own users: each attack made as the
/// attacker's role, through ibook and through raw SQL (psql as that role).
/// The victims' rows stay as they were; the attacker is told in one line.
final class SharedPrivacyTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!
    private var files: URL!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            // reba reads; eddie edits; rolf is a reader whose role is dropped and made again.
            for role in ["reba", "eddie", "rolf"] { try server.createRole(role) }
            return server
        }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        server = try Self.fixture.value()
        files = try Fixtures.temporaryDirectory("shared-privacy")
    }

    override func tearDown() {
        if let files { try? FileManager.default.removeItem(at: files) }
    }

    /// A new library: eddie its editor, who added lighthouses (#1) and
    /// cafe-culture (#2); reba its reader, with a bookmark on #1 p. 5 and
    /// her place in #1 at p. 3.
    private func library() throws -> (database: String, editor: SharedClient, reader: SharedClient) {
        let database = try server.sharedLibrary()
        try server.grant("reba", "reader", database: database)
        try server.grant("eddie", "editor", database: database)
        let editor = try SharedClient(server: server, database: database, user: "eddie")
        let reader = try SharedClient(server: server, database: database, user: "reba")
        let added = try editor.ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("cafe-culture.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(try reader.ibook("bookmark", "--book", "1", "5", "--note", "reba's").status, 0)
        XCTAssertEqual(try reader.ibook("read", "--book", "1", "3").status, 0)
        return (database, editor, reader)
    }

    /// What psql as the superuser counts.
    private func count(_ sql: String, _ database: String) throws -> String {
        try server.psql(sql, database: database)
    }

    // MARK: - Removing a book

    func testAnEditorsRemoveKeepsTheReadersBookmarksAndHistoryUntilTheBookIsBack() throws {
        let (database, editor, reader) = try library()
        let removed = try editor.ibook("remove", "1")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(try count("SELECT count(*) FROM bookmarks WHERE note = 'reba''s'", database), "1", "no cascade")
        XCTAssertEqual(try count("SELECT count(*) FROM history WHERE owner = 'reba'::regrole", database), "1")
        // A removed book's bookmarks and history are not listed (and nothing fails on them).
        let bookmarks = try reader.ibook("bookmarks", "--all")
        XCTAssertEqual(bookmarks.status, 0, bookmarks.stderr)
        XCTAssertEqual(bookmarks.stdout, "")
        let history = try reader.ibook("history")
        XCTAssertEqual(history.status, 0, history.stderr)
        XCTAssertEqual(history.stdout, "")
        XCTAssertEqual(try reader.ibook("list", "has:bookmarks").stdout, "")

        // The same file added again: they are back, as the reader left them.
        XCTAssertEqual(try editor.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let back = try reader.ibook("bookmarks", "--all")
        XCTAssertTrue(back.stdout.contains("A Field Guide to Lighthouses") && back.stdout.contains("reba's"), back.stdout)
        XCTAssertTrue(try reader.ibook("history").stdout.contains("page 3 of 40"))

        // Raw SQL as the editor: the book goes, the reader's rows stay.
        let deleted = try server.psql(as: "eddie", "DELETE FROM books", database: database)
        XCTAssertEqual(deleted.status, 0, deleted.stderr)
        XCTAssertEqual(try count("SELECT count(*) FROM books", database), "0")
        XCTAssertEqual(try count("SELECT count(*) FROM bookmarks", database) + " " + count("SELECT count(*) FROM history", database), "1 1")
    }

    // MARK: - Other people's rows

    func testAnEditorNeitherSeesNorWritesNorLearnsAboutAReadersRows() throws {
        let (database, editor, _) = try library()
        let reba = try server.psql("SELECT 'reba'::regrole::oid", database: database)
        for sql in ["SELECT count(*) FROM bookmarks", "SELECT count(*) FROM history", "SELECT count(*) FROM state"] {
            XCTAssertEqual(try server.psql(as: "eddie", sql, database: database).stdout, "0\n", sql)
        }
        // Changes to rows that are not the editor's touch nothing.
        for sql in ["UPDATE bookmarks SET note = 'mine'", "DELETE FROM bookmarks", "DELETE FROM history",
                    "UPDATE history SET page = 1", "DELETE FROM state"] {
            let result = try server.psql(as: "eddie", sql, database: database)
            XCTAssertEqual(result.status, 0, "\(sql): \(result.stderr)")
        }
        // A row written in another person's name (their oid, or their name as older ibooks kept it) is refused in one line.
        for owner in [reba, "'reba'::regrole"] {
            let forged = try server.psql(as: "eddie", """
                INSERT INTO bookmarks (owner, sha256, page, note, created_at, updated_at)
                SELECT \(owner), sha256, 7, 'planted', 0, 0 FROM books WHERE id = 2
                """, database: database)
            XCTAssertEqual(forged.status, 1)
            XCTAssertEqual(forged.stderr, "ERROR:  new row violates row-level security policy for table \"bookmarks\"\n")
        }
        let moved = try server.psql(as: "eddie", "UPDATE bookmarks SET owner = \(reba)", database: database)
        XCTAssertEqual(moved.status, 0, "nothing of eddie's to move: \(moved.stderr)")
        XCTAssertEqual(try count("SELECT owner::regrole || ' ' || page || ' ' || note FROM bookmarks", database), "reba 5 reba's")
        XCTAssertEqual(try count("SELECT owner::regrole || ' ' || page FROM history", database), "reba 3")

        // No foreign key tells whether someone bookmarked a book: a bookmarked book's
        // hash changes as freely as one nobody bookmarked.
        XCTAssertEqual(try server.psql(as: "eddie", "DELETE FROM covers", database: database).status, 0)
        for id in [1, 2] {
            let result = try server.psql(as: "eddie", "UPDATE books SET sha256 = repeat('\(id)', 64) WHERE id = \(id) RETURNING id",
                                         database: database)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "\(id)\n")
        }
        XCTAssertEqual(try count("SELECT count(*) FROM bookmarks", database), "1")
        // Through ibook, the editor's own lists are theirs alone.
        XCTAssertEqual(try editor.ibook("bookmarks", "--all").stdout, "")
    }

    // MARK: - A role's name given again

    func testARoleDroppedAndMadeAgainWithTheSameNameFindsNoneOfTheOldRows() throws {
        let (database, _, _) = try library()
        try server.grant("rolf", "reader", database: database)
        let old = try SharedClient(server: server, database: database, user: "rolf")
        XCTAssertEqual(try old.ibook("bookmark", "--book", "2", "4", "--note", "old rolf's").status, 0)
        XCTAssertEqual(try old.ibook("read", "--book", "2", "6").status, 0)
        XCTAssertEqual(try old.ibook("open", "2").status, 0)

        try server.psql("DROP ROLE rolf; CREATE ROLE rolf LOGIN")
        try server.grant("rolf", "reader", database: database)
        let new = try SharedClient(server: server, database: database, user: "rolf")
        XCTAssertEqual(try new.ibook("bookmarks", "--all").stdout, "")
        XCTAssertEqual(try new.ibook("history").stdout, "")
        let open = try new.ibook("read")
        XCTAssertEqual(open.status, 1)
        XCTAssertTrue(open.stderr.hasPrefix("Error: no open book"), open.stderr)
        XCTAssertEqual(try server.psql(as: "rolf", "SELECT count(*) FROM bookmarks", database: database).stdout, "0\n")
        // The same page bookmarked again is a new bookmark of the new rolf's, not the old one's note.
        let again = try new.ibook("bookmark", "--book", "2", "4", "--note", "new rolf's")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try new.ibook("bookmarks", "--all", "--json").stdout.contains("old rolf's"), false)
        XCTAssertEqual(try new.ibook("read", "--book", "2", "1").status, 0)
        XCTAssertEqual(try count("SELECT count(*) FROM bookmarks WHERE note = 'old rolf''s'", database), "1",
                       "the old rows stay, nobody's now")
    }

    // MARK: - Values the server refuses

    func testTheServerRefusesAHashThatIsNoHashAndAYearThatIsNoNumber() throws {
        let (database, _, reader) = try library()
        let refusals: [(String, String)] = [
            ("""
             INSERT INTO books (sha256, path, size, title, author, page_count, added_at)
             VALUES ('../../../x', '/tmp/x.pdf', 1, 'x', 'x', 1, 0)
             """, "books_sha256_hex"),
            ("UPDATE books SET sha256 = upper(sha256) WHERE id = 1", "books_sha256_hex"),
            ("UPDATE covers SET sha256 = '../x'", "covers_sha256_hex"),
            ("INSERT INTO book_fields (book_id, field, value) VALUES (1, 'year', 'MCMXC')", "book_fields_numbers"),
            ("INSERT INTO book_fields (book_id, field, value) VALUES (1, 'year', '1990.5')", "book_fields_numbers"),
            ("INSERT INTO book_fields (book_id, field, value) VALUES (2, 'rating', '9')", "book_fields_numbers"),
            ("UPDATE books SET created = 'NaN'", "books_created_range"),
            ("UPDATE books SET modified = 'Infinity'", "books_modified_range"),
            ("UPDATE books SET added_at = 1e300", "books_added_at_range"),
        ]
        for (sql, constraint) in refusals {
            let result = try server.psql(as: "eddie", sql, database: database)
            XCTAssertEqual(result.status, 1, sql)
            XCTAssertTrue(result.stderr.hasPrefix("ERROR:  new row for relation") && result.stderr.contains("\"\(constraint)\""),
                          "\(sql): \(result.stderr)")
        }
        let own = try server.psql(as: "reba", """
            INSERT INTO bookmarks (sha256, page, created_at, updated_at) VALUES ('../../x', 1, 0, 0)
            """, database: database)
        XCTAssertEqual(own.status, 1)
        XCTAssertTrue(own.stderr.contains("\"bookmarks_sha256_hex\""), own.stderr)
        XCTAssertEqual(try server.psql(as: "eddie", "INSERT INTO book_fields (book_id, field, value) VALUES (1, 'year', '1990')",
                                       database: database).status, 0)
        // Queries that read years and ratings as numbers work for everyone.
        for query in [["year:>1980"], ["year:1990"], ["rating:>1"], ["-year:<1000"]] {
            let result = try reader.ibook(["list"] + query)
            XCTAssertEqual(result.status, 0, "\(query): \(result.stderr)")
        }
        XCTAssertTrue(try reader.ibook("list", "year:1990").stdout.contains("Lighthouses"))
    }
}
