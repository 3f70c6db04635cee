import Foundation
import Store
import XCTest

final class MigratorTests: StoreTestCase {
    private struct Broken: Error {}

    private func schema(_ db: Database) throws -> [String] {
        try db.query("SELECT type || ' ' || name FROM sqlite_master ORDER BY name").compactMap { $0[0] == .null ? nil : "\($0[0])" }
    }

    private func migrationRows(_ db: Database) throws -> [Row] {
        try db.query("SELECT id, applied_at FROM schema_migrations ORDER BY rowid")
    }

    func testAppliesEachMigrationOnceAndRecordsIt() throws {
        let db = try openDatabase()
        var runs: [String] = []
        var migrator = Migrator()
        migrator.register("001-books") { db in
            runs.append("001")
            try db.execute("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        }
        migrator.register("002-tags") { db in
            runs.append("002")
            XCTAssertTrue(db.isInTransaction, "each migration runs inside a transaction")
            try db.execute("CREATE TABLE tags (book_id INTEGER NOT NULL REFERENCES books(id), tag TEXT NOT NULL)")
        }
        XCTAssertEqual(migrator.registeredIDs, ["001-books", "002-tags"])
        XCTAssertEqual(try migrator.appliedMigrations(db), [])
        XCTAssertFalse(try db.tableExists("schema_migrations"), "reading the applied list creates nothing")

        let before = Date().timeIntervalSince1970
        try migrator.migrate(db)
        XCTAssertEqual(runs, ["001", "002"])
        XCTAssertTrue(try db.tableExists("books"))
        XCTAssertTrue(try db.tableExists("tags"))
        XCTAssertEqual(try migrator.appliedMigrations(db), ["001-books", "002-tags"])
        for row in try migrationRows(db) {
            let appliedAt = try XCTUnwrap(row.double("applied_at"))
            XCTAssertGreaterThanOrEqual(appliedAt, before - 1)
            XCTAssertLessThanOrEqual(appliedAt, Date().timeIntervalSince1970 + 1)
        }

        try migrator.migrate(db)
        try migrator.migrate(try openDatabase())
        XCTAssertEqual(runs, ["001", "002"], "already applied migrations never run again")
        XCTAssertEqual(try migrationRows(db).count, 2)
    }

    func testNothingPendingMeansNoWriteLockAndNoWrite() throws {
        var migrator = Migrator()
        migrator.register("a") { db in try db.execute("CREATE TABLE a (x)") }
        let db = try openDatabase()
        XCTAssertEqual(try migrator.pendingMigrations(db), ["a"])
        try migrator.migrate(db)
        XCTAssertEqual(try migrator.pendingMigrations(db), [])

        let writer = try openDatabase()
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        var impatient = Database.Options()
        impatient.busyTimeout = 0
        let reader = try openDatabase(options: impatient)
        XCTAssertNoThrow(try migrator.migrate(reader), "another connection's write lock does not stop an up-to-date open")

        var readOnly = Database.Options()
        readOnly.readOnly = true
        let readOnlyConnection = try openDatabase(options: readOnly)
        XCTAssertTrue(readOnlyConnection.isReadOnly)
        XCTAssertFalse(reader.isReadOnly)
        XCTAssertNoThrow(try migrator.migrate(readOnlyConnection), "nothing pending, nothing written")
        var newer = migrator
        newer.register("b") { db in try db.execute("CREATE TABLE b (x)") }
        XCTAssertEqual(try newer.pendingMigrations(readOnlyConnection), ["b"])
        XCTAssertTrue(databaseError { try newer.migrate(readOnlyConnection) }?.isReadOnly ?? false)
    }

    func testAnImmutableOpenReadsAWALDatabaseAndReportsReadOnly() throws {
        // Closed, so that the commits are checkpointed out of the -wal, which immutable does not read.
        try openDatabase().execute("CREATE TABLE t (x); INSERT INTO t VALUES (42)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path() + "-wal"))
        var options = Database.Options()
        options.immutable = true
        let immutable = try Database(path: path(), options: options)
        XCTAssertEqual(try immutable.scalar("SELECT x FROM t"), .integer(42))
        XCTAssertTrue(immutable.isReadOnly)
    }

    func testOnlyNewMigrationsRunOnALaterVersion() throws {
        let db = try openDatabase()
        var runs: [String] = []
        var v1 = Migrator()
        v1.register("a") { db in runs.append("a"); try db.execute("CREATE TABLE a (x)") }
        try v1.migrate(db)

        var v2 = v1
        v2.register("b") { db in runs.append("b"); try db.execute("CREATE TABLE b (x)") }
        try v2.migrate(db)
        XCTAssertEqual(runs, ["a", "b"])
        XCTAssertEqual(try v2.appliedMigrations(db), ["a", "b"])
    }

    func testFailingMigrationIsRolledBackAndEarlierOnesStay() throws {
        let db = try openDatabase()
        var ranThird = false
        var migrator = Migrator()
        migrator.register("1") { db in try db.execute("CREATE TABLE one (x)") }
        migrator.register("2") { db in
            try db.execute("CREATE TABLE two (x)")
            try db.execute("INSERT INTO two VALUES (1)")
            throw Broken()
        }
        migrator.register("3") { _ in ranThird = true }

        XCTAssertThrowsError(try migrator.migrate(db)) { XCTAssertTrue($0 is Broken) }
        XCTAssertFalse(db.isInTransaction)
        let other = try openDatabase()
        XCTAssertEqual(try migrator.appliedMigrations(other), ["1"])
        XCTAssertTrue(try other.tableExists("one"))
        XCTAssertFalse(try other.tableExists("two"), "the failed migration's work is undone")
        XCTAssertFalse(ranThird, "later migrations do not run after a failure")

        var fixed = Migrator()
        fixed.register("1") { _ in XCTFail("already applied") }
        fixed.register("2") { db in try db.execute("CREATE TABLE two (x)") }
        fixed.register("3") { _ in ranThird = true }
        try fixed.migrate(db)
        XCTAssertEqual(try fixed.appliedMigrations(db), ["1", "2", "3"])
        XCTAssertTrue(ranThird)
    }

    func testFailingSQLInAMigrationIsRolledBack() throws {
        let db = try openDatabase()
        var migrator = Migrator()
        migrator.register("ok") { db in try db.execute("CREATE TABLE ok (x)") }
        migrator.register("bad") { db in
            try db.execute("CREATE TABLE half (x); CREATE TABLE ok (y);")
        }
        let error = databaseError { try migrator.migrate(db) }
        XCTAssertEqual(error?.message, "table ok already exists")
        XCTAssertEqual(try migrator.appliedMigrations(db), ["ok"])
        XCTAssertFalse(try db.tableExists("half"))
    }

    func testRefusesADatabaseFromANewerVersionWithoutChangingIt() throws {
        let db = try openDatabase()
        var newer = Migrator()
        newer.register("1") { db in try db.execute("CREATE TABLE one (x)") }
        newer.register("2") { db in try db.execute("CREATE TABLE two (x)") }
        newer.register("3") { db in try db.execute("CREATE TABLE three (x)") }
        try newer.migrate(db)
        let schemaBefore = try schema(db)
        let rowsBefore = try migrationRows(db)

        var older = Migrator()
        older.register("1") { _ in XCTFail("already applied") }
        older.register("1b-only-in-the-old-branch") { db in try db.execute("CREATE TABLE stray (x)") }
        XCTAssertThrowsError(try older.migrate(db)) { error in
            XCTAssertEqual(error as? MigrationError, .newerSchema(["2", "3"]))
            XCTAssertTrue("\(error)".contains("2, 3"))
        }
        XCTAssertFalse(db.isInTransaction)
        let other = try openDatabase()
        XCTAssertEqual(try schema(other), schemaBefore)
        XCTAssertEqual(try migrationRows(other), rowsBefore)
        XCTAssertFalse(try other.tableExists("stray"))
    }

    func testForeignKeysCanBeDisabledToRebuildATable() throws {
        let db = try openDatabase()
        var migrator = Migrator()
        migrator.register("1") { db in
            try db.execute("""
                CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT);
                CREATE TABLE notes (book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, note TEXT);
                INSERT INTO books VALUES (1, 'Dune');
                INSERT INTO notes VALUES (1, 'spice');
                """)
        }
        // The documented way to change a column: build a new table and swap it in.
        // With foreign keys on, DROP TABLE books would cascade into notes.
        migrator.register("2-title-not-null", disablingForeignKeys: true) { db in
            try db.execute("""
                CREATE TABLE new_books (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
                INSERT INTO new_books SELECT id, coalesce(title, '') FROM books;
                DROP TABLE books;
                ALTER TABLE new_books RENAME TO books;
                """)
        }
        try migrator.migrate(db)
        XCTAssertEqual(try db.query("SELECT note FROM notes").compactMap { $0.string("note") }, ["spice"])
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), .integer(1), "switched back on")
        XCTAssertEqual(try db.query("PRAGMA foreign_key_check").count, 0)
    }

    func testMigrationLeavingBrokenForeignKeysFails() throws {
        let db = try openDatabase()
        var migrator = Migrator()
        migrator.register("1") { db in
            try db.execute("""
                CREATE TABLE books (id INTEGER PRIMARY KEY);
                CREATE TABLE notes (book_id INTEGER NOT NULL REFERENCES books(id));
                INSERT INTO books VALUES (1);
                INSERT INTO notes VALUES (1);
                """)
        }
        migrator.register("2", disablingForeignKeys: true) { db in
            try db.execute("DELETE FROM books")
        }
        let error = databaseError { try migrator.migrate(db) }
        XCTAssertEqual(error?.codeName, "SQLITE_CONSTRAINT_FOREIGNKEY")
        XCTAssertEqual(error?.message.contains("notes"), true)
        XCTAssertEqual(try migrator.appliedMigrations(db), ["1"])
        XCTAssertEqual(try count(db, "books"), 1)
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), .integer(1))
    }
}
