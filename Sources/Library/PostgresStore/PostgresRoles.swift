import BookLibrary
import Postgres
import Store

/// Migration `pg-9-library-roles`: a shared library's reader and editor
/// roles are its own. Roles belong to the whole server, so `ibook_reader`
/// and `ibook_editor` (pg-2) made an editor of one team's library an editor
/// of every ibook library on the server. Each database now has
/// `ibook_<database>_reader` and `ibook_<database>_editor`, recorded by oid in
/// `library_roles` (a database renamed keeps them), holding the rights the
/// server-wide roles held here; those lose every right in this database.
///
/// Whoever had a server-wide role keeps the same access to this library
/// (they are granted its role of the same kind): nothing tells which library
/// a grant was meant for. `ibook server init` lists them, `ibook server
/// revoke` narrows, and `ibook server grant` warns of a server-wide role still held.
/// The server-wide roles are dropped once no database grants them anything.
enum PostgresRoles {
    /// The roles every library shared before this migration.
    static let serverWide = [PostgresSchema.readerRole, PostgresSchema.editorRole]

    /// A role name has at most 63 bytes (NAMEDATALEN - 1); longer ones are cut by the server.
    static let nameLimit = 63

    /// The tables readers read, and editors write.
    static let catalogTables = "books, pages, outline, covers, page_index, book_index, book_fields, book_tags, "
        + "collections, collection_books, saved_searches"
    /// Each person's own rows (row-level security).
    static let privateTables = "bookmarks, history, state"

    static func name(_ kind: PostgresAccessLevel, database: String) -> String {
        "ibook_" + stem(database) + "_" + kind.rawValue
    }

    /// The database's name where it is plain (lowercase ASCII letters, digits,
    /// '_') and short enough; else a readable part of it, lowercased, and 8 hex
    /// digits of its hash, so that "Team-A" and "team_a" never share roles.
    static func stem(_ database: String) -> String {
        let room = nameLimit - "ibook_".utf8.count - "_reader".utf8.count
        func plain(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
        if !database.isEmpty, database.utf8.count <= room, database.utf8.allSatisfy(plain) { return database }
        var hash = SHA256()
        hash.update(Array(database.utf8))
        let readable = database.utf8.prefix(room - 9).map { byte -> UInt8 in
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { return byte + 32 }
            return plain(byte) ? byte : UInt8(ascii: "_")
        }
        return String(decoding: readable, as: UTF8.self) + "_" + hash.finish().prefix(8)
    }

    static func migrate(_ db: PostgresConnection) throws {
        let database = try db.queryRow("SELECT current_database() AS name")?.required("name", Row.string) ?? ""
        let schema = PostgresQuoting.identifier(try db.queryRow("SELECT current_schema() AS name")?.string("name") ?? "public")
        let reader = name(.reader, database: database), editor = name(.editor, database: database)
        for role in [reader, editor] where try db.count("SELECT count(*) FROM pg_roles WHERE rolname = ?", [role]) > 0 {
            throw PostgresAdministrationError.roleNameTaken(role)
        }
        let r = PostgresQuoting.identifier(reader), e = PostgresQuoting.identifier(editor)
        try db.execute("""
            CREATE ROLE \(r) NOLOGIN;
            CREATE ROLE \(e) NOLOGIN;
            GRANT \(r) TO \(e);
            COMMENT ON ROLE \(r) IS \(PostgresQuoting.literal("ibook: reads the shared library in database \(database)"));
            COMMENT ON ROLE \(e) IS \(PostgresQuoting.literal("ibook: edits the shared library in database \(database)"));
            CREATE TABLE library_roles (
                kind text PRIMARY KEY CHECK (kind IN ('reader', 'editor')),
                role oid NOT NULL UNIQUE
            );
            GRANT USAGE ON SCHEMA \(schema) TO \(r);
            GRANT SELECT ON \(catalogTables), schema_migrations, library_roles TO \(r);
            GRANT SELECT, INSERT, UPDATE, DELETE ON \(privateTables) TO \(r);
            GRANT EXECUTE ON FUNCTION ibook_fold(text), book_file(text, text), ibook_user_id() TO \(r);
            GRANT INSERT, UPDATE, DELETE ON \(catalogTables) TO \(e);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(e);
            """)
        try db.execute("INSERT INTO library_roles (kind, role) SELECT ?, oid FROM pg_roles WHERE rolname = ?", [PostgresAccessLevel.reader.rawValue, reader])
        try db.execute("INSERT INTO library_roles (kind, role) SELECT ?, oid FROM pg_roles WHERE rolname = ?", [PostgresAccessLevel.editor.rawValue, editor])
        // Only the database's owner (or a superuser) may grant on the database itself; PUBLIC may connect by default.
        let ownsDatabase = try db.scalar("""
            SELECT pg_has_role(current_user, datdba, 'USAGE') FROM pg_database WHERE datname = current_database()
            """) == .integer(1)
        if ownsDatabase { try db.execute("GRANT CONNECT ON DATABASE \(PostgresQuoting.identifier(database)) TO \(r)") }
        // The database's owner hands the roles out (`ibook server grant`) even
        // when it may not create roles (a superuser ran this, or CREATEROLE
        // was only lent for it). Being their member gives the owner nothing
        // it lacks: it owns the tables.
        if let owner = try db.queryRow("""
            SELECT o.rolname FROM pg_database d JOIN pg_roles o ON o.oid = d.datdba
            WHERE d.datname = current_database() AND NOT o.rolsuper
            """)?.string("rolname") {
            try db.execute("GRANT \(r), \(e) TO \(PostgresQuoting.identifier(owner)) WITH ADMIN OPTION")
        }

        // Who had a server-wide role has this library's of the same kind.
        let members = try db.query("""
            SELECT m.rolname AS member, g.rolname AS role FROM pg_auth_members a
            JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
            WHERE g.rolname IN (?, ?) AND m.rolname NOT IN (?, ?) ORDER BY m.rolname
            """, serverWide + serverWide)
        for member in members {
            let kind: PostgresAccessLevel = member.string("role") == PostgresSchema.editorRole ? .editor : .reader
            try db.execute("GRANT \(kind == .editor ? e : r) TO \(PostgresQuoting.identifier(try member.required("member", Row.string)))")
        }

        let legacy = try db.query("SELECT rolname FROM pg_roles WHERE rolname IN (?, ?)", serverWide)
            .compactMap { $0.string("rolname") }.map(PostgresQuoting.identifier).joined(separator: ", ")
        guard !legacy.isEmpty else { return }
        try db.execute("""
            REVOKE ALL ON ALL TABLES IN SCHEMA \(schema) FROM \(legacy);
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA \(schema) FROM \(legacy);
            REVOKE ALL ON ALL FUNCTIONS IN SCHEMA \(schema) FROM \(legacy);
            REVOKE ALL ON SCHEMA \(schema) FROM \(legacy);
            """)
        if ownsDatabase { try db.execute("REVOKE ALL ON DATABASE \(PostgresQuoting.identifier(database)) FROM \(legacy)") }
        // Roles nothing in any database is granted to (a server whose every
        // library is upgraded, or a new one: pg-2 made them a moment ago) go.
        let unused = try db.count("""
            SELECT count(*) FROM pg_shdepend d JOIN pg_roles g ON g.oid = d.refobjid
            WHERE d.refclassid = 'pg_authid'::regclass AND g.rolname IN (?, ?)
            """, serverWide) == 0
        // IF EXISTS: another library's upgrade may have dropped them meanwhile.
        if unused {
            for role in serverWide.reversed() { try db.execute("DROP ROLE IF EXISTS \(PostgresQuoting.identifier(role))") }
        }
    }
}
