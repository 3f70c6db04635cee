import FoundationEssentials
import Glibc
import Store

/// Applies a shared library's schema migrations once each, in order, and
/// records them in `schema_migrations` as SQLite libraries do. Every client
/// may call it: a transaction-level advisory lock makes concurrent callers
/// wait for one another instead of applying a migration twice.
public struct PostgresMigrator {
    private struct Migration {
        var id: String
        var migrate: (PostgresConnection) throws -> Void
    }

    private var migrations: [Migration] = []
    /// An arbitrary constant that names "ibook's schema" among advisory locks.
    private static let lockKey = 0x1B00_C5C4_E3A0

    public init() {}

    public var registeredIDs: [String] { migrations.map(\.id) }

    public mutating func register(_ id: String, _ migrate: @escaping (PostgresConnection) throws -> Void) {
        precondition(!migrations.contains { $0.id == id }, "migration \"\(id)\" is registered twice")
        migrations.append(Migration(id: id, migrate: migrate))
    }

    /// Applies what is pending, each migration in its own transaction (a
    /// savepoint when the caller has one open: `ibook server init` runs them
    /// all in one, so that a refusal halfway changes nothing); returns the ids it applied.
    @discardableResult
    public func migrate(_ connection: PostgresConnection) throws -> [String] {
        guard let last = migrations.last else { return [] }
        return try migrate(connection, upTo: last.id)
    }

    /// Applies what is pending up to and including `id` (as GRDB's
    /// `migrate(_:upTo:)`): a database left as an older ibook left it, for
    /// the tests of an upgrade.
    @discardableResult
    public func migrate(_ connection: PostgresConnection, upTo id: String) throws -> [String] {
        guard let last = migrations.firstIndex(where: { $0.id == id }) else {
            preconditionFailure("no migration \"\(id)\" is registered")
        }
        var applied: [String] = []
        for migration in migrations[...last] {
            let ran = try connection.transaction { () -> Bool in
                try connection.execute("SELECT pg_advisory_xact_lock(?)", [Self.lockKey])
                try connection.execute("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at double precision NOT NULL)
                    """)
                guard try !knownAppliedIDs(connection).contains(migration.id) else { return false }
                try migration.migrate(connection)
                try connection.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)", [migration.id, Date()])
                return true
            }
            if ran { applied.append(migration.id) }
        }
        return applied
    }

    /// The registered ids not applied yet; throws MigrationError.newerSchema
    /// when the database records ids this build does not know. Nil when the
    /// database has no ibook schema at all.
    ///
    /// Outside a transaction only: a database without the table answers with
    /// an error (42P01), one round trip where asking first whether the table
    /// exists took two on every command's start.
    public func pendingMigrations(_ connection: PostgresConnection) throws -> [String]? {
        precondition(!connection.isInTransaction, "an error would end the caller's transaction")
        return try pendingMigrations(applied: Result { try connection.query(AppliedMigrations.query) })
    }

    /// The same, from the outcome of `AppliedMigrations.query` run elsewhere (with a session's settings).
    public func pendingMigrations(applied outcome: Result<[Row], Error>) throws -> [String]? {
        let rows: [Row]
        do {
            rows = try outcome.get()
        } catch let error as PostgresError where error.sqlState == Self.undefinedTable {
            return nil
        }
        let applied = try AppliedMigrations.ids(in: rows, known: registeredIDs)
        return migrations.map(\.id).filter { !applied.contains($0) }
    }

    private static let undefinedTable = "42P01"

    private func knownAppliedIDs(_ connection: PostgresConnection) throws -> Set<String> {
        try AppliedMigrations.ids(in: connection, known: registeredIDs)
    }
}
