/// What a database's `schema_migrations` table says was applied, the same
/// for both engines: refused when it names migrations this build does not
/// know, since the database was written by a newer ibook.
public enum AppliedMigrations {
    public static func ids(in engine: some SQLEngine, known: [String]) throws -> Set<String> {
        let applied = try engine.query("SELECT id FROM schema_migrations", []).compactMap { $0.string("id") }
        let registered = Set(known)
        let unknown = applied.filter { !registered.contains($0) }.sorted()
        guard unknown.isEmpty else { throw MigrationError.newerSchema(unknown) }
        return Set(applied)
    }
}
