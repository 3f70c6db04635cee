import Foundation
@testable import Postgres
import Store
import TestSupport
import XCTest

/// ibook's own speaking of PostgreSQL's protocol on a server's socket, against
/// libpq's over TCP on the same real server, and against a server that lies.
final class WireSessionTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            for (user, method, encryption) in [("scram_reader", "scram-sha-256", "scram-sha-256"),
                                               ("md5_reader", "md5", "md5"), ("plain_reader", "password", "scram-sha-256")] {
                try server.psql("SET password_encryption = '\(encryption)'; CREATE ROLE \(user) LOGIN PASSWORD 'right:pw'")
                try server.askPasswordOnSocket(user: user, method: method)
            }
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

    override func tearDown() {
        server = nil
    }

    private func socketURL(user: String, password: String? = nil) -> String {
        let login = password.map { "\(user):\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? user
        return "postgresql://\(login)@/postgres?host=\(server.directory)&port=\(server.port)"
    }

    func testTheSocketIsSpokenByIbookAndTCPByLibpqWithTheSameValues() throws {
        try server.psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'carol') THEN CREATE ROLE carol LOGIN PASSWORD 'right'; END IF; END $$")
        let local = try PostgresConnection(url: server.url(user: "carol", database: "postgres"))
        let remote = try PostgresConnection(url: server.tcpURL(user: "carol", password: "right", database: "postgres"))
        XCTAssertTrue(local.isSpokenByIbook)
        XCTAssertFalse(remote.isSpokenByIbook)
        XCTAssertEqual(local.user, "carol")
        XCTAssertEqual(local.target, "\(server.directory):\(server.port)/postgres")
        let sql = """
            SELECT 42::bigint AS big, -7::smallint AS small, 2.5::float8 AS real, 'NaN'::float8 AS nan, true AS yes,
                   false AS no, decode('00ff10', 'hex') AS blob, 'é ✓ 書'::text AS text, NULL::text AS nothing,
                   ?::text AS bound, ?::bytea AS boundblob, ?::integer AS boundnull, repeat('x', 300000) AS long
            """
        let bindings: [SQLBindable] = ["a\u{0}b", SQLValue.blob([0, 1, 2, 0, 255]), SQLValue.null]
        let mine = try XCTUnwrap(local.query(sql, bindings).first)
        let libpqs = try XCTUnwrap(remote.query(sql, bindings).first)
        XCTAssertEqual(mine.columnNames, libpqs.columnNames)
        XCTAssertEqual(mine.values.map { "\($0)" }, libpqs.values.map { "\($0)" })
        XCTAssertEqual(mine["big"], .integer(42))
        XCTAssertEqual(mine["blob"], .blob([0, 0xFF, 0x10]))
        XCTAssertEqual(mine["bound"], .text("a"), "a text value ends at its NUL, as libpq sends it")
        XCTAssertEqual(mine["boundblob"], .blob([0, 1, 2, 0, 255]))
        XCTAssertEqual(mine["nothing"], .null)
        // Scripts, changes, transactions and errors, as through libpq.
        for db in [local, remote] {
            try db.execute("CREATE TEMP TABLE t (i integer PRIMARY KEY); INSERT INTO t VALUES (1), (2), (3)")
            try db.execute("UPDATE t SET i = i + 10 WHERE i > ?", [1])
            XCTAssertEqual(db.changes, 2)
            XCTAssertThrowsError(try db.transaction { try db.execute("INSERT INTO t VALUES (?)", [1]) }) { error in
                XCTAssertEqual((error as? PostgresError)?.sqlState, "23505")
            }
            XCTAssertFalse(db.isInTransaction)
            try db.send("SELECT i FROM t ORDER BY i", [])
            db.readAhead()
            XCTAssertEqual(try db.receive().map { $0["i"] }, [.integer(1), .integer(12), .integer(13)])
            // A statement run while one sent is unread (written behind it on ibook's protocol): each gets its own rows.
            try db.send("SELECT i FROM t WHERE i > ? ORDER BY i", [5])
            XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?["n"], .integer(3))
            XCTAssertEqual(try db.receive().map { $0["i"] }, [.integer(12), .integer(13)])
            try db.send("SELECT * FROM no_such_table", [])
            XCTAssertEqual(try db.query("SELECT 7 AS seven").first?["seven"], .integer(7), "the sent one's failure is its own")
            XCTAssertThrowsError(try db.receive()) { error in XCTAssertEqual((error as? PostgresError)?.sqlState, "42P01") }
            XCTAssertFalse(db.isInTransaction)
            XCTAssertThrowsError(try db.execute("SELECT * FROM no_such_table")) { error in
                XCTAssertEqual("\(error)", "PostgreSQL error (SQLSTATE 42P01): relation \"no_such_table\" does not exist")
            }
            // A server's message quotes names as given: no escape sequence reaches the terminal.
            XCTAssertThrowsError(try db.execute("SELECT * FROM \"a\u{1B}]0;owned\u{07}b\"")) { error in
                XCTAssertEqual("\(error)", "PostgreSQL error (SQLSTATE 42P01): relation \"a]0;ownedb\" does not exist")
            }
        }
    }

    /// The session's settings share the first statement's round trip on the socket: a setting
    /// the server refuses fails that statement, and the session runs nothing without its bounds.
    func testSettingsTheServerRefusesStopTheSessionAtItsFirstStatement() throws {
        try server.psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'carol') THEN CREATE ROLE carol LOGIN PASSWORD 'right'; END IF; END $$")
        let refused = [(name: "lock_timeout", value: "soon")]
        let local = try PostgresConnection(url: server.url(user: "carol", database: "postgres"), settings: refused)
        XCTAssertThrowsError(try local.query("SELECT 1 AS one")) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "22023", "\(error)")
            XCTAssertTrue("\(error)".contains("lock_timeout"), "\(error)")
        }
        XCTAssertThrowsError(try local.query("SELECT 1 AS one"), "nothing runs without the session's bounds")
        XCTAssertThrowsError(try PostgresConnection(url: server.tcpURL(user: "carol", password: "right", database: "postgres"),
                                                    settings: refused)) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "22023", "through libpq, at once")
        }
        let accepted = try PostgresConnection(url: server.url(user: "carol", database: "postgres"), settings: [("ibook.roots", "{}")])
        XCTAssertEqual(try accepted.query("SELECT current_setting('lock_timeout') AS t, current_setting('ibook.roots') AS r").first?["t"],
                       .text("30s"))
        XCTAssertFalse(accepted.isInTransaction)
    }

    /// A check run with the settings (a library's schema) is judged with the first statement on the
    /// socket: a SELECT may be written behind it, anything else waits for it, and once it has
    /// thrown, every statement throws the same.
    func testAFirstQueryIsJudgedBeforeAnythingIsWritten() throws {
        struct Refused: Error, Equatable { var rows: [SQLValue] }
        try server.psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'carol') THEN CREATE ROLE carol LOGIN PASSWORD 'right'; END IF; END $$")
        try server.psql("DROP TABLE IF EXISTS written; CREATE TABLE written (i integer); GRANT ALL ON written TO carol")
        let refuse: (Result<[Row], Error>) throws -> Void = { result in throw Refused(rows: try result.get().map { $0["one"] }) }
        for first in ["INSERT INTO written VALUES (1)", "SELECT count(*) AS n FROM written"] {
            let local = try PostgresConnection(url: server.url(user: "carol", database: "postgres"), firstQuery: "SELECT 1 AS one",
                                               check: refuse)
            XCTAssertThrowsError(try local.execute(first, [])) { error in
                XCTAssertEqual(error as? Refused, Refused(rows: [.integer(1)]), first)
            }
            XCTAssertThrowsError(try local.query("SELECT 2 AS two")) { error in XCTAssertEqual(error as? Refused, Refused(rows: [.integer(1)])) }
        }
        XCTAssertEqual(try server.psql("SELECT count(*) FROM written"), "0", "the INSERT waited for the check, and was never written")
        XCTAssertThrowsError(try PostgresConnection(url: server.tcpURL(user: "carol", password: "right", database: "postgres"),
                                                    firstQuery: "SELECT 1 AS one", check: refuse)) { error in
            XCTAssertEqual(error as? Refused, Refused(rows: [.integer(1)]), "through libpq, at once")
        }
        var judged: Result<[Row], Error>?
        let missing = try PostgresConnection(url: server.url(user: "carol", database: "postgres"),
                                             firstQuery: "SELECT id FROM no_such_table") { judged = $0 }
        XCTAssertThrowsError(try missing.query("SELECT 1 AS one"), "its settings went with the failed query: the session is given up")
        XCTAssertThrowsError(try judged?.get()) { error in XCTAssertEqual((error as? PostgresError)?.sqlState, "42P01") }
    }

    func testASocketNobodyListensOnIsOneLine() throws {
        let folder = try makeTemporaryFolder()
        XCTAssertThrowsError(try PostgresConnection(url: "postgresql://u@/db?host=\(folder)&port=5997")) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .connectionRefused)
            XCTAssertEqual("\(error)", "cannot reach the PostgreSQL server \(folder):5997/db (no server is listening on that socket)")
        }
    }

    func testEveryLoginByPasswordOnTheSocket() throws {
        for user in ["scram_reader", "md5_reader", "plain_reader"] {
            let db = try PostgresConnection(url: socketURL(user: user, password: "right:pw"))
            XCTAssertTrue(db.isSpokenByIbook, user)
            XCTAssertEqual(try db.query("SELECT current_user AS u").first?["u"], .text(user))
            XCTAssertThrowsError(try PostgresConnection(url: socketURL(user: user, password: "wrong")), user) { error in
                let error = error as? PostgresError
                XCTAssertEqual(error?.kind, .authenticationFailed, user)
                XCTAssertEqual(error?.message, "password authentication failed for user \"\(user)\"", user)
            }
            XCTAssertThrowsError(try PostgresConnection(url: socketURL(user: user)), user) { error in
                XCTAssertEqual((error as? PostgresError)?.kind, .authenticationFailed, user)
                XCTAssertEqual("\(error)".contains("\n"), false)
            }
        }
    }

    /// A session begun before its command opens the library: the server starts its backend at
    /// once, the connection to the same URL takes it, and the login (a password, a refusal) is
    /// finished by the first statement, which throws what the login would have thrown.
    func testASessionBegunEarlyIsTakenByTheConnectionAndLogsInAtItsFirstStatement() throws {
        let url = server.url(user: PostgresServer.admin, database: "postgres")
        func backends() throws -> [String] {
            try server.psql("SELECT pid FROM pg_stat_activity WHERE application_name = 'ibook' ORDER BY pid")
                .split(separator: "\n").map(String.init)
        }
        /// The backend a session begun for `url` starts, once the server lists it (within two seconds).
        func beginning() throws -> [String] {
            let before = try backends()
            PostgresSessionStart.begin(url: url)
            return try waitFor { try backends().filter { !before.contains($0) } } until: { !$0.isEmpty }
        }
        let begun = try beginning()
        XCTAssertEqual(begun.count, 1, "the server started the session's backend before any statement")
        let db = try PostgresConnection(url: url, settings: [("ibook.roots", "{}")], finishingLoginLater: true)
        XCTAssertEqual(try db.query("SELECT pg_backend_pid()::text AS pid, current_setting('ibook.roots') AS roots").first.map {
            [$0["pid"], $0["roots"]]
        }, [.text(begun[0]), .text("{}")], "the connection took the begun session, and set its settings")
        XCTAssertNil(PostgresSessionStart.take(url: url), "taken once")
        // One nobody takes is ended with a word (a mistake on the line, a handover to ibook-full).
        let unused = try beginning()
        XCTAssertEqual(unused.count, 1)
        PostgresSessionStart.end()
        XCTAssertNil(PostgresSessionStart.take(url: url))
        let left = try waitFor { try backends().filter { unused.contains($0) } } until: { $0.isEmpty }
        XCTAssertEqual(left, [], "the backend ended while this process still runs")
        let log = try String(contentsOfFile: server.directory + "/server.log", encoding: .utf8)
        XCTAssertFalse(log.contains("connection to client lost"), "no lost client in the server's log")
        // Begun for another URL: not taken, and the connection makes its own.
        PostgresSessionStart.begin(url: url + "&application_name=other")
        XCTAssertNil(PostgresSessionStart.take(url: url))
        XCTAssertNotNil(PostgresSessionStart.take(url: url + "&application_name=other"))
        // A password asked for at the first statement; a refused login thrown by it, every time.
        PostgresSessionStart.begin(url: socketURL(user: "scram_reader", password: "right:pw"))
        let reader = try PostgresConnection(url: socketURL(user: "scram_reader", password: "right:pw"), finishingLoginLater: true)
        XCTAssertEqual(try reader.query("SELECT current_user AS u").first?["u"], .text("scram_reader"))
        for (user, password, database, kind) in [("scram_reader", "wrong", "postgres", PostgresError.Kind.authenticationFailed),
                                                  (PostgresServer.admin, nil, "no_such_database", .databaseMissing)] {
            let failing = password.map { socketURL(user: user, password: $0) }
                ?? server.url(user: user, database: database)
            let eager = Result { try PostgresConnection(url: failing) }
            PostgresSessionStart.begin(url: failing)
            let later = try PostgresConnection(url: failing, finishingLoginLater: true)
            let eagerMessage: String
            switch eager {
            case .success: eagerMessage = "connected"
            case .failure(let error): eagerMessage = "\(error)"
            }
            for _ in 0..<2 {
                XCTAssertThrowsError(try later.query("SELECT 1 AS one")) { error in
                    XCTAssertEqual((error as? PostgresError)?.kind, kind, "\(error)")
                    XCTAssertEqual("\(error)", eagerMessage, "the same as a login made at once")
                }
            }
        }
    }

    /// `value`'s result once `done` says so, or its last after two seconds.
    private func waitFor<T>(_ value: () throws -> T, until done: (T) -> Bool) rethrows -> T {
        var result = try value()
        for _ in 0..<200 where !done(result) {
            usleep(10_000)
            result = try value()
        }
        return result
    }

    func testThePasswordFileIsReadAsLibpqReadsIt() throws {
        let folder = try makeTemporaryFolder()
        let file = folder + "/pgpass"
        try """
            # comment
            otherhost:*:*:*:nope
            \(server.directory):\(server.port):*:scram_reader:right\\:pw
            *:*:*:zoë:umlaut\r
            *:*:*:*:fallback:ignored
            """.write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o600)
        func address(_ user: String) -> WireAddress? {
            WireAddress(url: socketURL(user: user), defaults: [], environment: ["PGPASSFILE": file])
        }
        XCTAssertEqual(address("scram_reader")?.password, "right:pw")
        XCTAssertEqual(address("someone")?.password, "fallback", "the password ends at the next colon")
        XCTAssertEqual(address("zoë")?.password, "umlaut", "a name in UTF-8, a line ending in CR LF")
        chmod(file, 0o640)
        XCTAssertNil(address("scram_reader")?.password, "a file others may read is ignored")
        chmod(file, 0o600)
        setenv("PGPASSFILE", file, 1)
        defer { unsetenv("PGPASSFILE") }
        let db = try PostgresConnection(url: socketURL(user: "scram_reader"))
        XCTAssertTrue(db.isSpokenByIbook)
    }

    func testWhatIbookDoesNotSpeakIsLeftToLibpq() {
        let socket = "postgresql://u@/db?host=/run/pg"
        func spoken(_ url: String, _ environment: [String: String] = [:]) -> Bool {
            WireAddress(url: url, defaults: [("application_name", "ibook")], environment: environment) != nil
        }
        XCTAssertTrue(spoken(socket))
        XCTAssertTrue(spoken("postgresql://u@%2Frun%2Fpg:5433/db"))
        XCTAssertTrue(spoken("postgresql:///db", ["PGHOST": "/run/pg", "PGUSER": "u"]))
        XCTAssertFalse(spoken("postgresql://u@db.example.org/db"), "a host name is TCP")
        XCTAssertFalse(spoken("postgresql://u@127.0.0.1:5432/db"))
        XCTAssertFalse(spoken("postgresql://u@[::1]/db"))
        XCTAssertFalse(spoken("postgresql://u@/db?host=/a,/b"), "several hosts")
        XCTAssertFalse(spoken(socket + "&sslmode=verify-full"))
        XCTAssertFalse(spoken(socket + "&target_session_attrs=read-write"))
        XCTAssertFalse(spoken(socket, ["PGSERVICE": "team"]))
        XCTAssertFalse(spoken("postgresql:///db", ["PGHOST": "db.example.org"]))
        XCTAssertFalse(spoken(socket + "&password=caf%C3%A9"), "SASLprep is libpq's")
        let address = WireAddress(url: "postgresql://u@%2Frun%2Fpg/db?port=6000&user=v&application_name=x&connect_timeout=1",
                                  defaults: [("application_name", "ibook"), ("connect_timeout", "10")], environment: ["PGPORT": "7000"])
        XCTAssertEqual(address?.socketPath, "/run/pg/.s.PGSQL.6000")
        XCTAssertEqual(address?.user, "v", "a setting in the query wins over the URL's user")
        XCTAssertEqual(address?.applicationName, "x")
        XCTAssertEqual(address?.connectTimeout, 2, "libpq waits at least 2 s")
        let defaults = WireAddress(url: "postgresql://", defaults: [("application_name", "ibook")], environment: [:])
        XCTAssertEqual(defaults?.socketFolder, "/var/run/postgresql")
        XCTAssertEqual(defaults?.port, 5432)
        XCTAssertEqual(defaults?.applicationName, "ibook")
        XCTAssertEqual(defaults?.database, defaults?.user)
    }

    func testAServerThatLiesAboutLengthsIsOneLineAndNoCrash() throws {
        let folder = try makeTemporaryFolder()
        // A length below its own four bytes; 2 GB announced and two sent; a request whose number is cut short.
        let replies: [([UInt8], String)] = [([UInt8(ascii: "R"), 0, 0, 0, 2], "no message of PostgreSQL's protocol"),
                                            ([UInt8(ascii: "R"), 0x7F, 0xFF, 0xFF, 0xF0, 0, 0], "closed the connection"),
                                            ([UInt8(ascii: "R"), 0, 0, 0, 6, 0, 0], "broke PostgreSQL's protocol")]
        for (reply, reason) in replies {
            let path = folder + "/.s.PGSQL.5999"
            unlink(path)
            try Self.serveOnce(at: path, replies: [reply])
            XCTAssertThrowsError(try PostgresConnection(url: "postgresql://u@/db?host=\(folder)&port=5999")) { error in
                XCTAssertEqual("\(error)".contains("\n"), false, "\(error)")
                XCTAssertTrue("\(error)".contains(reason), "\(error)")
            }
        }
    }

    /// A server that asks for SCRAM and then lets the client in without proving it knows the password.
    func testAServerThatSkipsSCRAMsProofIsRefused() throws {
        let folder = try makeTemporaryFolder()
        func message(_ type: Character, _ body: [UInt8]) -> [UInt8] {
            let length = UInt32(body.count + 4)
            return [type.asciiValue!] + (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) } + body
        }
        let askSCRAM = message("R", [0, 0, 0, 10] + Array("SCRAM-SHA-256".utf8) + [0, 0])
        let letIn = message("R", [0, 0, 0, 0]) + message("Z", [UInt8(ascii: "I")])
        try Self.serveOnce(at: folder + "/.s.PGSQL.5998", replies: [askSCRAM, letIn])
        XCTAssertThrowsError(try PostgresConnection(url: "postgresql://u:secret@/db?host=\(folder)&port=5998")) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .authenticationFailed, "\(error)")
            XCTAssertTrue("\(error)".contains("without proving it knows the password"), "\(error)")
        }
    }

    func testDigestsAgainstTheirStandardsVectors() {
        XCTAssertEqual(MD5Password.hex(MD5Password.digest(Array("".utf8))), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(MD5Password.hex(MD5Password.digest(Array("The quick brown fox jumps over the lazy dog".utf8))),
                       "9e107d9d372bb6826bd81d3542a419d6")
        XCTAssertEqual(MD5Password.hex(MD5Password.digest(Array(String(repeating: "a", count: 1000).utf8))),
                       "cabe45dcc9ae5b66ba86600cca6b8ba8")
        // RFC 4231, test case 2.
        XCTAssertEqual(MD5Password.hex(ScramSHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // RFC 7914, section 11: PBKDF2-HMAC-SHA256 of "passwd" and "salt", one iteration (the first 32 bytes).
        XCTAssertEqual(MD5Password.hex(ScramSHA256.pbkdf2(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1)),
                       "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
        // RFC 7677's SCRAM-SHA-256 exchange, with its nonce.
        var scram = ScramSHA256(password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO")
        let final = try? scram.clientFinalMessage(
            serverFirst: "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096")
        // RFC 7677 names the user in its first message; PostgreSQL's leaves it empty ("n="), so the proof differs from the RFC's.
        XCTAssertEqual(final?.hasPrefix("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p="), true)
        XCTAssertThrowsError(try scram.verify(serverFinal: "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="))
    }

    /// Accepts one client at `path` and answers each thing it sends with the next of `replies`, then hangs up.
    private static func serveOnce(at path: String, replies: [[UInt8]]) throws {
        unlink(path)
        let listener = try listen(at: path)
        Thread {
            let client = accept(listener, nil, nil)
            for reply in replies {
                var request = [UInt8](repeating: 0, count: 4096)
                _ = read(client, &request, request.count)
                _ = write(client, reply, reply.count)
            }
            close(client)
            close(listener)
        }.start()
    }

    private static func listen(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        return descriptor
    }

    private func makeTemporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ibook-wire-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
