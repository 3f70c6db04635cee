/// What a database's `schema_migrations` table says was applied, the same
/// for both engines: refused when it names migrations this build does not
/// know, since the database was written by a newer ibook.
public enum AppliedMigrations {
    public static let query = "SELECT id FROM schema_migrations"

    public static func ids(in engine: some SQLEngine, known: [String]) throws -> Set<String> {
        try ids(in: engine.query(query, []), known: known)
    }

    /// The ids in the rows of `query`.
    public static func ids(in rows: [Row], known: [String]) throws -> Set<String> {
        let applied = rows.compactMap { $0.string("id") }
        let registered = Set(known)
        let unknown = applied.filter { !registered.contains($0) }.sorted()
        guard unknown.isEmpty else { throw MigrationError.newerSchema(unknown) }
        return Set(applied)
    }
}
