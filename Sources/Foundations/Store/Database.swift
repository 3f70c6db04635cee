import CSQLite
import FoundationEssentials
import Glibc
import LeanBasics

/// One connection to an SQLite database file.
///
/// A Database is not thread-safe: give each thread (or serial queue) its own.
/// Several connections to one file, in this process or others, are what WAL
/// mode and the busy timeout are set up for.
public final class Database {
    public struct Options {
        public var readOnly = false
        /// How long a statement waits for another connection's lock before
        /// failing with SQLITE_BUSY.
        public var busyTimeout: TimeInterval = 30
        /// Whether a missing file is created; ignored when readOnly.
        public var create = true
        /// Promises SQLite that nobody changes the file while it is open, so
        /// that it reads without locks and without the -shm file WAL mode
        /// needs: the way to read a database on a read-only medium. Implies readOnly.
        public var immutable = false
        /// Whether opening switches the file to WAL mode (see `useWAL`). A
        /// caller that must first make sure the file is its own turns this off
        /// and calls `useWAL()` once it is, so a file that is not is never written.
        public var switchesToWAL = true

        public init() {}
    }

    public enum TransactionKind {
        case deferred, immediate, exclusive

        var keyword: String {
            switch self {
            case .deferred: return "DEFERRED"
            case .immediate: return "IMMEDIATE"
            case .exclusive: return "EXCLUSIVE"
            }
        }
    }

    public let path: String
    let connection: SQLiteConnection
    // Unbounded on purpose: only fixed SQL text should go through cachedStatement.
    private var statementCache: [String: Statement] = [:]
    private let savepoints = Savepoints()
    private let busyTimeout: TimeInterval

    public init(path: String, options: Options = Options()) throws {
        self.path = path
        busyTimeout = options.busyTimeout
        // A connection is never shared between threads (Database is not
        // Sendable), so SQLite's per-call locking is pure cost: a search that
        // prints every hit makes hundreds of thousands of calls.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var options = options
        var filename = path
        if options.immutable {
            options.readOnly = true
            flags |= SQLITE_OPEN_URI
            filename = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        if options.readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if options.create { flags |= SQLITE_OPEN_CREATE }
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(filename, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            // open_v2 allocates a handle even when it fails; it must still be closed.
            sqlite3_close_v2(handle)
            throw DatabaseError(code: code, message: "\(message): \(path)")
        }
        connection = SQLiteConnection(handle: handle)
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.milliseconds(options.busyTimeout))
        try configure(options)
    }

    deinit {
        // The cached statements go first so that nothing but statements handed
        // out to callers can keep the connection open past this point.
        statementCache.removeAll()
    }

    /// A path as the path of a `file:` URI: every byte but the unreserved
    /// ones and `/` percent-encoded, so `?`, `#` and `%` in a name stay in it.
    private static func uriEscaped(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        return path.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : CFormat.string("%%%02X", $0) }.joined()
    }

    private static func milliseconds(_ interval: TimeInterval) -> Int32 {
        let milliseconds = interval * 1000
        guard milliseconds.isFinite else { return milliseconds > 0 ? Int32.max : 0 }
        return Int32(max(0, min(milliseconds.rounded(), Double(Int32.max))))
    }

    private func configure(_ options: Options) throws {
        // SQLite opens lazily; reading the schema first makes a file that is not
        // a database fail here, as SQLITE_NOTADB, before any pragma that could
        // write to it.
        _ = try scalar("SELECT count(*) FROM sqlite_master")

        try execute("PRAGMA foreign_keys = ON")
        // The pragma is silently a no-op when SQLite is built without foreign keys.
        guard try scalar("PRAGMA foreign_keys") == .integer(1) else {
            throw DatabaseError(code: SQLITE_ERROR, message: "this SQLite cannot enforce foreign keys", sql: "PRAGMA foreign_keys = ON")
        }

        // A read-only connection cannot change the journal mode.
        if options.switchesToWAL && !options.readOnly { try useWAL() }
        // In WAL mode NORMAL cannot corrupt the database; it can only lose the
        // last commits on power loss, in exchange for far fewer fsyncs.
        try execute("PRAGMA synchronous = NORMAL")
        // Reads go through the page cache by memory mapping instead of a copy
        // per page: large full-text scans spend most of their time in read()
        // otherwise. Writes still go through the WAL.
        try execute("PRAGMA mmap_size = \(Self.mappedSize)")
        // column_mask(): which columns of a row hold every phrase of an FTS5 query.
        let code = ibook_register_fts5_functions(connection.handle)
        guard code == SQLITE_OK else { throw connection.error(code, sql: "SELECT fts5(?1)") }
    }

    /// Switches the file to WAL mode unless it is in it already (persistent:
    /// done once per file). An in-memory or temporary database has no file to
    /// put a WAL beside and is left as it is.
    public func useWAL() throws {
        // The mode is asked first: a file already in WAL mode is not written to
        // (or locked) just for being opened.
        guard !isTemporary, try scalar("PRAGMA journal_mode") != .text("wal") else { return }
        let sql = "PRAGMA journal_mode = WAL"
        let mode = try retryingWhileBusy(for: busyTimeout) { try scalar(sql) }
        // The pragma answers with the mode now in force instead of failing,
        // e.g. on file systems without shared memory.
        guard case .text(let text)? = mode, text.lowercased() == "wal" else {
            throw DatabaseError(
                code: SQLITE_ERROR,
                message: "could not switch to WAL journal mode (SQLite answered \(mode.map(String.init(describing:)) ?? "nothing"))",
                sql: sql)
        }
    }

    // Switching a new file to WAL needs an exclusive lock, and SQLite reports
    // SQLITE_BUSY for it at once, without calling the busy handler, when another
    // connection is opening the same file. The switch is persistent, so this
    // only matters the first time a file is opened, by two connections at once.
    private func retryingWhileBusy<T>(for timeout: TimeInterval, _ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.isBusy && Date() < deadline {
                usleep(10_000)
            }
        }
    }

    private var isTemporary: Bool {
        guard let filename = sqlite3_db_filename(connection.handle, "main") else { return true }
        return filename.pointee == 0
    }

    // MARK: Statements

    /// Runs a script of one or more statements, none of which may take parameters.
    /// How much of the file reads map into memory (see `configure`).
    private static let mappedSize = 1 << 30

    /// Runs `body` with reads mapped into memory (as usual) or, unless
    /// `mapped`, copied by read(): cheaper for reads scattered over a large
    /// file, where each page fault maps sixteen pages (and the end of the
    /// process unmaps them) to read one; mapping is cheaper for runs of
    /// consecutive pages. SQLite lets this change inside a transaction.
    public func withReads<T>(mapped: Bool, _ body: () throws -> T) throws -> T {
        guard !mapped else { return try body() }
        try execute("PRAGMA mmap_size = 0")
        let result = Result { try body() }
        try execute("PRAGMA mmap_size = \(Self.mappedSize)")
        return try result.get()
    }

    public func execute(_ sql: String) throws {
        try sql.withCString { start in
            var cursor = start
            while cursor.pointee != 0 {
                var handle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(connection.handle, cursor, -1, &handle, &tail)
                guard code == SQLITE_OK else {
                    sqlite3_finalize(handle)
                    // SQLite does not say where the failed statement ends, so
                    // the error shows the rest of the script from its start.
                    let rest = String(cString: cursor).trimmingWhitespaceAndNewlines()
                    throw connection.error(code, sql: rest)
                }
                if let handle {
                    try Statement(connection: connection, handle: handle).run()
                }
                guard let tail, tail != cursor else { break }
                cursor = tail
            }
        }
    }

    public func execute(_ sql: String, _ bindings: [SQLBindable]) throws {
        try prepare(sql).run(bindings)
    }

    public func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: connection, sql: sql)
    }

    /// A statement prepared once per connection and reused; meant for SQL text
    /// that is fixed in the code, since every distinct text stays cached.
    ///
    /// While the cached statement is being iterated by rows()/forEachRow(), a
    /// fresh uncached statement is returned instead, so nested use is safe.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let cached = statementCache[sql] {
            if !cached.isIterating {
                cached.reset()
                sqlite3_clear_bindings(cached.handle)
                return cached
            }
            return try prepare(sql)
        }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    public func query(_ sql: String, _ bindings: [SQLBindable] = []) throws -> [Row] {
        try prepare(sql).rows(bindings)
    }

    public func queryRow(_ sql: String, _ bindings: [SQLBindable] = []) throws -> Row? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        return try statement.step()
    }

    /// The first column of the first row; nil when there is no row.
    public func scalar(_ sql: String, _ bindings: [SQLBindable] = []) throws -> SQLValue? {
        try queryRow(sql, bindings)?.values.first
    }

    public var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(connection.handle)
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int {
        Int(sqlite3_changes(connection.handle))
    }

    /// Whether the connection was opened read-only (or immutable): every write fails.
    public var isReadOnly: Bool {
        sqlite3_db_readonly(connection.handle, "main") == 1
    }

    public var isInTransaction: Bool {
        sqlite3_get_autocommit(connection.handle) == 0
    }

    // MARK: Transactions

    /// Runs body in a transaction: COMMIT when it returns, ROLLBACK when it throws.
    ///
    /// The default is IMMEDIATE because in WAL mode a DEFERRED transaction that
    /// reads and then writes can fail with SQLITE_BUSY_SNAPSHOT when it tries
    /// to take the write lock, and the busy handler does not retry that.
    ///
    /// Called while a transaction is already open, it runs body in a SAVEPOINT
    /// instead: a throw undoes only that body's changes, and kind is ignored
    /// because the outer transaction already chose the locking.
    public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        if isInTransaction {
            return try inSavepoint(body)
        }
        try execute("BEGIN \(kind.keyword) TRANSACTION")
        let result: T
        do {
            result = try body()
            try execute("COMMIT TRANSACTION")
        } catch {
            // SQLite rolls back on its own after some errors (SQLITE_FULL,
            // SQLITE_IOERR, ...); a second ROLLBACK would only fail.
            if isInTransaction {
                try? execute("ROLLBACK TRANSACTION")
            }
            throw error
        }
        return result
    }

    private func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        try savepoints.run(execute: { try execute($0) }, inTransaction: { isInTransaction }, body)
    }

    // MARK: Schema

    /// Whether a table (or virtual table) exists, in the main or temp schema.
    public func tableExists(_ name: String) throws -> Bool {
        try scalar(
            """
            SELECT EXISTS (
                SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE
                UNION ALL
                SELECT 1 FROM sqlite_temp_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE)
            """,
            [name]) == .integer(1)
    }

    /// The messages of PRAGMA integrity_check: ["ok"] for a sound database.
    public func integrityCheck() throws -> [String] {
        try query("PRAGMA integrity_check").map { row in
            if case .text(let message) = row[0] { return message }
            return row[0].description
        }
    }
}
