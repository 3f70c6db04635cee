import Foundation
import Postgres
import TestSupport
import XCTest

@testable import BookLibrary
@testable import PostgresStore

/// Libraries made by an older ibook (schema up to pg-7: the server-wide
/// ibook_reader and ibook_editor, rows owned by a role's name, bookmarks
/// hanging on the catalog) upgraded by `ibook server init`.
final class SharedUpgradeTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            for role in ["carla", "dan", "ghost"] { try server.createRole(role) }
            return server
        }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        server = try Self.fixture.value()
    }

    /// A database as the last ibook before pg-8 left it, with one book.
    private func olderLibrary(_ name: String, sha256: String = String(repeating: "ab", count: 32)) throws {
        try server.createDatabase(name)
        let connection = try PostgresConnection(url: server.url(database: name))
        try PostgresSchema.migrator().migrate(connection, upTo: "pg-7-kana-voicing-marks")
        try connection.execute("""
            INSERT INTO books (sha256, path, size, title, author, page_count, added_at, created)
            VALUES (?, '/books/old.pdf', 1, 'An Old Book', 'Someone', 12, 0, 631152000)
            """, [sha256])
    }

    private func initialise(_ database: String) throws -> Run.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        return try Run.process(Run.ibookPath, ["server", "init", server.url(database: database)], environment: environment)
    }

    func testAnUpgradeGivesTheHoldersOfTheServerWideRolesThisLibrarysAndKeepsTheirRows() throws {
        try olderLibrary("older1")
        try olderLibrary("older2")
        try server.psql("GRANT ibook_reader TO carla, ghost; GRANT ibook_editor TO dan")
        for (user, sql) in [("carla", "INSERT INTO bookmarks (sha256, page, note, created_at, updated_at) SELECT sha256, 3, 'carla''s', 0, 0 FROM books"),
                            ("carla", "INSERT INTO history (sha256, page, read_at) SELECT sha256, 4, 0 FROM books"),
                            ("ghost", "INSERT INTO bookmarks (sha256, page, note, created_at, updated_at) SELECT sha256, 3, 'ghost''s', 0, 0 FROM books")] {
            let result = try server.psql(as: user, sql, database: "older1")
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        // ghost leaves before the upgrade: nobody can see the rows left under the name again.
        try server.psql("DROP ROLE ghost")

        let upgraded = try initialise("older1")
        XCTAssertEqual(upgraded.status, 0, upgraded.stderr)
        XCTAssertTrue(upgraded.stdout.contains("applied pg-8-private-rows-by-role-oid, pg-9-library-roles, pg-10-value-checks, pg-11-session-bounds, pg-12-letters-and-hyphen-chains, pg-13-book-formats, pg-14-book-terms)"), upgraded.stdout)
        XCTAssertTrue(upgraded.stdout.hasSuffix("Readers: carla; editors: dan\n"), upgraded.stdout)
        XCTAssertEqual(try server.psql("""
            SELECT string_agg(m.rolname || ' ' || g.rolname, ', ' ORDER BY m.rolname) FROM pg_auth_members a
            JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member WHERE g.rolname LIKE 'ibook\\_older1\\_%'
              AND m.rolname NOT LIKE 'ibook%'
            """), "carla ibook_older1_reader, dan ibook_older1_editor")
        XCTAssertEqual(try server.psql("""
            SELECT count(*) FROM information_schema.role_table_grants WHERE grantee IN ('ibook_reader', 'ibook_editor')
            """, database: "older1"), "0", "the server-wide roles have no rights here any more")
        XCTAssertEqual(try server.psql("SELECT owner::regrole || ' ' || note FROM bookmarks", database: "older1"), "carla carla's",
                       "the rows of a role that is gone went with it")

        let carla = try SharedClient(server: server, database: "older1", user: "carla")
        XCTAssertTrue(try carla.ibook("bookmarks", "--all").stdout.contains("carla's"))
        XCTAssertTrue(try carla.ibook("history").stdout.contains("An Old Book"))
        // A new person given the name later does not inherit them.
        try server.psql("CREATE ROLE ghost LOGIN")
        try server.grant("ghost", "reader", database: "older1")
        XCTAssertEqual(try SharedClient(server: server, database: "older1", user: "ghost").ibook("bookmarks", "--all").stdout, "")

        // Another library still grants the server-wide roles rights: they stay, and a grant says where they reach.
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname IN ('ibook_reader', 'ibook_editor')"), "2")
        let warned = try server.grant("carla", "reader", database: "older1")
        XCTAssertEqual(warned.stderrLines, [
            "Warning: carla still holds the server-wide role ibook_reader of older ibooks, which other libraries on this server may grant rights to (REVOKE \"ibook_reader\" FROM \"carla\")",
            "Warning: carla (or a role it belongs to) also has rights in other databases of this server: older2",
        ])
        // Once the last library is upgraded, nothing grants them anything and they go.
        XCTAssertEqual(try initialise("older2").status, 0)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname IN ('ibook_reader', 'ibook_editor')"), "0")
        // carla was given older2's reader role as well (she held ibook_reader): the owner is told.
        XCTAssertEqual(try server.grant("carla", "reader", database: "older1").stderrLines,
                       ["Warning: carla (or a role it belongs to) also has rights in other databases of this server: older2"])
        XCTAssertTrue(try SharedClient(server: server, database: "older2", user: "carla").ibook("list").stdout.contains("An Old Book"))
    }

    func testAnUpgradeRefusesBooksWhoseHashIsNoHashAndChangesNothing() throws {
        try olderLibrary("older3", sha256: "../../../etc/passwd")
        try server.psql("INSERT INTO book_fields (book_id, field, value) SELECT id, 'year', 'nineteen-ninety' FROM books", database: "older3")
        let refused = try initialise("older3")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Error: 1 book has a sha256 that is not 64 lowercase hexadecimal digits, which ibook never writes: delete it (DELETE FROM books WHERE sha256 !~ '^[0-9a-f]{64}$'), then run 'ibook server init' again (nothing was changed)\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM schema_migrations", database: "older3"), "7")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname LIKE 'ibook\\_older3\\_%'"), "0")
        XCTAssertEqual(try server.psql("SELECT data_type FROM information_schema.columns WHERE table_name = 'bookmarks' AND column_name = 'owner'",
                                       database: "older3"), "text")

        // The owner fixes it; the upgrade forgets the year no query could read as one, and `year:` works.
        try server.psql("UPDATE books SET sha256 = repeat('c', 64)", database: "older3")
        XCTAssertEqual(try initialise("older3").status, 0)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM book_fields", database: "older3"), "0")
        let listed = try SharedClient(server: server, database: "older3").ibook("list", "year:1990")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("An Old Book"), listed.stdout)
    }
}
