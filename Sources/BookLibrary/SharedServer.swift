import FoundationEssentials
import Glibc
import Postgres
import Store

/// What `ibook server init` did.
public struct SharedServerSetup: Codable, Sendable {
    /// The URL without its password.
    public var library: String
    /// Migrations applied now; empty when the schema was already current.
    public var appliedMigrations: [String]
    /// This library's own roles (`SharedRoles`).
    public var readerRole: String
    public var editorRole: String
    /// The roles granted each, directly: people, or groups of them.
    public var readers: [String]
    public var editors: [String]
}

/// Prepares a PostgreSQL database to hold a shared library.
public enum SharedServer {
    /// Creates (or brings up to date) the schema, the library's reader and
    /// editor roles and the row-level security of each person's rows. Run by
    /// a role that may create roles and tables: the database's owner or a superuser.
    public static func initialise(_ url: String) throws -> SharedServerSetup {
        let shown = withoutPassword(url)
        let connection = try PostgresConnection(url: url)
        do {
            let applied = try SharedSchema.migrator().migrate(connection)
            let roles = try SharedAccess.libraryRoles(connection)
            let members = try SharedAccess.members(connection)
            return SharedServerSetup(library: shown, appliedMigrations: applied,
                                     readerRole: roles[.reader] ?? "", editorRole: roles[.editor] ?? "",
                                     readers: members[.reader] ?? [], editors: members[.editor] ?? [])
        } catch MigrationError.newerSchema(let ids) {
            throw LibraryError.newerLibrary(shown, unknownMigrations: ids)
        }
    }
}
