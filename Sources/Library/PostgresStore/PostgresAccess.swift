import BookLibrary
import Postgres
import Store

/// What `ibook server grant` or `revoke` did.
public struct PostgresAccessChange: Codable, Sendable {
    /// The URL without its password.
    public var library: String
    public var user: String
    /// What the person may do now through this library's roles; nil when nothing.
    public var access: PostgresAccessLevel?
    /// The library's role granted, or the ones revoked.
    public var roles: [String]
    /// Where the person reaches beyond what was granted here, one line each.
    public var warnings: [String]
}

/// Hands out a shared library's own roles (`PostgresRoles`) to the roles people
/// log in as, and tells where a person's access reaches past this library:
/// a superuser, a role that bypasses row-level security or owns the tables,
/// the server-wide roles of older ibooks, rights in other databases.
/// Run by the database's owner (or a superuser, or a role with CREATEROLE).
public enum PostgresAccess {
    /// Makes `user` a reader or an editor of the library, and only that:
    /// the other role of this library is taken back.
    public static func grant(_ level: PostgresAccessLevel, to user: String, library url: String) throws -> PostgresAccessChange {
        let shown = withoutPassword(url)
        let db = try PostgresSchema.connect(url, shownAs: shown)
        let roles = try libraryRoles(db)
        try checkPerson(user, in: db, roles: roles)
        let granted = roles[level]!, other = roles[level == .reader ? .editor : .reader]!
        try changingMembership(of: granted, db) {
            try db.transaction {
                if try isDirectMember(user, of: other, db) {
                    try db.execute("REVOKE \(PostgresQuoting.identifier(other)) FROM \(PostgresQuoting.identifier(user))")
                }
                if try !isDirectMember(user, of: granted, db) {
                    try db.execute("GRANT \(PostgresQuoting.identifier(granted)) TO \(PostgresQuoting.identifier(user))")
                }
            }
        }
        return PostgresAccessChange(library: shown, user: user, access: level, roles: [granted],
                                  warnings: try reach(of: user, db, roles: roles))
    }

    /// Takes this library's roles back from `user`. Their bookmarks and
    /// history stay, keyed by their role: granted again, they find them.
    public static func revoke(from user: String, library url: String) throws -> PostgresAccessChange {
        let shown = withoutPassword(url)
        let db = try PostgresSchema.connect(url, shownAs: shown)
        let roles = try libraryRoles(db)
        try checkPerson(user, in: db, roles: roles)
        var revoked: [String] = []
        try changingMembership(of: roles[.reader]!, db) {
            try db.transaction {
                for role in [roles[.editor]!, roles[.reader]!] where try isDirectMember(user, of: role, db) {
                    try db.execute("REVOKE \(PostgresQuoting.identifier(role)) FROM \(PostgresQuoting.identifier(user))")
                    revoked.append(role)
                }
            }
        }
        var warnings = try reach(of: user, db, roles: roles)
        let still = try db.query("""
            SELECT l.kind FROM library_roles l
            WHERE pg_has_role(?, l.role, 'MEMBER') ORDER BY l.kind = 'editor' DESC
            """, [user]).compactMap { $0.string("kind") }
        if let kind = still.first {
            warnings.append("\(user) is still this library's \(kind) through a group role it belongs to")
        }
        return PostgresAccessChange(library: shown, user: user, access: still.first.flatMap(PostgresAccessLevel.init(rawValue:)),
                                  roles: revoked, warnings: warnings)
    }

    /// This library's roles by what they give, from `library_roles` (by oid: a role renamed is still found).
    static func libraryRoles(_ db: PostgresConnection) throws -> [PostgresAccessLevel: String] {
        var roles: [PostgresAccessLevel: String] = [:]
        for row in try db.query("SELECT l.kind, g.rolname FROM library_roles l JOIN pg_roles g ON g.oid = l.role") {
            if let kind = row.string("kind").flatMap(PostgresAccessLevel.init(rawValue:)), let name = row.string("rolname") {
                roles[kind] = name
            }
        }
        guard roles.count == PostgresAccessLevel.allCases.count else { throw PostgresAdministrationError.libraryRolesMissing }
        return roles
    }

    /// The people each of the library's roles is granted to directly (not
    /// ibook's roles, nor the database's owner, who hands them out).
    static func members(_ db: PostgresConnection) throws -> [PostgresAccessLevel: [String]] {
        var members: [PostgresAccessLevel: [String]] = [.reader: [], .editor: []]
        for row in try db.query("""
            SELECT l.kind, m.rolname FROM library_roles l
            JOIN pg_auth_members a ON a.roleid = l.role JOIN pg_roles m ON m.oid = a.member
            WHERE m.oid NOT IN (SELECT role FROM library_roles)
              AND m.oid <> (SELECT datdba FROM pg_database WHERE datname = current_database())
            ORDER BY m.rolname
            """) {
            if let kind = row.string("kind").flatMap(PostgresAccessLevel.init(rawValue:)), let name = row.string("rolname") {
                members[kind, default: []].append(name)
            }
        }
        return members
    }

    private static func checkPerson(_ user: String, in db: PostgresConnection, roles: [PostgresAccessLevel: String]) throws {
        guard try db.count("SELECT count(*) FROM pg_roles WHERE rolname = ?", [user]) == 1 else {
            throw PostgresAdministrationError.noSuchRole(user)
        }
        if roles.values.contains(user) || PostgresRoles.serverWide.contains(user) { throw PostgresAdministrationError.notAPerson(user) }
    }

    private static func isDirectMember(_ user: String, of role: String, _ db: PostgresConnection) throws -> Bool {
        try db.count("""
            SELECT count(*) FROM pg_auth_members a JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
            WHERE g.rolname = ? AND m.rolname = ?
            """, [role, user]) > 0
    }

    /// The server's refusal to hand `role` out, in words that say who may.
    private static func changingMembership(of role: String, _ db: PostgresConnection, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as PostgresError where error.kind == .permissionDenied {
            throw PostgresAdministrationError.grantRefused(role: role, message: error.message)
        }
    }

    /// Where `user` reaches beyond this library's roles, one line each.
    static func reach(of user: String, _ db: PostgresConnection, roles: [PostgresAccessLevel: String]) throws -> [String] {
        guard let person = try db.queryRow("""
            SELECT rolsuper, rolbypassrls, rolcreaterole,
                   pg_has_role(?, (SELECT relowner FROM pg_class WHERE oid = 'books'::regclass), 'USAGE') AS owns
            FROM pg_roles WHERE rolname = ?
            """, [user, user]) else { return [] }
        if person.bool("rolsuper") == true {
            return ["\(user) is a superuser: it reads and changes every library on this server, everyone's bookmarks and history included, whatever it is granted"]
        }
        var warnings: [String] = []
        if person.bool("owns") == true {
            warnings.append("\(user) owns this library's tables: it reads and changes everything here, everyone's bookmarks and history included")
        } else if person.bool("rolbypassrls") == true {
            warnings.append("\(user) bypasses row-level security: it reads every person's bookmarks and history here")
        }
        if person.bool("rolcreaterole") == true {
            warnings.append("\(user) has CREATEROLE: it can grant itself the roles of every library on this server")
        }
        for role in try db.query("""
            SELECT rolname FROM pg_roles WHERE rolname IN (?, ?) AND pg_has_role(?, oid, 'MEMBER') ORDER BY rolname
            """, PostgresRoles.serverWide + [user]).compactMap({ $0.string("rolname") }) {
            warnings.append("\(user) still holds the server-wide role \(role) of older ibooks, which other libraries on this server "
                + "may grant rights to (REVOKE \(PostgresQuoting.identifier(role)) FROM \(PostgresQuoting.identifier(user)))")
        }
        // Rights recorded against the person or any role they belong to
        // (this library's excepted), in another database or on one.
        let elsewhere = try db.query("""
            WITH reach AS (
                SELECT oid FROM pg_roles WHERE pg_has_role(?, oid, 'MEMBER') AND oid NOT IN (SELECT role FROM library_roles)
            )
            SELECT DISTINCT db.datname FROM pg_shdepend d JOIN pg_database db
                ON db.oid = CASE WHEN d.dbid = 0 AND d.classid = 'pg_database'::regclass THEN d.objid ELSE d.dbid END
            WHERE d.refclassid = 'pg_authid'::regclass AND d.refobjid IN (SELECT oid FROM reach)
              AND db.datname <> current_database()
            ORDER BY db.datname
            """, [user]).compactMap { $0.string("datname") }
        if !elsewhere.isEmpty {
            warnings.append("\(user) (or a role it belongs to) also has rights in other databases of this server: "
                + elsewhere.joined(separator: ", "))
        }
        return warnings
    }
}
