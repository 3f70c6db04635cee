import CSQLite

/// A prepared statement. Not thread-safe: use it on one thread at a time,
/// like the Database that made it.
public final class Statement {
    public let sql: String
    let connection: SQLiteConnection
    let handle: OpaquePointer
    // Set while rows()/forEachRow() walk the results, so the statement cache
    // never resets a statement out from under an iteration in progress.
    var isIterating = false
    // One array shared by every Row of a run, so rows do not each copy the names.
    private var cachedColumnNames: [String]?

    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        var trailingStatement = false
        let code = sql.withCString { start -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(connection.handle, start, -1, &statement, &tail)
            guard code == SQLITE_OK, statement != nil, let tail, tail.pointee != 0 else { return code }
            // Whitespace and comments after the statement are fine; another
            // statement is not, since it would be silently ignored.
            var next: OpaquePointer?
            let nextCode = sqlite3_prepare_v2(connection.handle, tail, -1, &next, nil)
            if next != nil || nextCode != SQLITE_OK { trailingStatement = true }
            sqlite3_finalize(next)
            return code
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw connection.error(code, sql: sql)
        }
        guard let statement else {
            throw DatabaseError(code: SQLITE_MISUSE, message: "no SQL statement to prepare", sql: sql)
        }
        if trailingStatement {
            sqlite3_finalize(statement)
            throw DatabaseError(
                code: SQLITE_MISUSE,
                message: "expected a single SQL statement; use execute(_:) without bindings to run several",
                sql: sql)
        }
        self.connection = connection
        self.handle = statement
        self.sql = sql
    }

    /// Adopts a statement prepared elsewhere (execute(_:) walking a script).
    init(connection: SQLiteConnection, handle: OpaquePointer) {
        self.connection = connection
        self.handle = handle
        self.sql = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
    }

    deinit {
        sqlite3_finalize(handle)
    }

    public var columnNames: [String] {
        if let cachedColumnNames { return cachedColumnNames }
        let names = (0..<sqlite3_column_count(handle)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        }
        cachedColumnNames = names
        return names
    }

    public var parameterCount: Int {
        Int(sqlite3_bind_parameter_count(handle))
    }

    public func bind(_ values: [SQLBindable]) throws {
        let expected = parameterCount
        guard values.count == expected else {
            throw DatabaseError(
                code: SQLITE_RANGE,
                message: "statement expects \(expected) argument\(expected == 1 ? "" : "s"), got \(values.count)",
                sql: sql)
        }
        // Binding to a statement that is mid-run is SQLITE_MISUSE.
        reset()
        for (offset, value) in values.enumerated() {
            try bind(value.sqlValue, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(let text):
            // An explicit byte length keeps embedded NULs, which a C string would cut.
            let length = sqlite3_uint64(text.utf8.count)
            code = text.withCString {
                sqlite3_bind_text64(handle, index, $0, length, ibook_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            if bytes.isEmpty {
                // A nil pointer would bind NULL, not an empty blob.
                code = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob64(handle, index, $0.baseAddress, sqlite3_uint64($0.count), ibook_sqlite_transient())
                }
            }
        }
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Advances to the next row; nil once the statement is done.
    public func step() throws -> Row? {
        try advance() ? currentRow() : nil
    }

    /// Steps the statement: whether a row is there to read.
    private func advance() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = connection.error(code, sql: sql)
            // A failed statement left un-reset keeps its read snapshot and locks.
            sqlite3_reset(handle)
            throw error
        }
    }

    public func reset() {
        // The return value repeats the last step() error, which was already thrown.
        sqlite3_reset(handle)
        // A schema change can re-prepare the statement with other columns (SELECT *).
        cachedColumnNames = nil
    }

    public func run(_ values: [SQLBindable] = []) throws {
        defer { reset() }
        try bind(values)
        while try step() != nil {}
    }

    public func rows(_ values: [SQLBindable] = []) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(values) { rows.append($0) }
        return rows
    }

    /// Calls body for each row as it is read, without collecting them.
    public func forEachRow(_ values: [SQLBindable] = [], _ body: (Row) throws -> Void) throws {
        isIterating = true
        defer {
            reset()
            isIterating = false
        }
        try bind(values)
        while let row = try step() {
            try body(row)
        }
    }

    /// Calls body for each row as it is read, with its columns read in place
    /// (`Columns`): the loop for many rows of a few columns.
    public func forEachStep(_ values: [SQLBindable] = [], _ body: (borrowing Columns) throws -> Void) throws {
        isIterating = true
        defer {
            reset()
            isIterating = false
        }
        try bind(values)
        while try advance() {
            try body(Columns(handle))
        }
    }

    private func currentRow() -> Row {
        let names = columnNames
        var values: [SQLValue] = []
        values.reserveCapacity(names.count)
        for index in 0..<Int32(names.count) {
            values.append(value(at: index))
        }
        return Row(columnNames: names, values: values)
    }

    private func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // column_text before column_bytes, as SQLite documents, so the
            // length is that of the UTF-8 form.
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            // A zero-length blob comes back as a nil pointer.
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }
}
