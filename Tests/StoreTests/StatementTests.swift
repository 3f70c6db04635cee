import Foundation
import Store
import XCTest

final class StatementTests: StoreTestCase {
    private func makeNumbers(_ db: Database, count: Int) throws {
        try db.execute("CREATE TABLE numbers (n INTEGER NOT NULL)")
        try db.inTransaction {
            let insert = try db.prepare("INSERT INTO numbers (n) VALUES (?)")
            for n in 1...count { try insert.run([n]) }
        }
    }

    func testStepWalksTheRowsThenReturnsNil() throws {
        let db = try openDatabase()
        try makeNumbers(db, count: 3)
        let statement = try db.prepare("SELECT n FROM numbers ORDER BY n")
        XCTAssertEqual(statement.sql, "SELECT n FROM numbers ORDER BY n")
        XCTAssertEqual(statement.columnNames, ["n"])
        XCTAssertEqual(try statement.step()?.int("n"), 1)
        XCTAssertEqual(try statement.step()?.int("n"), 2)
        XCTAssertEqual(try statement.step()?.int("n"), 3)
        XCTAssertNil(try statement.step())
        statement.reset()
        XCTAssertEqual(try statement.step()?.int("n"), 1, "reset starts over")
    }

    func testCachedStatementIsReusedAndResetBeforeReuse() throws {
        let db = try openDatabase()
        try makeNumbers(db, count: 5)
        let sql = "SELECT n FROM numbers WHERE n >= ? ORDER BY n"
        let first = try db.cachedStatement(sql)
        try first.bind([2])
        XCTAssertEqual(try first.step()?.int("n"), 2)  // abandoned mid-way on purpose

        let second = try db.cachedStatement(sql)
        XCTAssertTrue(first === second, "the same prepared statement comes back")
        // Reset, with the old bindings cleared: n >= NULL matches nothing.
        XCTAssertNil(try second.step())

        XCTAssertEqual(try db.cachedStatement(sql).rows([4]).compactMap { $0.int("n") }, [4, 5])
        XCTAssertFalse(try db.cachedStatement("SELECT 1") === second)
    }

    func testCachedStatementUsedInsideItsOwnIterationIsNotDisturbed() throws {
        let db = try openDatabase()
        try makeNumbers(db, count: 3)
        let sql = "SELECT n FROM numbers WHERE n >= ? ORDER BY n"
        var pairs: [[Int]] = []
        try db.cachedStatement(sql).forEachRow([1]) { outer in
            let n = try XCTUnwrap(outer.int("n"))
            let inner = try db.cachedStatement(sql).rows([n]).compactMap { $0.int("n") }
            pairs.append([n] + inner)
        }
        XCTAssertEqual(pairs, [[1, 1, 2, 3], [2, 2, 3], [3, 3]])
    }

    func testForEachRowStreamsRowsOneByOne() throws {
        let db = try openDatabase()
        try makeNumbers(db, count: 1000)
        let statement = try db.prepare("SELECT n FROM numbers ORDER BY n")

        var sum = 0
        var seen = 0
        try statement.forEachRow { row in
            sum += row.int("n") ?? 0
            seen += 1
        }
        XCTAssertEqual(seen, 1000)
        XCTAssertEqual(sum, 500_500)

        // The body sees each row before the next is read: stopping early
        // means the rest are never produced.
        struct Stop: Error {}
        seen = 0
        XCTAssertThrowsError(try statement.forEachRow { _ in
            seen += 1
            if seen == 10 { throw Stop() }
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(seen, 10)

        // Left reset after the throw, so the statement runs again from the start.
        XCTAssertEqual(try statement.step()?.int("n"), 1)
        statement.reset()
    }

    /// Columns read in place give what a Row gives, column by column.
    func testForEachStepReadsColumnsInPlaceAsRowsReadThem() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, n, label, data)")
        try db.execute("INSERT INTO t VALUES (1, 42, 'Préface', x'00FF10'), (2, 2.5, NULL, ''), (3, NULL, '', x'')")
        let statement = try db.prepare("SELECT id, n, label, data FROM t ORDER BY id")
        var read: [[SQLValue]] = []
        var texts: [String?] = []
        var bytes: [[UInt8]] = []
        try statement.forEachStep { row in
            read.append((0..<4).map { row.value($0) })
            texts.append(row.string(2))
            bytes.append(row.withBytes(3) { Array($0) } + row.withBytes(2) { Array($0) })
            XCTAssertEqual(row.int(0), row.int64(0).map(Int.init))
            XCTAssertEqual(row.isNull(1), row.int(0) == 3)
        }
        XCTAssertEqual(read, try statement.rows().map(\.values))
        XCTAssertEqual(read[0], [.integer(1), .integer(42), .text("Préface"), .blob([0x00, 0xFF, 0x10])])
        XCTAssertEqual(read[1][1], .real(2.5))
        XCTAssertEqual(texts, ["Préface", nil, ""], "text only where SQLite holds text")
        XCTAssertEqual(bytes, [[0x00, 0xFF, 0x10] + Array("Préface".utf8), [], []])

        // A failing step throws, and the statement is left reset.
        struct Stop: Error {}
        var seen = 0
        XCTAssertThrowsError(try statement.forEachStep { _ in
            seen += 1
            throw Stop()
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(seen, 1)
        XCTAssertEqual(try statement.step()?.int("id"), 1)
        statement.reset()
        let failing = try db.prepare("SELECT abs(-9223372036854775807 - 1)")
        XCTAssertNotNil(databaseError { try failing.forEachStep { _ in } }, "integer overflow is SQLite's error, thrown")
    }

    func testForEachRowSeesWritesMadeWhileIterating() throws {
        // Proof of streaming rather than reading everything first: rows added
        // to the table while it is walked (same connection) show up.
        let db = try openDatabase()
        try db.execute("CREATE TABLE queue (id INTEGER PRIMARY KEY, n INTEGER)")
        try db.execute("INSERT INTO queue (n) VALUES (1)")
        var seen: [Int] = []
        try db.prepare("SELECT n FROM queue ORDER BY id").forEachRow { row in
            let n = row.int("n") ?? 0
            seen.append(n)
            if n < 5 { try db.execute("INSERT INTO queue (n) VALUES (?)", [n + 1]) }
        }
        XCTAssertEqual(seen, [1, 2, 3, 4, 5])
    }

    func testRunExecutesToCompletionAndCanRepeat() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x)")
        let insert = try db.prepare("INSERT INTO t (x) VALUES (?)")
        try insert.run(["a"])
        try insert.run(["b"])
        XCTAssertEqual(try db.query("SELECT x FROM t ORDER BY rowid").compactMap { $0.string("x") }, ["a", "b"])
    }

    func testFailedStepThrowsAndTheStatementCanRunAgain() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x UNIQUE)")
        let insert = try db.prepare("INSERT INTO t (x) VALUES (?)")
        try insert.run([1])
        XCTAssertEqual(databaseError { try insert.run([1]) }?.isConstraint, true)
        try insert.run([2])
        XCTAssertEqual(try count(db, "t"), 2)
    }
}
