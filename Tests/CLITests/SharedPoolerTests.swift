import Foundation
import TestSupport
import XCTest

/// A shared library behind PgBouncer in session mode, as a department puts
/// one in front of a server many people search: what each person runs
/// through the pooler prints what it prints on the server itself, their own
/// rows stay their own though the pooler keeps the backends, and nothing
/// a command set in its session (its bounds, its machine's roots) is there
/// for the next client the pooler gives that backend to.
final class SharedPoolerTests: XCTestCase {
    private struct Setup {
        var server: PostgresServer
        var pooler: PgBouncer
        /// eddie (editor) added lighthouses (#1) and cafe-culture (#2) on the server directly.
        var database: String
    }

    private static let fixture = ServerFixture<Setup>()
    private var setup: Setup!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            for role in ["reba", "rolf", "eddie"] { try server.createRole(role) }
            let database = try server.sharedLibrary()
            try server.grant("reba", "reader", database: database)
            try server.grant("rolf", "reader", database: database)
            try server.grant("eddie", "editor", database: database)
            let added = try SharedClient(server: server, database: database, user: "eddie")
                .ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("cafe-culture.pdf"))
            guard added.status == 0 else { throw RunError.failed("ibook add: \(added.stderr)") }
            // One backend a person: what one command leaves in it, the next one finds.
            let pooler = try PgBouncer(in: server, users: ["reba", "rolf", "eddie"], poolSize: 1)
            return Setup(server: server, pooler: pooler, database: database)
        }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        setup = try Self.fixture.value()
    }

    private func pooled(_ user: String) throws -> SharedClient {
        try SharedClient(url: setup.pooler.url(user: user, database: setup.database))
    }

    /// psql through the pooler as `user`: the backend the pooler hands that person.
    private func psqlThroughPooler(_ sql: String, user: String) throws -> String {
        let result = try Run.process("/usr/bin/psql", [
            "-h", setup.pooler.directory, "-p", String(setup.pooler.port), "-U", user, "-d", setup.database,
            "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql,
        ])
        guard result.status == 0 else { throw RunError.failed("psql through PgBouncer: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server's backends of `user` (what pg_stat_activity lists as theirs), once those of
    /// commands that went straight to the server have had up to 5 s to end.
    private func backends(of user: String) throws -> [String] {
        let deadline = Date().addingTimeInterval(5)
        while true {
            let pids = try setup.server.psql("SELECT pid FROM pg_stat_activity WHERE usename = '\(user)' ORDER BY pid",
                                             database: setup.database).split(separator: "\n").map(String.init)
            if pids.count <= 1 || Date() > deadline { return pids }
            usleep(50_000)
        }
    }

    func testWhatAReaderRunsThroughThePoolerPrintsWhatItPrintsOnTheServer() throws {
        let throughPooler = try pooled("reba")
        // The same person on the same machine (one thumbnail cache), straight to the server.
        var onServer = throughPooler.environment
        onServer["IBOOK_LIBRARY"] = setup.server.url(user: "reba", database: setup.database)
        let commands: [[String]] = [
            ["list"], ["info", "1"], ["toc", "--book", "1"],
            ["search", "--all", "lighthouse"], ["search", "--all", "--limit", "3", "keeper"],
            ["search", "--all", "assistant keeper"], ["search", "--book", "2", "espresso"],
            ["read", "--book", "2", "1"],
        ]
        var kept: [String]?
        for command in commands {
            let here = try Run.process(Run.ibookPath, command, environment: onServer), there = try throughPooler.ibook(command)
            XCTAssertEqual(there.status, 0, "\(command): \(there.stderr)")
            XCTAssertEqual(there.stderr, here.stderr, "\(command)")
            XCTAssertEqual(there.stdout, here.stdout, "\(command)")
            XCTAssertFalse(there.stdout.isEmpty, "\(command)")
            if kept == nil { kept = try backends(of: "reba") }
        }
        XCTAssertEqual(kept?.count, 1)
        XCTAssertEqual(try backends(of: "reba"), kept, "the pooler kept reba's one backend for all her commands")
    }

    func testEachPersonsRowsStayTheirOwnThoughThePoolerKeepsTheBackends() throws {
        let reba = try pooled("reba"), rolf = try pooled("rolf"), eddie = try pooled("eddie")
        XCTAssertEqual(try reba.ibook("bookmark", "--book", "1", "5", "--note", "reba's own").status, 0)
        XCTAssertEqual(try reba.ibook("read", "--book", "1", "7").status, 0)
        let rebas = try reba.ibook("bookmarks", "--all")
        XCTAssertTrue(rebas.stdout.contains("reba's own"), rebas.stdout + rebas.stderr)
        // rolf's commands come after hers, through the same pooler: none of her rows.
        XCTAssertEqual(try rolf.ibook("bookmarks", "--all").stdout, "")
        XCTAssertEqual(try rolf.ibook("history").stdout, "")
        XCTAssertTrue(try reba.ibook("history").stdout.contains("page 7 of 40"))
        // A reader is still refused what only an editor may do; the editor adds through the pooler.
        let refused = try rolf.ibook("remove", "1")
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        let added = try eddie.ibook("add", Fixtures.sampleBook("cjk-seasons.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
        let listed = try rolf.ibook("list").stdout
        XCTAssertTrue(listed.contains(" 3  "), "rolf sees the book eddie added through the pooler: \(listed)")
        XCTAssertEqual(try setup.server.psql("SELECT count(*) FROM bookmarks WHERE note = 'reba''s own' AND owner = 'reba'::regrole",
                                             database: setup.database), "1")
    }

    func testNothingACommandSetInItsSessionIsLeftForTheNextClientOfItsBackend() throws {
        let reba = try pooled("reba")
        let shelf = try Fixtures.temporaryDirectory("pooler-root")
        defer { try? FileManager.default.removeItem(at: shelf) }
        XCTAssertEqual(try reba.ibook("roots", "set", "shelf", shelf.path).status, 0)
        let listed = try reba.ibook("list")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let backend = try backends(of: "reba")
        XCTAssertEqual(backend.count, 1)
        // The same backend (one a person), handed to psql: ibook's settings were reset when it left.
        let seen = try psqlThroughPooler("""
            SELECT pg_backend_pid() || '|' || coalesce(current_setting('ibook.roots', true), '')
                   || '|' || current_setting('client_min_messages')
            """, user: "reba").split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(seen, [backend[0], "", "notice"], "ibook.roots and client_min_messages as a new session has them")
    }
}
