import Foundation
import Store
import XCTest

final class ConcurrencyTests: StoreTestCase {
    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [String] = []

        func record(_ error: Error) {
            lock.lock()
            errors.append("\(error)")
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return errors
        }
    }

    func testTwoConnectionsWritingAtOnceNeverSeeDatabaseIsLocked() throws {
        let file = path()
        do {
            let db = try Database(path: file)
            try db.execute("CREATE TABLE log (writer INTEGER NOT NULL, n INTEGER NOT NULL, seen INTEGER NOT NULL, UNIQUE (writer, n))")
        }
        let perWriter = 500
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                // Each thread opens its own connection, at the same moment as the other.
                let db = try Database(path: file)
                for n in 0..<perWriter {
                    // Read, then write: with a DEFERRED transaction this is the
                    // pattern that fails with SQLITE_BUSY_SNAPSHOT under WAL.
                    try db.inTransaction {
                        let seen = try db.scalar("SELECT count(*) FROM log") ?? .null
                        try db.execute("INSERT INTO log (writer, n, seen) VALUES (?, ?, ?)", [writer, n, seen])
                    }
                }
            } catch {
                failures.record(error)
            }
        }
        XCTAssertEqual(failures.all, [])

        let db = try Database(path: file)
        XCTAssertEqual(try count(db, "log"), Int64(2 * perWriter))
        for writer in 0..<2 {
            let ns = try db.query("SELECT n FROM log WHERE writer = ? ORDER BY n", [writer]).compactMap { $0.int("n") }
            XCTAssertEqual(ns, Array(0..<perWriter), "writer \(writer) lost nothing")
        }
        // Each transaction saw every row committed before it: the counts are all distinct.
        XCTAssertEqual(try db.scalar("SELECT count(DISTINCT seen) FROM log"), .integer(Int64(2 * perWriter)))
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }

    func testTwoConnectionsOpeningANewFileAtOnceBothSucceed() throws {
        // The race is narrow (switching a new file to WAL), so try it many times.
        let failures = Failures()
        for attempt in 0..<200 {
            let file = path("new-\(attempt).sqlite")
            DispatchQueue.concurrentPerform(iterations: 2) { writer in
                do {
                    let db = try Database(path: file)
                    try db.execute("CREATE TABLE IF NOT EXISTS t (writer INTEGER)")
                    try db.inTransaction { try db.execute("INSERT INTO t VALUES (?)", [writer]) }
                } catch {
                    failures.record(error)
                }
            }
            let db = try Database(path: file)
            XCTAssertEqual(try count(db, "t"), 2)
            XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text("wal"))
        }
        XCTAssertEqual(failures.all, [])
    }
}
