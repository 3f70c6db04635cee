import Foundation
import Store
import XCTest

final class DatabaseTests: StoreTestCase {
    func testOpenCreatesTheFile() throws {
        let file = path()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
        let db = try Database(path: file)
        XCTAssertEqual(db.path, file)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
        XCTAssertFalse(try db.tableExists("books"))
        try db.execute("CREATE TABLE books (id INTEGER PRIMARY KEY)")
        XCTAssertTrue(try db.tableExists("books"))
        XCTAssertTrue(try db.tableExists("BOOKS"), "SQLite table names ignore ASCII case")
    }

    func testJournalModeIsWALAndSynchronousIsNormal() throws {
        let db = try openDatabase()
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text("wal"))
        XCTAssertEqual(try db.scalar("PRAGMA synchronous"), .integer(1))
        try db.execute("CREATE TABLE t (x)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path() + "-wal"))

        // WAL is a property of the file: a second connection sees it too.
        let other = try openDatabase()
        XCTAssertEqual(try other.scalar("PRAGMA journal_mode"), .text("wal"))
    }

    func testWALSwitchCanWaitUntilTheCallerKnowsTheFileIsItsOwn() throws {
        // A database another program made, in the rollback-journal mode SQLite starts in.
        let made = try openDatabase(options: { var options = Database.Options(); options.switchesToWAL = false; return options }())
        try made.execute("CREATE TABLE contacts (name)")
        XCTAssertEqual(try made.scalar("PRAGMA journal_mode"), .text("delete"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path()))

        var options = Database.Options()
        options.create = false
        options.switchesToWAL = false
        let looking = try openDatabase(options: options)
        XCTAssertTrue(try looking.tableExists("contacts"))
        XCTAssertEqual(try looking.scalar("PRAGMA journal_mode"), .text("delete"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path())), before, "opened and read, nothing written")

        try looking.useWAL()
        XCTAssertEqual(try looking.scalar("PRAGMA journal_mode"), .text("wal"))
        try looking.useWAL()
        XCTAssertEqual(try openDatabase(options: options).scalar("PRAGMA journal_mode"), .text("wal"), "the switch is the file's")
    }

    func testForeignKeysAreEnforced() throws {
        let db = try openDatabase()
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), .integer(1))
        try db.execute("""
            CREATE TABLE authors (id INTEGER PRIMARY KEY);
            CREATE TABLE books (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES authors(id));
            INSERT INTO authors (id) VALUES (1);
            """)
        try db.execute("INSERT INTO books (author_id) VALUES (?)", [1])
        let error = databaseError { try db.execute("INSERT INTO books (author_id) VALUES (?)", [99]) }
        XCTAssertEqual(error?.isConstraint, true)
        XCTAssertEqual(error?.codeName, "SQLITE_CONSTRAINT_FOREIGNKEY")
        XCTAssertEqual(try count(db, "books"), 1)
    }

    func testOpenWithoutCreateFailsForAMissingFile() throws {
        var options = Database.Options()
        options.create = false
        let error = databaseError { _ = try self.openDatabase(options: options) }
        XCTAssertEqual(error?.primaryCode, 14, "SQLITE_CANTOPEN")
        XCTAssertEqual(error?.message.contains(path()), true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path()))
    }

    func testReadOnlyConnectionReadsButRefusesWrites() throws {
        do {
            let db = try openDatabase()
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        }
        var options = Database.Options()
        options.readOnly = true
        let db = try openDatabase(options: options)
        XCTAssertEqual(try db.scalar("SELECT x FROM t"), .integer(1))
        let error = databaseError { try db.execute("INSERT INTO t VALUES (2)") }
        XCTAssertEqual(error?.primaryCode, 8, "SQLITE_READONLY")
    }

    func testInMemoryDatabaseOpensWithoutWAL() throws {
        let db = try Database(path: ":memory:")
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text("memory"))
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        XCTAssertEqual(try count(db, "t"), 1)
    }

    func testTextFileIsNotADatabaseAndStaysUntouched() throws {
        let bytes = Data("These are my reading notes, not a database.\n".utf8)
        try assertRejectedAsNotADatabase(bytes)
    }

    func testRandomBytesAreNotADatabaseAndStayUntouched() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0x00  // never the "SQLite format 3" magic by chance
        try assertRejectedAsNotADatabase(Data(bytes))
    }

    private func assertRejectedAsNotADatabase(_ contents: Data, line: UInt = #line) throws {
        let file = path("notes.sqlite")
        try contents.write(to: URL(fileURLWithPath: file))
        let error = databaseError({ _ = try Database(path: file) }, line: line)
        XCTAssertEqual(error?.isNotADatabase, true, "\(String(describing: error))", line: line)
        XCTAssertEqual(error?.isCorrupt, false, line: line)
        // Read-only skips the WAL pragma, so only the check at open can catch it.
        var readOnly = Database.Options()
        readOnly.readOnly = true
        let readOnlyError = databaseError({ _ = try Database(path: file, options: readOnly) }, line: line)
        XCTAssertEqual(readOnlyError?.isNotADatabase, true, "\(String(describing: readOnlyError))", line: line)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), contents, line: line)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(leftovers, ["notes.sqlite"], "no -wal, -shm or -journal file", line: line)
    }

    func testErrorCarriesTheSQLAndTheExtendedCodeName() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE books (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE)")
        let sql = "INSERT INTO books (sha256) VALUES (?)"
        try db.execute(sql, ["abc"])
        let error = databaseError { try db.execute(sql, ["abc"]) }
        XCTAssertEqual(error?.code, 2067)
        XCTAssertEqual(error?.primaryCode, 19)
        XCTAssertEqual(error?.isConstraint, true)
        XCTAssertEqual(error?.isBusy, false)
        XCTAssertEqual(error?.codeName, "SQLITE_CONSTRAINT_UNIQUE")
        XCTAssertEqual(error?.sql, sql)
        XCTAssertEqual(error?.message, "UNIQUE constraint failed: books.sha256")
        XCTAssertEqual(
            error?.description,
            "SQLite error 19 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: books.sha256", "no SQL in a message")
    }

    func testSyntaxErrorCarriesTheSQL() throws {
        let db = try openDatabase()
        let error = databaseError { _ = try db.prepare("SELEC 1") }
        XCTAssertEqual(error?.code, 1)
        XCTAssertEqual(error?.codeName, "SQLITE_ERROR")
        XCTAssertEqual(error?.sql, "SELEC 1")
        XCTAssertEqual(error?.message.contains("syntax error"), true)
    }

    func testExecuteRunsAScriptAndStopsAtTheFirstFailure() throws {
        let db = try openDatabase()
        try db.execute("""
            -- a comment before anything
            CREATE TABLE t (x);
            INSERT INTO t VALUES (1);  /* and one inside */
            INSERT INTO t VALUES (2);

            """)
        XCTAssertEqual(try count(db, "t"), 2)

        let error = databaseError {
            try db.execute("INSERT INTO t VALUES (3); INSERT INTO missing VALUES (4); INSERT INTO t VALUES (5);")
        }
        XCTAssertEqual(error?.message, "no such table: missing")
        XCTAssertEqual(error?.sql?.hasPrefix("INSERT INTO missing"), true)
        XCTAssertEqual(try db.query("SELECT x FROM t ORDER BY x").map { $0[0] }, [.integer(1), .integer(2), .integer(3)])
    }

    func testExecuteScriptRefusesParameters() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x)")
        let error = databaseError { try db.execute("INSERT INTO t VALUES (?)") }
        XCTAssertEqual(error?.primaryCode, 25, "SQLITE_RANGE")
        XCTAssertEqual(try count(db, "t"), 0, "a parameter must not silently become NULL")
    }

    func testPrepareRefusesASecondStatementButAllowsTrailingComments() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x)")
        let error = databaseError { _ = try db.prepare("INSERT INTO t VALUES (1); DROP TABLE t") }
        XCTAssertEqual(error?.primaryCode, 21, "SQLITE_MISUSE")
        XCTAssertTrue(try db.tableExists("t"))
        XCTAssertEqual(try count(db, "t"), 0)

        XCTAssertEqual(try db.prepare("SELECT 1; -- done\n  ").rows().count, 1)
        XCTAssertNotNil(databaseError { _ = try db.prepare("  -- only a comment") })
    }

    func testLastInsertRowIDAndChanges() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x)")
        try db.execute("INSERT INTO t (id, x) VALUES (?, ?)", [41, "a"])
        XCTAssertEqual(db.lastInsertRowID, 41)
        try db.execute("INSERT INTO t (x) VALUES (?)", ["b"])
        XCTAssertEqual(db.lastInsertRowID, 42)
        try db.execute("UPDATE t SET x = 'c'")
        XCTAssertEqual(db.changes, 2)
    }

    func testQueryRowAndScalar() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (NULL); INSERT INTO t VALUES (7);")
        XCTAssertNil(try db.queryRow("SELECT x FROM t WHERE x = ?", [8]))
        XCTAssertNil(try db.scalar("SELECT x FROM t WHERE x = ?", [8]))
        XCTAssertEqual(try db.scalar("SELECT x FROM t WHERE x IS NULL"), .null)
        let row = try XCTUnwrap(db.queryRow("SELECT x AS value, x * 2 AS double FROM t WHERE x = ?", [7]))
        XCTAssertEqual(row.columnNames, ["value", "double"])
        XCTAssertEqual(row.values, [.integer(7), .integer(14)])
    }

    func testIntegrityCheck() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1);")
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }

    func testAStatementOutlivingItsDatabaseStillWorks() throws {
        var db: Database? = try openDatabase()
        try db?.execute("CREATE TABLE t (x); INSERT INTO t VALUES (5);")
        let statement = try XCTUnwrap(db?.prepare("SELECT x FROM t"))
        db = nil
        XCTAssertEqual(try statement.rows().map { $0[0] }, [.integer(5)])
    }
}
