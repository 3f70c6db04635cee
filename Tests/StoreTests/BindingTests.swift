import Foundation
import Store
import XCTest

final class BindingTests: StoreTestCase {
    /// Inserts value into a column without affinity, so SQLite stores it as bound.
    private func roundTrip(_ db: Database, _ value: SQLBindable) throws -> (value: SQLValue, type: String) {
        try db.execute("DELETE FROM v")
        try db.execute("INSERT INTO v (x) VALUES (?)", [value])
        let row = try XCTUnwrap(db.queryRow("SELECT x, typeof(x) AS type FROM v"))
        return (row[0], row.string("type") ?? "?")
    }

    func testEveryBindableTypeRoundTrips() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE v (x)")
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let noString: String? = nil
        let someInt: Int? = 7
        let cases: [(SQLBindable, SQLValue, String)] = [
            (42, .integer(42), "integer"),
            (Int.min, .integer(Int64(Int.min)), "integer"),
            (Int64.max, .integer(.max), "integer"),
            (Int64.min, .integer(.min), "integer"),
            (Int32.min, .integer(Int64(Int32.min)), "integer"),
            (3.25, .real(3.25), "real"),
            (1e300, .real(1e300), "real"),
            (Double.pi, .real(.pi), "real"),
            (true, .integer(1), "integer"),
            (false, .integer(0), "integer"),
            ("", .text(""), "text"),
            ("plain ascii", .text("plain ascii"), "text"),
            ("Grüße, 日本語, עברית, Ελληνικά", .text("Grüße, 日本語, עברית, Ελληνικά"), "text"),
            ("emoji 👩‍👩‍👧‍👦 🇫🇮 🤦🏼‍♂️", .text("emoji 👩‍👩‍👧‍👦 🇫🇮 🤦🏼‍♂️"), "text"),
            ("nul\u{0}inside", .text("nul\u{0}inside"), "text"),
            ("it's \"quoted\"; DROP TABLE v; --", .text("it's \"quoted\"; DROP TABLE v; --"), "text"),
            ([UInt8](), .blob([]), "blob"),
            ([0, 1, 254, 255, 0] as [UInt8], .blob([0, 1, 254, 255, 0]), "blob"),
            (date, .real(1_700_000_000.25), "real"),
            (SQLValue.null, .null, "null"),
            (SQLValue.text("value"), .text("value"), "text"),
            (noString, .null, "null"),
            (someInt, .integer(7), "integer"),
        ]
        for (input, expected, type) in cases {
            let result = try roundTrip(db, input)
            XCTAssertEqual(result.value, expected, "\(input)")
            XCTAssertEqual(result.type, type, "\(input)")
        }
        XCTAssertTrue(try db.tableExists("v"))
    }

    func testEmbeddedNulIsStoredInFull() throws {
        let db = try openDatabase()
        XCTAssertEqual(try db.scalar("SELECT length(CAST(? AS BLOB))", ["a\u{0}b"]), .integer(3))
    }

    func testNaNIsStoredAsNullBySQLite() throws {
        let db = try openDatabase()
        XCTAssertEqual(try db.scalar("SELECT ?", [Double.nan]), .null)
    }

    func testDateRoundTripsThroughRow() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE events (at REAL NOT NULL)")
        let now = Date()
        try db.execute("INSERT INTO events (at) VALUES (?)", [now])
        let stored = try XCTUnwrap(db.queryRow("SELECT at FROM events")?.date("at"))
        XCTAssertEqual(stored.timeIntervalSince1970, now.timeIntervalSince1970, accuracy: 1e-6)
        // Unix seconds are what SQLite's own date functions understand.
        try db.execute("DELETE FROM events")
        try db.execute("INSERT INTO events (at) VALUES (?)", [Date(timeIntervalSince1970: 86_400)])
        XCTAssertEqual(try db.scalar("SELECT date(at, 'unixepoch') FROM events"), .text("1970-01-02"))
    }

    func testRowAccessors() throws {
        let db = try openDatabase()
        let row = try XCTUnwrap(db.queryRow(
            "SELECT 5 AS count, 2.0 AS whole, 2.5 AS half, 'x' AS name, 1 AS flag, x'00FF' AS data, NULL AS empty, 0 AS epoch"))
        XCTAssertEqual(row.count, 8)
        XCTAssertEqual(row.int("count"), 5)
        XCTAssertEqual(row.int64("count"), 5)
        XCTAssertEqual(row.double("count"), 5.0)
        XCTAssertEqual(row.int("whole"), 2, "a real with no fraction converts exactly")
        XCTAssertNil(row.int("half"), "a fraction is not silently truncated")
        XCTAssertEqual(row.double("half"), 2.5)
        XCTAssertEqual(row.string("name"), "x")
        XCTAssertNil(row.string("count"))
        XCTAssertNil(row.int("name"))
        XCTAssertEqual(row.bool("flag"), true)
        XCTAssertEqual(row.blob("data"), [0x00, 0xFF])
        XCTAssertEqual(row.date("epoch"), Date(timeIntervalSince1970: 0))
        XCTAssertEqual(row["empty"], .null)
        XCTAssertNil(row.int("empty"))
        XCTAssertEqual(row["absent"], .null)
        XCTAssertNil(row.string("absent"))
        XCTAssertEqual(row["COUNT"], .integer(5), "names match like SQLite's, ignoring ASCII case")
        XCTAssertEqual(row[3], .text("x"))
    }

    func testBindingTheWrongNumberOfValuesThrows() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (a, b)")
        let sql = "INSERT INTO t (a, b) VALUES (?, ?)"
        let statement = try db.prepare(sql)

        let tooFew = databaseError { try statement.bind([1]) }
        XCTAssertEqual(tooFew?.code, 25)
        XCTAssertEqual(tooFew?.codeName, "SQLITE_RANGE")
        XCTAssertEqual(tooFew?.sql, sql)
        XCTAssertEqual(tooFew?.message, "statement expects 2 arguments, got 1")

        let tooMany = databaseError { try db.execute(sql, [1, 2, 3]) }
        XCTAssertEqual(tooMany?.message, "statement expects 2 arguments, got 3")

        XCTAssertNotNil(databaseError { try statement.run() })
        XCTAssertEqual(try count(db, "t"), 0)
        try statement.run([1, 2])
        XCTAssertEqual(try count(db, "t"), 1)
    }

    func testNumberedParametersAreBoundByPosition() throws {
        let db = try openDatabase()
        let row = try XCTUnwrap(db.queryRow("SELECT ?2 AS second, ?1 AS first, ?2 AS again", ["a", "b"]))
        XCTAssertEqual(row.values, [.text("b"), .text("a"), .text("b")])
    }
}
