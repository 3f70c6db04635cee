import Postgres

/// Why `ibook server init`, `grant` or `revoke` could not do what was asked.
public enum SharedServerError: Error, Equatable, CustomStringConvertible {
    /// A role with the name this library's roles take exists and is not this library's.
    case roleNameTaken(String)
    /// `grant`/`revoke`: no role of that name on the server.
    case noSuchRole(String)
    /// `grant`/`revoke` given one of the library's own roles (or the server-wide ones).
    case notAPerson(String)
    /// The library's roles are not on the server any more.
    case libraryRolesMissing
    /// The running role may not hand out the library's roles.
    case grantRefused(role: String, message: String)

    public var description: String {
        switch self {
        case .roleNameTaken(let name):
            return "a role named \(name) exists already and is not this library's (left by a dropped library of the same name?): "
                + "drop or rename it, then run 'ibook server init' again"
        case .noSuchRole(let name):
            return "no role named '\(name)' on the PostgreSQL server: create it first (CREATE ROLE \(PostgresQuoting.identifier(name)) LOGIN)"
        case .notAPerson(let name):
            return "'\(name)' is one of ibook's roles, not a person's: grant the library to the role a person logs in as"
        case .libraryRolesMissing:
            return "this library's reader and editor roles are gone from the server (dropped?); nothing was granted or revoked"
        case .grantRefused(let role, let message):
            return "only a superuser, a role with CREATEROLE, or one with ADMIN OPTION on \(role) can grant or revoke it: \(message)"
        }
    }
}
