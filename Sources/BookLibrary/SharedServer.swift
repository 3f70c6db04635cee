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
    public var readerRole: String
    public var editorRole: String
}

/// Prepares a PostgreSQL database to hold a shared library.
public enum SharedServer {
    /// Creates (or brings up to date) the schema, the reader and editor
    /// roles and the row-level security of each person's rows. Run by a role
    /// that may create roles and tables: the database's owner or a superuser.
    public static func initialise(_ url: String) throws -> SharedServerSetup {
        let shown = withoutPassword(url)
        let connection = try PostgresConnection(url: url)
        do {
            let applied = try SharedSchema.migrator().migrate(connection)
            return SharedServerSetup(library: shown, appliedMigrations: applied,
                                     readerRole: SharedSchema.readerRole, editorRole: SharedSchema.editorRole)
        } catch MigrationError.newerSchema(let ids) {
            throw LibraryError.newerLibrary(shown, unknownMigrations: ids)
        }
    }
}
