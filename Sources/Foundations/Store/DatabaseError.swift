import CSQLite

/// A failed SQLite call, or a misuse this layer refuses before SQLite sees it.
public struct DatabaseError: StoreFailure, CustomStringConvertible, Equatable {
    /// The extended result code (extended codes are switched on for every connection).
    public var code: Int32
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code: the low byte of the extended one.
    public var primaryCode: Int32 { code & 0xFF }

    /// The C name of the code, e.g. "SQLITE_CONSTRAINT_UNIQUE".
    public var codeName: String {
        if let name = Self.codeNames[code] { return name }
        // A code newer than this table still has a primary code we know.
        if let name = Self.codeNames[primaryCode] { return "\(name) (extended \(code))" }
        return "unknown code \(code)"
    }

    // SQLITE_LOCKED is not included: it reports a conflict inside this very
    // connection (or a shared cache), which waiting for another process cannot fix.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY }
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    public var isDamaged: Bool { isCorrupt || isNotADatabase }
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// A write refused because the file, its folder or the connection is read-only.
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    /// The disk (or the file system's quota) is full.
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    /// The file cannot be opened (e.g. no -shm beside a WAL database on a read-only medium).
    public var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }

    /// One line for a person: never the SQL (it is for a debugger, in
    /// `sql`), and a message SQLite built from a huge input cut short.
    public var description: String {
        let line = message.prefix { $0 != "\n" }
        let shown = line.count > Self.longestMessage ? line.prefix(Self.longestMessage) + "…" : line
        return "SQLite error \(primaryCode) (\(codeName)): \(shown)"
    }

    static let longestMessage = 300

    // Generated from sqlite3.h 3.40.1. The header spells them as C macros built
    // with | and <<, which Swift does not import, so they are listed by value.
    private static let codeNames: [Int32: String] = [
        0: "SQLITE_OK",
        256: "SQLITE_OK_LOAD_PERMANENTLY",
        512: "SQLITE_OK_SYMLINK",
        1: "SQLITE_ERROR",
        257: "SQLITE_ERROR_MISSING_COLLSEQ",
        513: "SQLITE_ERROR_RETRY",
        769: "SQLITE_ERROR_SNAPSHOT",
        2: "SQLITE_INTERNAL",
        3: "SQLITE_PERM",
        4: "SQLITE_ABORT",
        516: "SQLITE_ABORT_ROLLBACK",
        5: "SQLITE_BUSY",
        261: "SQLITE_BUSY_RECOVERY",
        517: "SQLITE_BUSY_SNAPSHOT",
        773: "SQLITE_BUSY_TIMEOUT",
        6: "SQLITE_LOCKED",
        262: "SQLITE_LOCKED_SHAREDCACHE",
        518: "SQLITE_LOCKED_VTAB",
        7: "SQLITE_NOMEM",
        8: "SQLITE_READONLY",
        264: "SQLITE_READONLY_RECOVERY",
        520: "SQLITE_READONLY_CANTLOCK",
        776: "SQLITE_READONLY_ROLLBACK",
        1032: "SQLITE_READONLY_DBMOVED",
        1288: "SQLITE_READONLY_CANTINIT",
        1544: "SQLITE_READONLY_DIRECTORY",
        9: "SQLITE_INTERRUPT",
        10: "SQLITE_IOERR",
        266: "SQLITE_IOERR_READ",
        522: "SQLITE_IOERR_SHORT_READ",
        778: "SQLITE_IOERR_WRITE",
        1034: "SQLITE_IOERR_FSYNC",
        1290: "SQLITE_IOERR_DIR_FSYNC",
        1546: "SQLITE_IOERR_TRUNCATE",
        1802: "SQLITE_IOERR_FSTAT",
        2058: "SQLITE_IOERR_UNLOCK",
        2314: "SQLITE_IOERR_RDLOCK",
        2570: "SQLITE_IOERR_DELETE",
        2826: "SQLITE_IOERR_BLOCKED",
        3082: "SQLITE_IOERR_NOMEM",
        3338: "SQLITE_IOERR_ACCESS",
        3594: "SQLITE_IOERR_CHECKRESERVEDLOCK",
        3850: "SQLITE_IOERR_LOCK",
        4106: "SQLITE_IOERR_CLOSE",
        4362: "SQLITE_IOERR_DIR_CLOSE",
        4618: "SQLITE_IOERR_SHMOPEN",
        4874: "SQLITE_IOERR_SHMSIZE",
        5130: "SQLITE_IOERR_SHMLOCK",
        5386: "SQLITE_IOERR_SHMMAP",
        5642: "SQLITE_IOERR_SEEK",
        5898: "SQLITE_IOERR_DELETE_NOENT",
        6154: "SQLITE_IOERR_MMAP",
        6410: "SQLITE_IOERR_GETTEMPPATH",
        6666: "SQLITE_IOERR_CONVPATH",
        6922: "SQLITE_IOERR_VNODE",
        7178: "SQLITE_IOERR_AUTH",
        7434: "SQLITE_IOERR_BEGIN_ATOMIC",
        7690: "SQLITE_IOERR_COMMIT_ATOMIC",
        7946: "SQLITE_IOERR_ROLLBACK_ATOMIC",
        8202: "SQLITE_IOERR_DATA",
        8458: "SQLITE_IOERR_CORRUPTFS",
        11: "SQLITE_CORRUPT",
        267: "SQLITE_CORRUPT_VTAB",
        523: "SQLITE_CORRUPT_SEQUENCE",
        779: "SQLITE_CORRUPT_INDEX",
        12: "SQLITE_NOTFOUND",
        13: "SQLITE_FULL",
        14: "SQLITE_CANTOPEN",
        270: "SQLITE_CANTOPEN_NOTEMPDIR",
        526: "SQLITE_CANTOPEN_ISDIR",
        782: "SQLITE_CANTOPEN_FULLPATH",
        1038: "SQLITE_CANTOPEN_CONVPATH",
        1294: "SQLITE_CANTOPEN_DIRTYWAL",
        1550: "SQLITE_CANTOPEN_SYMLINK",
        15: "SQLITE_PROTOCOL",
        16: "SQLITE_EMPTY",
        17: "SQLITE_SCHEMA",
        18: "SQLITE_TOOBIG",
        19: "SQLITE_CONSTRAINT",
        275: "SQLITE_CONSTRAINT_CHECK",
        531: "SQLITE_CONSTRAINT_COMMITHOOK",
        787: "SQLITE_CONSTRAINT_FOREIGNKEY",
        1043: "SQLITE_CONSTRAINT_FUNCTION",
        1299: "SQLITE_CONSTRAINT_NOTNULL",
        1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
        1811: "SQLITE_CONSTRAINT_TRIGGER",
        2067: "SQLITE_CONSTRAINT_UNIQUE",
        2323: "SQLITE_CONSTRAINT_VTAB",
        2579: "SQLITE_CONSTRAINT_ROWID",
        2835: "SQLITE_CONSTRAINT_PINNED",
        3091: "SQLITE_CONSTRAINT_DATATYPE",
        20: "SQLITE_MISMATCH",
        21: "SQLITE_MISUSE",
        22: "SQLITE_NOLFS",
        23: "SQLITE_AUTH",
        279: "SQLITE_AUTH_USER",
        24: "SQLITE_FORMAT",
        25: "SQLITE_RANGE",
        26: "SQLITE_NOTADB",
        27: "SQLITE_NOTICE",
        283: "SQLITE_NOTICE_RECOVER_WAL",
        539: "SQLITE_NOTICE_RECOVER_ROLLBACK",
        28: "SQLITE_WARNING",
        284: "SQLITE_WARNING_AUTOINDEX",
    ]
}
