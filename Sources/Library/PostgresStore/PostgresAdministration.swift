import BookLibrary
import FoundationEssentials
import Glibc
import Postgres
import Store

/// What `ibook server init` did.
public struct PostgresServerSetup: Codable, Sendable {
    /// The URL without its password.
    public var library: String
    /// Migrations applied now; empty when the schema was already current.
    public var appliedMigrations: [String]
    /// This library's own roles (`PostgresRoles`).
    public var readerRole: String
    public var editorRole: String
    /// The roles granted each, directly: people, or groups of them.
    public var readers: [String]
    public var editors: [String]
}

/// Prepares a PostgreSQL database to hold a shared library.
public enum PostgresAdministration {
    /// Creates (or brings up to date) the schema, the library's reader and
    /// editor roles and the row-level security of each person's rows. Run by
    /// a superuser, or by a role that may create roles (CREATEROLE) and
    /// tables in the schema and owns the tables already there.
    ///
    /// All or nothing: the rights are checked first, then every pending
    /// migration runs in one transaction (each in a savepoint of it), so a
    /// refusal halfway leaves the database as it was, roles included (in
    /// PostgreSQL, CREATE ROLE is undone with the transaction).
    public static func initialise(_ url: String) throws -> PostgresServerSetup {
        let shown = withoutPassword(url)
        let connection = try PostgresConnection(url: url)
        let migrator = PostgresSchema.migrator()
        do {
            let pending = try pendingMigrations(connection, migrator)
            try checkRights(connection, pending: pending)
            // Up to date: nothing to write, which a role that may only read the library could not.
            let applied = pending.isEmpty ? [] : try connection.transaction { try migrator.migrate(connection) }
            let roles = try PostgresAccess.libraryRoles(connection)
            let members = try PostgresAccess.members(connection)
            return PostgresServerSetup(library: shown, appliedMigrations: applied,
                                     readerRole: roles[.reader] ?? "", editorRole: roles[.editor] ?? "",
                                     readers: members[.reader] ?? [], editors: members[.editor] ?? [])
        } catch MigrationError.newerSchema(let ids) {
            throw LibraryError.newerLibrary(shown, unknownMigrations: ids)
        } catch let error as PostgresError where error.kind == .permissionDenied {
            // Not the reader and editor roles' doing, as the message for a person's command would say.
            throw PostgresAdministrationError.initRefused(error.message)
        }
    }

    /// The migrations to apply; a role that may not even read which are
    /// applied is not the tables' owner, and is told whose they are.
    private static func pendingMigrations(_ db: PostgresConnection, _ migrator: PostgresMigrator) throws -> [String] {
        do {
            return try migrator.pendingMigrations(db) ?? migrator.registeredIDs
        } catch let error as PostgresError where error.kind == .permissionDenied {
            if let owner = try tablesOwner(db), !owner.mine {
                throw PostgresAdministrationError.notTheOwner(role: db.user, owner: owner.name)
            }
            throw error
        }
    }

    /// Who owns the library's tables (its `schema_migrations`), and whether
    /// the running role acts as that owner; nil before the first migration.
    private static func tablesOwner(_ db: PostgresConnection) throws -> (name: String, mine: Bool)? {
        try db.queryRow("""
            SELECT o.rolname, pg_has_role(current_user, c.relowner, 'USAGE') AS mine
            FROM pg_class c JOIN pg_roles o ON o.oid = c.relowner WHERE c.oid = to_regclass('schema_migrations')
            """).map { (try $0.required("rolname", Row.string), $0.bool("mine") == true) }
    }

    /// What the pending migrations need of the running role, asked before
    /// anything is changed, so that a missing right is one line naming it.
    private static func checkRights(_ db: PostgresConnection, pending: [String]) throws {
        guard !pending.isEmpty,
              let me = try db.queryRow("SELECT rolname, rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user"),
              me.bool("rolsuper") != true
        else { return }
        let role = try me.required("rolname", Row.string), owner = try tablesOwner(db)
        if let owner, !owner.mine {
            throw PostgresAdministrationError.notTheOwner(role: role, owner: owner.name)
        }
        // pg-9 creates this library's roles and hands them to the holders of
        // the server-wide ones (pg-2, pending only where pg-9 is, makes those).
        if me.bool("rolcreaterole") != true, pending.contains("pg-9-library-roles") {
            throw PostgresAdministrationError.missingRight(role: role, right: "CREATEROLE",
                                                 neededFor: "creating the library's reader and editor roles")
        }
        if owner == nil {
            let schema = try db.queryRow("SELECT current_schema() AS name, has_schema_privilege(current_schema(), 'CREATE') AS may")
            guard let name = schema?.string("name") else {
                throw PostgresAdministrationError.initRefused("no schema to create the tables in: the search_path names none that exists")
            }
            if schema?.bool("may") != true {
                throw PostgresAdministrationError.missingRight(role: role, right: "CREATE on schema \(name)",
                                                     neededFor: "creating the library's tables")
            }
        }
    }
}
