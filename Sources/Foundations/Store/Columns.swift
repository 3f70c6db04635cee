import CSQLite

/// The current row of a statement read in place, column by column (from 0):
/// no `Row`, no column names and no copies but those asked for. For loops
/// that read thousands of rows of a few columns (a search's pages and
/// outline entries), where building a `Row` for each cost more than the
/// SQLite step that found it. Valid only inside the `forEachStep` body
/// that hands it over (borrowed and not copyable, it cannot leave it).
public struct Columns: ~Copyable {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as an integer; nil unless SQLite holds an integer there.
    public func int64(_ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_INTEGER ? sqlite3_column_int64(handle, column) : nil
    }

    public func int(_ column: Int32) -> Int? {
        int64(column).flatMap { Int(exactly: $0) }
    }

    /// The column as text; nil unless SQLite holds text there.
    public func string(_ column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT else { return nil }
        return withBytes(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// The column's name in the statement (its `AS`, else what SQLite calls it).
    public func name(_ column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "column \(column)"
    }

    // The reads of a column that must hold a value (NOT NULL in the schema, or
    // one the code cannot go on without): NULL, or a value of another type,
    // throws `MissingValue` naming the column, as `Row.required` does.

    public func requiredInt64(_ column: Int32) throws -> Int64 {
        guard let value = int64(column) else { throw MissingValue(column: name(column)) }
        return value
    }

    public func requiredInt(_ column: Int32) throws -> Int {
        guard let value = int(column) else { throw MissingValue(column: name(column)) }
        return value
    }

    public func requiredString(_ column: Int32) throws -> String {
        guard let value = string(column) else { throw MissingValue(column: name(column)) }
        return value
    }

    /// The column's value, copied out (`Row`'s values are these).
    public func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(withBytes(column) { String(decoding: $0, as: UTF8.self) })
        case SQLITE_BLOB: return .blob(withBytes(column) { Array($0) })
        default: return .null
        }
    }

    /// The bytes SQLite holds for a text or blob column (UTF-8 for text),
    /// valid only inside `body`; empty for NULL.
    public func withBytes<Result>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        // The pointer before the length, as SQLite documents, so the length is that of what it points to.
        let start: UnsafeRawPointer? = sqlite3_column_type(handle, column) == SQLITE_BLOB
            ? sqlite3_column_blob(handle, column) : sqlite3_column_text(handle, column).map(UnsafeRawPointer.init)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let start, count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count))
    }
}
