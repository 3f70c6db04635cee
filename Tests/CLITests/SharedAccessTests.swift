import Foundation
import TestSupport
import XCTest

/// Who may do what on a shared library: its own reader and editor roles,
/// `ibook server grant` and `revoke` with their warnings, and `server init`
/// checking its rights before it changes anything.
final class SharedAccessTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            for role in ["ada", "ed", "eve", "greta", "walt", "olga"] { try server.createRole(role) }
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

    private func roles(of user: String) throws -> String {
        try server.psql("""
            SELECT coalesce(string_agg(g.rolname, ',' ORDER BY g.rolname), '') FROM pg_auth_members a
            JOIN pg_roles g ON g.oid = a.roleid WHERE a.member = '\(user)'::regrole
            """)
    }

    // MARK: - Roles of one library

    func testAnEditorOfOneLibraryIsNothingOnAnother() throws {
        let team = try server.sharedLibrary(), other = try server.sharedLibrary()
        let granted = try server.grant("ed", "editor", database: team)
        XCTAssertEqual(granted.stdout, "ed is now an editor of \(server.url(database: team)) (ibook_\(team)_editor)\n")
        XCTAssertEqual(granted.stderr, "")
        let there = try SharedClient(server: server, database: team, user: "ed")
        XCTAssertEqual(try there.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)

        let elsewhere = try SharedClient(server: server, database: other, user: "ed")
        for arguments in [["list"], ["add", Fixtures.sampleBook("cafe-culture.pdf")], ["bookmarks", "--all"]] {
            let refused = try elsewhere.ibook(arguments)
            XCTAssertEqual(refused.status, 1, "\(arguments)")
            XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
            XCTAssertTrue(refused.stderr.hasPrefix("Error: your PostgreSQL role may not do this on the shared library"), refused.stderr)
        }
        for sql in ["SELECT count(*) FROM books", "INSERT INTO books (sha256, path, size, title, author, page_count, added_at) "
                    + "VALUES (repeat('a', 64), '/x.pdf', 1, 'x', 'x', 1, 0)", "SET ROLE ibook_\(other)_editor"] {
            let result = try server.psql(as: "ed", sql, database: other)
            XCTAssertEqual(result.status, 1, sql)
            XCTAssertTrue(result.stderr.hasPrefix("ERROR:  permission denied"), "\(sql): \(result.stderr)")
        }
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books", database: other), "0")
        XCTAssertEqual(try roles(of: "ed"), "ibook_\(team)_editor")
    }

    func testGrantGivesOneRoleAndRevokeTakesItBackKeepingThePersonsRows() throws {
        let database = try server.sharedLibrary()
        try server.grant("eve", "editor", database: database)
        XCTAssertEqual(try SharedClient(server: server, database: database, user: "eve")
            .ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let ada = try SharedClient(server: server, database: database, user: "ada")
        try server.grant("ada", "editor", database: database)
        XCTAssertEqual(try roles(of: "ada"), "ibook_\(database)_editor")
        let reader = try server.grant("ada", "reader", database: database)
        XCTAssertEqual(reader.stdout, "ada is now a reader of \(server.url(database: database)) (ibook_\(database)_reader)\n")
        XCTAssertEqual(try roles(of: "ada"), "ibook_\(database)_reader", "a reader and no longer an editor")
        XCTAssertEqual(try ada.ibook("bookmark", "--book", "1", "2", "--note", "ada's").status, 0)

        let revoked = try server.ibookServer(["revoke", "ada"], database: database)
        XCTAssertEqual(revoked.status, 0, revoked.stderr)
        XCTAssertEqual(revoked.stdout, "ada no longer has ibook_\(database)_reader on \(server.url(database: database))\n")
        let refused = try ada.ibook("bookmarks", "--all")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM bookmarks", database: database), "1", "her rows stay")
        let nothing = try server.ibookServer(["revoke", "ada"], database: database)
        XCTAssertEqual(nothing.stdout, "ada had no role of \(server.url(database: database)) to take back\n")

        try server.grant("ada", "reader", database: database)
        XCTAssertTrue(try ada.ibook("bookmarks", "--all").stdout.contains("ada's"), "granted again, she finds them")

        // JSON for scripts, and one-line refusals.
        let json = try server.ibookServer(["grant", "ada", "editor", "--json"], database: database)
        let change = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(change["access"] as? String, "editor")
        XCTAssertEqual(change["roles"] as? [String], ["ibook_\(database)_editor"])
        let cases: [([String], Int32, String)] = [
            (["grant", "nobody_here", "reader"], 1,
             "Error: no role named 'nobody_here' on the PostgreSQL server: create it first (CREATE ROLE \"nobody_here\" LOGIN)\n"),
            (["grant", "ibook_\(database)_editor", "reader"], 1,
             "Error: 'ibook_\(database)_editor' is one of ibook's roles, not a person's: grant the library to the role a person logs in as\n"),
            (["grant", "ada", "owner"], 64, "Error: 'owner' is not an access: give reader or editor\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try server.ibookServer(arguments, database: database)
            XCTAssertEqual(result.status, status, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
    }

    func testAReaderCannotGrantHimselfMore() throws {
        let database = try server.sharedLibrary()
        try server.grant("greta", "reader", database: database)
        let result = try server.ibookServer(["grant", "greta", "editor"], user: "greta", database: database)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Error: only a superuser, a role with CREATEROLE, or one with ADMIN OPTION on ibook_\(database)_editor can grant or revoke it: "),
                      result.stderr)
        let raw = try server.psql(as: "greta", "GRANT ibook_\(database)_editor TO greta", database: database)
        XCTAssertEqual(raw.status, 1)
        XCTAssertTrue(raw.stderr.hasPrefix("ERROR:  must have admin option on role"), raw.stderr)
        XCTAssertEqual(try roles(of: "greta"), "ibook_\(database)_reader")
        // server init on a library that is up to date writes nothing, so a reader may run it.
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let current = try Run.process(Run.ibookPath, ["server", "init", server.url(user: "greta", database: database)],
                                      environment: environment)
        XCTAssertEqual(current.status, 0, current.stderr)
        XCTAssertTrue(current.stdout.contains("the shared library is up to date"), current.stdout)
    }

    func testGrantWarnsWhereARoleReachesBeyondThisLibrary() throws {
        let database = try server.sharedLibrary(), other = try server.sharedLibrary()
        try server.psql("""
            DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'root2') THEN CREATE ROLE root2 LOGIN SUPERUSER; END IF; END $$;
            DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'hal') THEN CREATE ROLE hal LOGIN CREATEROLE BYPASSRLS; END IF; END $$
            """)
        let superuser = try server.grant("root2", "reader", database: database)
        XCTAssertEqual(superuser.stderr, "Warning: root2 is a superuser: it reads and changes every library on this server, everyone's bookmarks and history included, whatever it is granted\n")
        try server.grant("hal", "editor", database: other)
        let hal = try server.grant("hal", "reader", database: database)
        XCTAssertEqual(hal.stderrLines, [
            "Warning: hal bypasses row-level security: it reads every person's bookmarks and history here",
            "Warning: hal has CREATEROLE: it can grant itself the roles of every library on this server",
            "Warning: hal (or a role it belongs to) also has rights in other databases of this server: \(other)",
        ])
        XCTAssertEqual(try server.grant("walt", "reader", database: database).stderr, "", "nothing beyond this library")
    }

    // MARK: - server init's rights

    func testServerInitWithoutCreateRoleSaysSoAndChangesNothing() throws {
        try server.psql("""
            DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'owen') THEN CREATE ROLE owen LOGIN; END IF; END $$
            """)
        try server.psql("CREATE DATABASE owned OWNER owen")
        let url = server.url(user: "owen", database: "owned")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let refused = try Run.process(Run.ibookPath, ["server", "init", url], environment: environment)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "Error: the role owen lacks CREATEROLE, which creating the library's reader and editor roles needs; run 'ibook server init' as a superuser or a role that has it (nothing was changed)\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: "owned"), "0")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname LIKE 'ibook\\_owned\\_%'"), "0")

        // With the right, it goes through, and the owner hands the roles out.
        try server.psql("ALTER ROLE owen CREATEROLE")
        let ready = try Run.process(Run.ibookPath, ["server", "init", url], environment: environment)
        XCTAssertEqual(ready.status, 0, ready.stderr)
        try server.psql("ALTER ROLE owen NOCREATEROLE")
        let granted = try server.ibookServer(["grant", "olga", "reader"], user: "owen", database: "owned")
        XCTAssertEqual(granted.status, 0, granted.stderr)
        XCTAssertEqual(try server.psql("SELECT tableowner FROM pg_tables WHERE tablename = 'books'", database: "owned"), "owen")

        // An upgrade by a role that does not own the tables: refused before anything runs.
        let applied = Int(try server.psql("SELECT count(*) FROM schema_migrations", database: "owned")) ?? 0
        try server.psql("DELETE FROM schema_migrations WHERE id = 'pg-10-value-checks'", database: "owned")
        try server.psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'otto') THEN CREATE ROLE otto LOGIN CREATEROLE; END IF; END $$")
        let stranger = try Run.process(Run.ibookPath, ["server", "init", server.url(user: "otto", database: "owned")],
                                       environment: environment)
        XCTAssertEqual(stranger.status, 1)
        XCTAssertEqual(stranger.stderr, "Error: the shared library's tables belong to owen: only that role (or a superuser) can upgrade them, not otto (nothing was changed)\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM schema_migrations", database: "owned"), String(applied - 1))
    }

    func testServerInitWithoutCreateOnTheSchemaSaysSo() throws {
        try server.psql("""
            DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'cora') THEN CREATE ROLE cora LOGIN CREATEROLE; END IF; END $$
            """)
        try server.createDatabase("notcora")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let refused = try Run.process(Run.ibookPath, ["server", "init", server.url(user: "cora", database: "notcora")],
                                      environment: environment)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Error: the role cora lacks CREATE on schema public, which creating the library's tables needs; run 'ibook server init' as a superuser or a role that has it (nothing was changed)\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname LIKE 'ibook\\_notcora\\_%'"), "0")
    }

    // MARK: - Role names

    func testRoleNamesAreTheDatabasesWhenPlainElseReadableAndHashed() throws {
        for name in ["Team-A", "team_a_and_a_name_far_too_long_to_be_part_of_a_role_name"] {
            try server.psql("CREATE DATABASE \"\(name)\"")
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            let url = "postgresql://\(PostgresServer.admin)@/\(name)?host=\(server.directory)&port=\(server.port)"
            let result = try Run.process(Run.ibookPath, ["server", "init", url, "--json"], environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            let setup = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let reader = try XCTUnwrap(setup["readerRole"] as? String), editor = try XCTUnwrap(setup["editorRole"] as? String)
            XCTAssertLessThanOrEqual(editor.utf8.count, 63)
            XCTAssertTrue(reader.hasPrefix(name == "Team-A" ? "ibook_team_a_" : "ibook_team_a_and_a_name_far_too_long_to_"), reader)
            XCTAssertTrue(reader.hasSuffix("_reader") && editor.hasSuffix("_editor"))
            XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname IN ('\(reader)', '\(editor)')"), "2")
        }
    }
}
