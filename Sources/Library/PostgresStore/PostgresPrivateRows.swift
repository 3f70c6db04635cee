import BookLibrary
import Postgres
import Store

/// Migration `pg-8-private-rows-by-role-oid`: each person's bookmarks,
/// history and open book are keyed by their role's oid, not its name, and
/// no longer hang on the shared catalog.
///
/// - A name can be given again: a role dropped and created anew with the
///   same name is a new person and must not find the old one's rows. Oids
///   are not handed out again (a 32-bit counter, wrapping only after four
///   billion objects), so `owner` is now the role's oid, defaulting to the
///   session's (`ibook_user_id()`), and the policies compare oids. Rows whose
///   role is gone already are deleted: nobody could see them again, and a
///   later role of that name must not inherit them.
/// - Bookmarks and history referred to `books(sha256)` with ON DELETE
///   CASCADE, so an editor's `remove` deleted every reader's bookmarks and
///   history of that book, and a foreign-key error told an editor whether
///   anyone had bookmarked a book. They refer to the content hash alone now:
///   a removed book's rows wait (unlisted: bookmarks and history join the
///   catalog) and are back when the same file is added again.
enum PostgresPrivateRows {
    /// The per-person tables and the columns after `owner` in their keys.
    static let tables: [(name: String, key: String)] = [
        ("bookmarks", "sha256, page"), ("history", "sha256"), ("state", "key"),
    ]

    static func migrate(_ db: PostgresConnection) throws {
        // Everything in the body is qualified so that a caller's search_path
        // cannot make it answer another role's oid.
        try db.execute("""
            CREATE FUNCTION ibook_user_id() RETURNS oid LANGUAGE sql STABLE AS $$
                SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) current_user
            $$;
            """)
        for table in tables {
            for constraint in try db.query("""
                SELECT conname FROM pg_constraint WHERE conrelid = ?::regclass AND contype = 'f'
                """, [table.name]) {
                try db.execute("ALTER TABLE \(table.name) DROP CONSTRAINT \(PostgresQuoting.identifier(try constraint.required("conname", Row.string)))")
            }
            try db.execute("""
                DELETE FROM \(table.name) t WHERE NOT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = t.owner);
                ALTER TABLE \(table.name) ADD COLUMN owner_oid oid;
                UPDATE \(table.name) t SET owner_oid = r.oid FROM pg_roles r WHERE r.rolname = t.owner;
                DROP POLICY own_\(table.name) ON \(table.name);
                ALTER TABLE \(table.name) DROP COLUMN owner;
                ALTER TABLE \(table.name) RENAME COLUMN owner_oid TO owner;
                ALTER TABLE \(table.name) ALTER COLUMN owner SET NOT NULL, ALTER COLUMN owner SET DEFAULT ibook_user_id();
                ALTER TABLE \(table.name) ADD PRIMARY KEY (owner, \(table.key));
                CREATE POLICY own_\(table.name) ON \(table.name)
                    USING (owner = ibook_user_id()) WITH CHECK (owner = ibook_user_id());
                """)
        }
        // Dropping the name column took this index with it.
        try db.execute("CREATE INDEX history_read_at ON history(owner, read_at)")
    }
}
