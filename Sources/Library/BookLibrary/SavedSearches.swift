import FoundationEssentials
import Glibc
import LeanBasics
import Store

/// A query kept under a name, usable as `saved:NAME`.
public struct SavedSearch: Codable, Equatable, Sendable {
    public var name: String
    public var query: String
}

extension Library {
    /// Saves (or replaces) a named query; it is checked first, saved
    /// searches it names included.
    public func saveSearch(_ rawName: String, query: String) throws {
        let name = rawName.trimmingWhitespace()
        guard !name.isEmpty, !name.contains(where: \.isWhitespace), !name.contains(":") else {
            throw CurationError.invalidSavedSearchName(rawName)
        }
        guard !query.trimmingWhitespace().isEmpty else {
            throw CurationError.savedSearchWithoutQuery
        }
        try engine.transaction {
            // The unique key is the name without regard to case: an index on lower(name) on PostgreSQL.
            let key = engine.dialect == .sqlite ? "(name)" : "(lower(name))"
            try engine.execute("""
                INSERT INTO saved_searches (name, query, created_at) VALUES (?, ?, ?)
                ON CONFLICT \(key) DO UPDATE SET query = excluded.query
                """, [name, query, Date()])
            // Checked inside the transaction, so a search naming itself is refused and not kept.
            _ = try queryParser.parse(query)
        }
    }

    public func savedSearches() throws -> [SavedSearch] {
        try engine.query("SELECT name, query FROM saved_searches ORDER BY \(engine.dialect.caseless("name"))", []).map {
            SavedSearch(name: try $0.required("name", Row.string), query: try $0.required("query", Row.string))
        }
    }

    public func deleteSavedSearch(_ name: String) throws {
        try engine.transaction {
            try engine.execute("DELETE FROM saved_searches WHERE \(engine.dialect.sameName("name"))", [name])
            guard engine.changes > 0 else { throw CurationError.savedSearchNotFound(name) }
        }
    }
}
