import Foundation
import TestSupport
import XCTest

/// Faults and load on a shared library, with a real server and the real
/// binary: a connection killed and a server restarted in the middle of an
/// add, eight clients at once, a reader who tries to add, a server that
/// cannot be reached, a wrong password.
final class SharedFaultTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!
    private var files: URL!

    override class func setUp() {
        super.setUp()
        fixture.start { $0 }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        server = try Self.fixture.value()
        files = try Fixtures.temporaryDirectory("shared-faults")
        for name in ["lighthouses.pdf", "cafe-culture.pdf", "cjk-seasons.pdf", "untitled-notes.pdf"] {
            try FileManager.default.copyItem(atPath: Fixtures.sampleBook(name), toPath: path(name))
        }
    }

    override func tearDown() {
        if let files { try? FileManager.default.removeItem(at: files) }
        server = nil
    }

    private func path(_ name: String) -> String { files.appendingPathComponent(name).path }

    private func sha256(_ name: String) throws -> String {
        String(try Run.process("/usr/bin/sha256sum", [path(name)]).stdout.prefix(64))
    }

    /// Books, pages, pages whose book is gone, covers.
    private func counts(_ database: String) throws -> String {
        try server.psql("""
            SELECT (SELECT count(*) FROM books) || ' ' || (SELECT count(*) FROM pages) || ' ' ||
                   (SELECT count(*) FROM pages p WHERE NOT EXISTS (SELECT FROM books b WHERE b.id = p.book_id)) || ' ' ||
                   (SELECT count(*) FROM covers)
            """, database: database)
    }

    /// A psql session that holds an uncommitted book with the content of
    /// `name`: an add of that file waits on it, in the middle of its batch.
    private func holdBook(_ name: String, database: String) throws -> (Process, Pipe) {
        let blocker = Process()
        blocker.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        blocker.arguments = ["-h", server.directory, "-p", String(server.port), "-U", PostgresServer.admin, "-d", database, "-q"]
        let input = Pipe()
        blocker.standardInput = input
        blocker.standardOutput = FileHandle.nullDevice
        blocker.standardError = FileHandle.nullDevice
        try blocker.run()
        input.fileHandleForWriting.write(Data("""
            BEGIN;
            INSERT INTO books (sha256, path, size, title, author, page_count, added_at) VALUES ('\(try sha256(name))', '/x', 1, 'x', 'x', 1, 0);

            """.utf8))
        // Under load psql may take a while to connect: the row must be held before the add starts.
        for _ in 0..<300 {
            if try server.psql("""
                SELECT count(*) FROM pg_stat_activity
                WHERE application_name = 'psql' AND datname = '\(database)' AND state = 'idle in transaction'
                """) == "1" { return (blocker, input) }
            usleep(100_000)
        }
        throw RunError.failed("psql never held the row of \(name)")
    }

    /// Waits (at most 30 s) until ibook's session on `database` waits for a lock.
    private func waitForAddToBlock(database: String) throws -> Bool {
        for _ in 0..<300 {
            if try server.psql("""
                SELECT count(*) FROM pg_stat_activity
                WHERE application_name = 'ibook' AND datname = '\(database)' AND wait_event_type = 'Lock'
                """) == "1" { return true }
            usleep(100_000)
        }
        return false
    }

    private func release(_ blocker: (Process, Pipe)) {
        blocker.1.fileHandleForWriting.write(Data("ROLLBACK;\n".utf8))
        try? blocker.1.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(30)
        while blocker.0.isRunning, Date() < deadline { usleep(20_000) }
    }

    // MARK: - Interrupted adds

    func testAConnectionKilledInTheMiddleOfAnAddLeavesWholeBooksAndTheNextRunAddsTheRest() throws {
        let database = try server.sharedLibrary()
        let client = try SharedClient(server: server, database: database)
        let blocker = try holdBook("cafe-culture.pdf", database: database)
        let add = try client.start(["add", path("lighthouses.pdf"), path("cafe-culture.pdf"), path("cjk-seasons.pdf")])
        let blocked = try waitForAddToBlock(database: database)
        try server.psql("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ibook' AND datname = '\(database)'
            """)
        let result = add.finish()
        release(blocker)
        XCTAssertTrue(blocked, "the add never reached the second book")
        XCTAssertEqual(result.status, 1)
        // (The held row took id 1.)
        XCTAssertEqual(result.stdout, "Added #2 A Field Guide to Lighthouses (40 pages)\n")
        XCTAssertEqual(result.stderrLines.count, 2, result.stderr)
        XCTAssertTrue(result.stderrLines.first?.hasPrefix(
            "Error: \(path("cafe-culture.pdf")): not added: lost the connection to the PostgreSQL server: ") == true, result.stderr)
        XCTAssertEqual(result.stderrLines.last, "1 added, 0 already present, 1 failed, 1 not tried (run the same add again)")
        XCTAssertEqual(try counts(database), "1 40 0 1", "the first book whole, nothing of the second")

        let rerun = try client.ibook("add", path("lighthouses.pdf"), path("cafe-culture.pdf"), path("cjk-seasons.pdf"))
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(rerun.stderr, "2 added, 1 already present, 0 failed\n")
        XCTAssertEqual(try counts(database), "3 62 0 3")
    }

    func testAServerRestartInTheMiddleOfAnAddLeavesWholeBooksAndTheNextRunAddsTheRest() throws {
        let database = try server.sharedLibrary()
        let client = try SharedClient(server: server, database: database)
        let blocker = try holdBook("cjk-seasons.pdf", database: database)
        let add = try client.start(["add", path("lighthouses.pdf"), path("cafe-culture.pdf"), path("cjk-seasons.pdf"),
                                    path("untitled-notes.pdf")])
        let blocked = try waitForAddToBlock(database: database)
        // The test server commits asynchronously (synchronous_commit=off): a checkpoint makes
        // the books committed so far durable, as they are on a server with the default settings.
        try server.psql("CHECKPOINT")
        // As a crash would: pg_ctl restart -m immediate.
        try server.stop()
        try server.start()
        let result = add.finish()
        release(blocker)
        XCTAssertTrue(blocked, "the add never reached the third book")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdoutLines.count, 2, result.stdout)
        XCTAssertEqual(result.stderrLines.count, 2, result.stderr)
        XCTAssertTrue(result.stderrLines.first?.hasPrefix("Error: \(path("cjk-seasons.pdf")): not added: lost the connection to the PostgreSQL server: ") == true,
                      result.stderr)
        XCTAssertEqual(result.stderrLines.last, "2 added, 0 already present, 1 failed, 1 not tried (run the same add again)")
        XCTAssertEqual(try counts(database), "2 52 0 2", "two whole books, nothing of the third")

        let rerun = try client.ibook("add", path("lighthouses.pdf"), path("cafe-culture.pdf"), path("cjk-seasons.pdf"),
                                     path("untitled-notes.pdf"))
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(rerun.stderr, "2 added, 2 already present, 0 failed\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books", database: database), "4")
        XCTAssertEqual(try server.psql("SELECT sum(page_count) - (SELECT count(*) FROM pages) FROM books", database: database), "0")
    }

    // MARK: - Roles and connections

    func testAReaderCannotAddAndIsToldInOneLine() throws {
        let database = try server.sharedLibrary()
        try server.createRole("rita")
        try server.grant("rita", "reader", database: database)
        let reader = try SharedClient(server: server, database: database, user: "rita")
        let refused = try reader.ibook("add", path("lighthouses.pdf"), path("cafe-culture.pdf"))
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "Error: your PostgreSQL role may not do this on the shared library (readers read and keep their own bookmarks and history; editors also add, edit, tag and remove books; the database's owner grants either with 'ibook server grant'): permission denied for table books\n")
        XCTAssertEqual(try counts(database), "0 0 0 0")
    }

    func testAnUnreachableServerAndAWrongPasswordAreOneLineEach() throws {
        let database = try server.sharedLibrary()
        try server.psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dora') THEN CREATE ROLE dora LOGIN PASSWORD 'secret'; END IF; END $$")
        try server.grant("dora", "editor", database: database)
        let cases: [(String, String)] = [
            (server.tcpURL(user: "dora", password: "wrong", database: database),
             "Error: the PostgreSQL server 127.0.0.1:\(server.port)/\(database) refused the login: password authentication failed for user \"dora\"\n"),
            ("postgresql://dora@127.0.0.1:1/\(database)",
             "Error: cannot reach the PostgreSQL server 127.0.0.1:1/\(database) (Connection refused)\n"),
        ]
        for (url, message) in cases {
            let client = try SharedClient(server: server, database: database)
            var environment = client.environment
            environment["IBOOK_LIBRARY"] = url
            let result = try Run.process(Run.ibookPath, ["add", path("lighthouses.pdf")], environment: environment)
            XCTAssertEqual(result.status, 1, url)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, message)
        }
        let right = try Run.process(Run.ibookPath, ["add", path("lighthouses.pdf")], environment: {
            var environment = ProcessInfo.processInfo.environment
            environment["IBOOK_LIBRARY"] = server.tcpURL(user: "dora", password: "secret", database: database)
            environment["XDG_CACHE_HOME"] = files.appendingPathComponent("cache").path
            environment["XDG_CONFIG_HOME"] = files.appendingPathComponent("config").path
            return environment
        }())
        XCTAssertEqual(right.status, 0, right.stderr)
        XCTAssertEqual(try counts(database), "1 40 0 1")
    }

    // MARK: - Load

    /// Eight clients (each its own editor role) for a bounded time: adding
    /// (several the same files, under other names too), listing, reading and
    /// bookmarking; then every count is checked.
    func testEightClientsAtOnceLoseNothing() throws {
        let database = try server.sharedLibrary()
        try FileManager.default.copyItem(atPath: path("cafe-culture.pdf"), toPath: path("cafe-copy.pdf"))
        let names = ["cafe-culture.pdf", "cjk-seasons.pdf", "untitled-notes.pdf", "cafe-copy.pdf", "lighthouses.pdf"]
        let clients = try (0..<8).map { index -> SharedClient in
            try server.createRole("client\(index)")
            try server.grant("client\(index)", "editor", database: database)
            return try SharedClient(server: server, database: database, user: "client\(index)")
        }
        struct Outcome {
            var failures: [String] = []
            var addedFiles: Set<String> = []
            var bookmarks: Set<String> = []
            var commands = 0
        }
        let paths = names.map(path)
        let outcomes = Locked<[Int: Outcome]>([:])
        let deadline = Date().addingTimeInterval(20)
        let group = DispatchGroup()
        for (index, client) in clients.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var outcome = Outcome()
                var round = 0
                func run(_ arguments: [String]) -> Run.Result? {
                    outcome.commands += 1
                    guard let result = try? client.ibook(arguments, timeout: 120) else {
                        outcome.failures.append("\(arguments): could not run")
                        return nil
                    }
                    if result.status != 0 { outcome.failures.append("client\(index) \(arguments): \(result.stderr)") }
                    return result.status == 0 ? result : nil
                }
                while Date() < deadline || round == 0 {
                    let name = names[(index + round) % names.count]
                    if let added = run(["add", "--jobs", "1", paths[(index + round) % names.count]]) {
                        outcome.addedFiles.insert(name)
                        // "Added #3 …" or "…: already in library as #3"
                        if let id = added.stdout.split(separator: "#").last?.prefix(while: \.isNumber), !id.isEmpty {
                            let page = 1 + (round * 8 + index) % 3
                            if run(["bookmark", "--book", String(id), String(page), "--note", "client\(index) round \(round)"]) != nil {
                                outcome.bookmarks.insert("client\(index) \(id) \(page)")
                            }
                            _ = run(["read", "--book", String(id), "2"])
                        }
                    }
                    _ = run(["list"])
                    round += 1
                }
                outcomes.withLock { $0[index] = outcome }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success, "the clients did not finish within 5 minutes")
        let all = outcomes.withLock { $0 }
        XCTAssertEqual(all.count, 8)
        XCTAssertEqual(all.values.flatMap(\.failures), [])
        XCTAssertGreaterThan(all.values.map(\.commands).reduce(0, +), 8 * 3)

        let distinct = Set(try all.values.flatMap(\.addedFiles).map { try sha256($0) })
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books", database: database), String(distinct.count),
                       "one book per distinct file")
        XCTAssertEqual(try server.psql("SELECT count(DISTINCT sha256) FROM books", database: database), String(distinct.count))
        XCTAssertEqual(try counts(database).split(separator: " ")[2], "0", "no orphan pages")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books b WHERE page_count <> (SELECT count(*) FROM pages p WHERE p.book_id = b.id)",
                                       database: database), "0", "every book has all its pages")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM covers", database: database), String(distinct.count))
        let made = all.values.reduce(into: Set<String>()) { $0.formUnion($1.bookmarks) }
        let stored = try server.psql("SELECT k.owner::regrole || ' ' || b.id || ' ' || k.page FROM bookmarks k JOIN books b ON b.sha256 = k.sha256",
                                     database: database).split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(stored), made, "every bookmark made is there, and no other")
        XCTAssertEqual(stored.count, made.count)
    }
}
