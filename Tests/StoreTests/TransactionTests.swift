import Foundation
import Store
import XCTest

final class TransactionTests: StoreTestCase {
    private struct Oops: Error, Equatable {}

    private func makeTable(_ db: Database) throws {
        try db.execute("CREATE TABLE t (x UNIQUE)")
    }

    private func values(_ db: Database) throws -> [Int] {
        try db.query("SELECT x FROM t ORDER BY x").compactMap { $0.int("x") }
    }

    func testCommitMakesRowsVisibleToAnotherConnection() throws {
        let db = try openDatabase()
        try makeTable(db)
        let result = try db.inTransaction { () -> String in
            XCTAssertTrue(db.isInTransaction)
            try db.execute("INSERT INTO t VALUES (1)")
            try db.execute("INSERT INTO t VALUES (2)")
            return "done"
        }
        XCTAssertEqual(result, "done")
        XCTAssertFalse(db.isInTransaction)
        XCTAssertEqual(try values(try openDatabase()), [1, 2])
    }

    func testEveryKindCommits() throws {
        let db = try openDatabase()
        try makeTable(db)
        for (n, kind) in [Database.TransactionKind.deferred, .immediate, .exclusive].enumerated() {
            try db.inTransaction(kind) { try db.execute("INSERT INTO t VALUES (?)", [n]) }
        }
        XCTAssertEqual(try values(try openDatabase()), [0, 1, 2])
    }

    func testThrowRollsBackAndRethrows() throws {
        let db = try openDatabase()
        try makeTable(db)
        try db.execute("INSERT INTO t VALUES (1)")
        let other = try openDatabase()
        XCTAssertThrowsError(try db.inTransaction {
            try db.execute("INSERT INTO t VALUES (2)")
            try db.execute("INSERT INTO t VALUES (3)")
            XCTAssertEqual(try self.values(db), [1, 2, 3])
            throw Oops()
        }) { XCTAssertEqual($0 as? Oops, Oops()) }
        XCTAssertFalse(db.isInTransaction)
        XCTAssertEqual(try values(db), [1])
        XCTAssertEqual(try values(other), [1])
        XCTAssertEqual(try values(try openDatabase()), [1])
    }

    func testDatabaseErrorInsideRollsBackEarlierWrites() throws {
        let db = try openDatabase()
        try makeTable(db)
        let error = databaseError {
            try db.inTransaction {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (1)")
            }
        }
        XCTAssertEqual(error?.isConstraint, true)
        XCTAssertFalse(db.isInTransaction)
        XCTAssertEqual(try values(try openDatabase()), [])
    }

    func testNestedCallBecomesASavepoint() throws {
        let db = try openDatabase()
        try makeTable(db)
        try db.inTransaction {
            try db.execute("INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try db.inTransaction {
                try db.execute("INSERT INTO t VALUES (2)")
                throw Oops()
            })
            XCTAssertTrue(db.isInTransaction, "the inner failure leaves the outer transaction open")
            let inner = try db.inTransaction { () -> Int in
                try db.execute("INSERT INTO t VALUES (3)")
                return 3
            }
            XCTAssertEqual(inner, 3)
        }
        XCTAssertEqual(try values(try openDatabase()), [1, 3])
    }

    func testOuterRollbackUndoesACompletedInnerSavepoint() throws {
        let db = try openDatabase()
        try makeTable(db)
        XCTAssertThrowsError(try db.inTransaction {
            try db.inTransaction { try db.execute("INSERT INTO t VALUES (1)") }
            throw Oops()
        })
        XCTAssertEqual(try values(try openDatabase()), [])
    }

    func testWriterWaitsThenFailsAsBusyWhileAnotherHoldsTheLock() throws {
        let db = try openDatabase()
        try makeTable(db)
        var options = Database.Options()
        options.busyTimeout = 0.2
        let other = try openDatabase(options: options)
        try db.inTransaction {
            try db.execute("INSERT INTO t VALUES (1)")
            let started = Date()
            let error = databaseError { try other.inTransaction { try other.execute("INSERT INTO t VALUES (2)") } }
            XCTAssertEqual(error?.isBusy, true, "\(String(describing: error))")
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.15, "the busy timeout was honoured")
            XCTAssertFalse(other.isInTransaction)
            // WAL: the other connection can still read the last committed state.
            XCTAssertEqual(try self.values(other), [])
        }
        XCTAssertEqual(try values(other), [1])
    }
}
