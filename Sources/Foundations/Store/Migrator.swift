import CSQLite
import FoundationEssentials
import Glibc

/// Applies schema migrations once each, in the order they were registered.
public struct Migrator {
    private struct Migration {
        var id: String
        var disablesForeignKeys: Bool
        var migrate: (Database) throws -> Void
    }

    private var migrations: [Migration] = []

    public init() {}

    public var registeredIDs: [String] { migrations.map(\.id) }

    /// Registers a migration. Ids are recorded in the database, so they must
    /// never change once shipped.
    ///
    /// Pass disablingForeignKeys: true for a migration that rebuilds a table
    /// (create new, copy, drop old, rename), which foreign keys would otherwise
    /// cascade or refuse. The keys are checked with PRAGMA foreign_key_check
    /// before the migration commits, and the migration fails if any is broken.
    public mutating func register(
        _ id: String,
        disablingForeignKeys: Bool = false,
        _ migrate: @escaping (Database) throws -> Void
    ) {
        precondition(!migrations.contains { $0.id == id }, "migration \"\(id)\" is registered twice")
        migrations.append(Migration(id: id, disablesForeignKeys: disablingForeignKeys, migrate: migrate))
    }

    /// Applies what is pending. What is pending is read first in a read
    /// transaction, so that opening an up-to-date database takes no write
    /// lock and writes nothing: it can be on a read-only medium or busy
    /// with a writer in another process.
    public func migrate(_ db: Database) throws {
        guard try !pendingMigrations(db).isEmpty else { return }
        try db.inTransaction(.immediate) {
            try db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at REAL)")
            _ = try knownAppliedIDs(db)
        }
        for migration in migrations {
            try apply(migration, to: db)
        }
    }

    private func apply(_ migration: Migration, to db: Database) throws {
        // PRAGMA foreign_keys is a no-op inside a transaction, so it has to be
        // switched off before BEGIN; inside a caller's transaction it cannot be.
        let togglesForeignKeys = migration.disablesForeignKeys && !db.isInTransaction
        if togglesForeignKeys {
            try db.execute("PRAGMA foreign_keys = OFF")
        }
        defer {
            if togglesForeignKeys {
                try? db.execute("PRAGMA foreign_keys = ON")
            }
        }
        try db.inTransaction(.immediate) {
            // Read again inside the write lock: another process may have
            // migrated between our check and this transaction.
            guard try !knownAppliedIDs(db).contains(migration.id) else { return }
            try migration.migrate(db)
            if migration.disablesForeignKeys {
                try checkForeignKeys(db, after: migration.id)
            }
            try db.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)", [migration.id, Date()])
        }
    }

    private func checkForeignKeys(_ db: Database, after id: String) throws {
        let violations = try db.query("PRAGMA foreign_key_check")
        guard !violations.isEmpty else { return }
        let tables = Set(violations.compactMap { $0.string("table") }).sorted()
        throw DatabaseError(
            code: SQLITE_CONSTRAINT_FOREIGNKEY_CODE,
            message: "migration \"\(id)\" leaves \(violations.count) foreign key violation(s) in \(tables.joined(separator: ", "))",
            sql: "PRAGMA foreign_key_check")
    }

    /// The applied ids, after checking that all of them are known.
    private func knownAppliedIDs(_ db: Database) throws -> Set<String> {
        try AppliedMigrations.ids(in: db, known: registeredIDs)
    }

    /// The registered ids not applied yet, in order; throws
    /// MigrationError.newerSchema when the database has ids this code does not know.
    public func pendingMigrations(_ db: Database) throws -> [String] {
        let applied = try db.inTransaction(.deferred) { () -> Set<String> in
            guard try db.tableExists("schema_migrations") else { return [] }
            return try knownAppliedIDs(db)
        }
        return migrations.map(\.id).filter { !applied.contains($0) }
    }

    /// Applied migration ids in the order they were applied.
    public func appliedMigrations(_ db: Database) throws -> [String] {
        guard try db.tableExists("schema_migrations") else { return [] }
        return try db.query("SELECT id FROM schema_migrations ORDER BY rowid").compactMap { $0.string("id") }
    }
}

// sqlite3.h builds the extended codes with | and <<, which Swift does not import.
private let SQLITE_CONSTRAINT_FOREIGNKEY_CODE: Int32 = SQLITE_CONSTRAINT | (3 << 8)
