import CSQLite

/// The sqlite3* of one Database, shared with the statements it prepares.
///
/// Statements hold this rather than the Database so that the Database can keep a
/// statement cache without a reference cycle, and so that a statement outliving
/// its Database still talks to an open connection instead of a closed one.
final class SQLiteConnection {
    let handle: OpaquePointer

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        // close_v2 rather than close: it cannot fail with SQLITE_BUSY, and no
        // statement can still be alive here since each one retains this object.
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        DatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
