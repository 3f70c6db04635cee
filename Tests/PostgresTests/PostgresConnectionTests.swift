import Foundation
import Postgres
import Store
import TestSupport
import XCTest

/// libpq through PostgresConnection against a real server of the test's own.
final class PostgresConnectionTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!

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
    }

    override func tearDown() {
        server = nil
    }

    private func freshDatabase() throws -> PostgresConnection {
        let name = "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try server.createDatabase(name)
        return try PostgresConnection(url: server.url(database: name))
    }

    func testEverySessionIsBoundedAndRunsWithoutJIT() throws {
        let db = try freshDatabase()
        let settings = try db.query("""
            SELECT name, setting FROM pg_settings
            WHERE name IN ('jit', 'lock_timeout', 'statement_timeout', 'idle_in_transaction_session_timeout') ORDER BY name
            """).map { "\($0.string("name") ?? "")=\($0.string("setting") ?? "")" }
        XCTAssertEqual(settings, ["idle_in_transaction_session_timeout=300000", "jit=off", "lock_timeout=30000",
                                  "statement_timeout=120000"])
        // A lock held past the bound is one line that says what happened, not a raw SQLSTATE.
        try db.execute("SET lock_timeout = '200ms'")
        try db.execute("CREATE TABLE held (i integer)")
        let name = try XCTUnwrap(db.queryRow("SELECT current_database() AS d")?.string("d"))
        let other = try PostgresConnection(url: server.url(database: name))
        try other.execute("BEGIN; LOCK TABLE held IN ACCESS EXCLUSIVE MODE")
        XCTAssertThrowsError(try db.execute("INSERT INTO held VALUES (1)", [])) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .timedOut)
            XCTAssertEqual("\(error)", "another client has held the rows this needs for 30 s (an add or edit of the same book not yet finished); try again")
        }
        try other.execute("ROLLBACK")
        XCTAssertThrowsError(try db.execute("SET statement_timeout = '100ms'; SELECT pg_sleep(2)")) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .timedOut)
            XCTAssertTrue("\(error)".hasPrefix("the PostgreSQL server stopped the statement after"), "\(error)")
        }
    }

    func testValuesGoThroughBoundParametersAndComeBackAsTheyWent() throws {
        let db = try freshDatabase()
        try db.execute("CREATE TABLE t (i bigint, r double precision, s text, b bytea, n text, flag boolean)")
        let bytes: [UInt8] = [0, 1, 0x5c, 0x78, 255, 0, 39]
        let text = "it's a \"quote\" — ? and $1 stay text; 東京; Zoë"
        try db.execute("INSERT INTO t (i, r, s, b, n, flag) VALUES (?, ?, ?, ?, ?, ?)",
                       [Int64.max, 1_700_000_000.123456, text, bytes, String?.none, true])
        let row = try XCTUnwrap(db.queryRow("SELECT i, r, s, b, n, flag, ? AS literal FROM t", ["Robert'); DROP TABLE t;--"]))
        XCTAssertEqual(row["i"], .integer(Int64.max))
        XCTAssertEqual(row.double("r"), 1_700_000_000.123456)
        XCTAssertEqual(row.string("s"), text)
        XCTAssertEqual(row.blob("b"), bytes)
        XCTAssertEqual(row["n"], .null)
        XCTAssertEqual(row.bool("flag"), true)
        XCTAssertEqual(row.string("literal"), "Robert'); DROP TABLE t;--")
        XCTAssertEqual(try db.count("SELECT count(*) FROM t"), 1, "the bound text was not run as SQL")
    }

    /// As on SQLite (RequiredValueTests): a PostgreSQL row is a `Row`, and its NULLs are NULLs.
    func testANullInARequiredColumnIsAnErrorNamingIt() throws {
        let db = try freshDatabase()
        try db.execute("CREATE TABLE pages (page integer, label text, text text)")
        try db.execute("INSERT INTO pages VALUES (1, NULL, 'one'), (NULL, 'ii', NULL)")
        let rows = try db.query("SELECT page, label, text FROM pages ORDER BY page NULLS LAST")
        XCTAssertEqual(try rows[0].required("page", Row.int), 1)
        XCTAssertEqual(try rows[0].required("text", Row.string), "one")
        XCTAssertNil(rows[0].string("label"))
        XCTAssertThrowsError(try rows[1].required("page", Row.int)) { error in
            XCTAssertEqual(error as? MissingValue, MissingValue(column: "page"))
        }
        XCTAssertThrowsError(try rows[1].required("text", Row.string)) { XCTAssertEqual(($0 as? MissingValue)?.column, "text") }
    }

    func testQuestionMarksInLiteralsAreNotPlaceholders() throws {
        let db = try freshDatabase()
        let row = try XCTUnwrap(db.queryRow("SELECT '?' AS mark, ? AS first, \"?x\".y AS second FROM (SELECT ? AS y) AS \"?x\"",
                                            ["one", "two"]))
        XCTAssertEqual(row.string("mark"), "?")
        XCTAssertEqual(row.string("first"), "one")
        XCTAssertEqual(row.string("second"), "two")
    }

    func testTransactionRollsBackOnThrowAndSavepointsUndoOnlyTheirPart() throws {
        let db = try freshDatabase()
        try db.execute("CREATE TABLE t (v integer)")
        struct Boom: Error {}
        XCTAssertThrowsError(try db.transaction { () -> Void in
            try db.execute("INSERT INTO t VALUES (?)", [1])
            throw Boom()
        })
        XCTAssertEqual(try db.count("SELECT count(*) FROM t"), 0)
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (?)", [2])
            _ = try? db.transaction { () -> Void in
                try db.execute("INSERT INTO t VALUES (?)", [3])
                throw Boom()
            }
        }
        XCTAssertEqual(try db.query("SELECT v FROM t", []).compactMap { $0.int("v") }, [2])
        try db.execute("DELETE FROM t", [])
        XCTAssertEqual(db.changes, 1)
    }

    /// A query sent ahead gives its own rows when received, after statements
    /// run meanwhile (which read them first: libpq takes one query at a
    /// time) or none; its error comes with them; once received, nothing is left.
    func testAQuerySentAheadGivesItsRowsWhateverRunsMeanwhile() throws {
        let db = try freshDatabase()
        try db.send("SELECT g AS n, repeat('x', 2000) AS text FROM generate_series(1, ?) g", [500])
        for _ in 0..<3 { db.readAhead() }
        XCTAssertEqual(try db.queryRow("SELECT 7 AS seven")?.int("seven"), 7)
        let rows = try db.receive()
        XCTAssertEqual(rows.map { $0.int("n") }, (1...500).map { $0 })
        XCTAssertEqual(rows.last?.string("text")?.count, 2000)
        XCTAssertEqual(try db.receive().count, 0)
        try db.send("SELECT ? AS word", ["sent"])
        XCTAssertEqual(try db.receive().first?.string("word"), "sent")
        try db.send("SELECT * FROM no_such_table", [])
        try db.execute("CREATE TABLE t (i integer)")
        XCTAssertThrowsError(try db.receive()) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "42P01")
        }
        XCTAssertEqual(try db.count("SELECT count(*) FROM t"), 0)
    }

    func testServerErrorsCarrySQLStateAndMessage() throws {
        let db = try freshDatabase()
        XCTAssertThrowsError(try db.execute("SELECT * FROM no_such_table", [])) { error in
            let error = error as? PostgresError
            XCTAssertEqual(error?.sqlState, "42P01")
            XCTAssertEqual(error?.message, "relation \"no_such_table\" does not exist")
        }
        try db.execute("CREATE TABLE secret (v integer); CREATE ROLE nobody_here NOLOGIN")
        try db.execute("SET ROLE nobody_here")
        XCTAssertThrowsError(try db.execute("SELECT * FROM secret", [])) { error in
            XCTAssertEqual((error as? PostgresError)?.kind, .permissionDenied)
            XCTAssertEqual((error as? PostgresError)?.sqlState, "42501")
        }
        try db.execute("RESET ROLE; DROP ROLE nobody_here")
    }

    /// The session's settings are written into SET statements: any text comes back as it went,
    /// whatever standard_conforming_strings says.
    func testSessionSettingsKeepEveryCharacter() throws {
        let name = "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try server.createDatabase(name)
        let value = #"{"docs": "/mnt/o'brien\\share\"; DROP TABLE x; --", "é": "\n"}"#
        for conforming in ["on", "off"] {
            try server.psql("ALTER DATABASE \(name) SET standard_conforming_strings = \(conforming)")
            let db = try PostgresConnection(url: server.url(database: name), settings: [("ibook.roots", value)])
            XCTAssertEqual(try db.query("SELECT current_setting('ibook.roots') AS v").first?["v"], .text(value), conforming)
        }
    }

    func testAConnectionTerminatedByTheServerIsReportedAsLostInOneLine() throws {
        let db = try freshDatabase()
        let pid = try XCTUnwrap(db.scalar("SELECT pg_backend_pid()"))
        XCTAssertEqual(try server.psql("SELECT pg_terminate_backend(\(pid.description))"), "t")
        XCTAssertThrowsError(try db.query("SELECT 1", [])) { error in
            let error = error as? PostgresError
            XCTAssertEqual(error?.kind, .connectionLost)
            XCTAssertEqual(error?.description.contains("\n"), false, error?.description ?? "")
            XCTAssertTrue(error?.description.hasPrefix("lost the connection to the PostgreSQL server: ") == true,
                          error?.description ?? "")
        }
    }

    func testConnectionFailuresSayWhichOneInOneLine() throws {
        _ = try freshDatabase()
        try server.psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'carol') THEN CREATE ROLE carol LOGIN PASSWORD 'right'; END IF; END $$")
        let cases: [(String, PostgresError.Kind, String)] = [
            (server.tcpURL(user: "carol", password: "wrong", database: "postgres"), .authenticationFailed,
             "password authentication failed for user \"carol\""),
            (server.url(database: "no_such_database"), .databaseMissing, "database \"no_such_database\" does not exist"),
            ("postgresql://carol@127.0.0.1:1/postgres", .connectionRefused, "Connection refused"),
        ]
        for (url, kind, reason) in cases {
            XCTAssertThrowsError(try PostgresConnection(url: url), url) { error in
                let error = error as? PostgresError
                XCTAssertEqual(error?.kind, kind, url)
                XCTAssertEqual(error?.message, reason, url)
                XCTAssertEqual(error?.description.contains("\n"), false)
            }
        }
        XCTAssertNoThrow(try PostgresConnection(url: server.tcpURL(user: "carol", password: "right", database: "postgres")))
    }
}
