import BookLibrary
import Postgres

/// Why `ibook server init`, `grant` or `revoke` could not do what was asked.
/// `server init` changes nothing when it fails: every migration runs in one
/// transaction, so the messages say so.
public enum PostgresAdministrationError: Error, Equatable, CustomStringConvertible {
    /// The running role lacks a right init needs, found before anything is changed.
    case missingRight(role: String, right: String, neededFor: String)
    /// Upgrading needs the owner of the tables (or a superuser).
    case notTheOwner(role: String, owner: String)
    /// A role with the name this library's roles take exists and is not this library's.
    case roleNameTaken(String)
    /// Books whose content hash is not one ibook writes, found by the upgrade that checks them.
    case malformedBookHashes(count: Int)
    /// The server refused init something the checks did not foresee.
    case initRefused(String)
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
        case .missingRight(let role, let right, let purpose):
            return "the role \(role) lacks \(right), which \(purpose) needs; run 'ibook server init' as a superuser or a role that has it (nothing was changed)"
        case .notTheOwner(let role, let owner):
            return "the shared library's tables belong to \(owner): only that role (or a superuser) can upgrade them, not \(role) (nothing was changed)"
        case .roleNameTaken(let name):
            return "a role named \(name) exists already and is not this library's (left by a dropped library of the same name?): "
                + "drop or rename it, then run 'ibook server init' again (nothing was changed)"
        case .malformedBookHashes(let count):
            return "\(count) book\(count == 1 ? " has" : "s have") a sha256 that is not 64 lowercase hexadecimal digits, which ibook never writes: "
                + "delete \(count == 1 ? "it" : "them") (DELETE FROM books WHERE sha256 !~ '^[0-9a-f]{64}$'), "
                + "then run 'ibook server init' again (nothing was changed)"
        case .initRefused(let message):
            return "the PostgreSQL server refused to prepare the shared library: \(message) (nothing was changed)"
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
