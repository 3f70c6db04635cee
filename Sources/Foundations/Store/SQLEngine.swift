/// What the library's domain needs from a database engine: statements with
/// bound parameters, rows as `Row`/`SQLValue`, and transactions. SQLite's
/// `Database` and PostgreSQL's `PostgresConnection` both are one, so the
/// statements that read the catalog are written once.
///
/// Placeholders are written `?` for both engines; PostgreSQL's connection
/// numbers them `$1`, `$2`, … before sending the text.
public protocol SQLEngine: AnyObject {
    /// Which SQL the statements that differ between engines must be written in.
    var dialect: SQLDialect { get }
    func execute(_ sql: String, _ bindings: [SQLBindable]) throws
    func query(_ sql: String, _ bindings: [SQLBindable]) throws -> [Row]
    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    var changes: Int { get }
    /// Whether every write fails (an SQLite file on a read-only medium).
    var isReadOnly: Bool { get }
    /// Runs body in a transaction (a savepoint when one is open already):
    /// committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T
}

/// The engines' SQL where it differs.
public enum SQLDialect: Sendable, Equatable {
    case sqlite, postgres
}

extension SQLEngine {
    public func queryRow(_ sql: String, _ bindings: [SQLBindable] = []) throws -> Row? {
        try query(sql, bindings).first
    }

    /// The first column of the first row; nil when there is no row.
    public func scalar(_ sql: String, _ bindings: [SQLBindable] = []) throws -> SQLValue? {
        try queryRow(sql, bindings)?.values.first
    }

    /// The first column of the first row as an integer (count(*) and the like).
    public func count(_ sql: String, _ bindings: [SQLBindable] = []) throws -> Int {
        if case .integer(let value)? = try scalar(sql, bindings) { return Int(value) }
        return 0
    }
}

extension Database: SQLEngine {
    public var dialect: SQLDialect { .sqlite }

    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(.immediate, body)
    }
}
