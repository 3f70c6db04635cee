import FoundationEssentials
import Glibc
import Store

/// Copies what people curated (edited fields, tags, collections, saved
/// searches) from one library to another, books matched by content hash:
/// `migrate --to` runs it local → shared, `migrate --from` shared → local.
/// What the target has already wins (a field, a tag, a collection's
/// place for a book), so running it again changes nothing.
package struct CurationCopy {
    let source: any SQLEngine
    let target: any SQLEngine

    package init(source: any SQLEngine, target: any SQLEngine) {
        self.source = source
        self.target = target
    }

    /// What this run added to the target.
    package struct Counts {
        var fields = 0, tags = 0, collectionEntries = 0, savedSearches = 0
    }

    /// Runs in the caller's transaction on the target.
    @discardableResult
    package func run() throws -> Counts {
        let books = try targetIDs()
        var counts = Counts()
        for row in try source.query("SELECT b.sha256, f.field, f.value FROM book_fields f JOIN books b ON b.id = f.book_id", []) {
            guard let id = books[try row.required("sha256", Row.string)] else { continue }
            try target.execute("INSERT INTO book_fields (book_id, field, value) VALUES (?, ?, ?) ON CONFLICT (book_id, field) DO NOTHING",
                               [id, row["field"], row["value"]])
            counts.fields += target.changes
        }
        for row in try source.query("SELECT b.sha256, t.tag FROM book_tags t JOIN books b ON b.id = t.book_id ORDER BY b.id, t.tag", []) {
            guard let id = books[try row.required("sha256", Row.string)] else { continue }
            try target.execute("INSERT INTO book_tags (book_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING", [id, row["tag"]])
            counts.tags += target.changes
        }
        for collection in try source.query("SELECT id, name, created_at FROM collections ORDER BY id", []) {
            try target.execute("INSERT INTO collections (name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               [collection["name"], collection["created_at"]])
            guard let targetID = try target.queryRow("SELECT id FROM collections WHERE \(target.dialect.sameName("name"))",
                                                     [collection["name"]])?.int("id")
            else { continue }
            for entry in try source.query("""
                SELECT b.sha256 FROM collection_books c JOIN books b ON b.id = c.book_id
                WHERE c.collection_id = ? ORDER BY c.position
                """, [collection["id"]]) {
                guard let id = books[try entry.required("sha256", Row.string)] else { continue }
                // Appended after what the target's collection holds already.
                try target.execute("""
                    INSERT INTO collection_books (collection_id, book_id, position)
                    SELECT ?, ?, coalesce(max(position), 0) + 1 FROM collection_books WHERE collection_id = ?
                    ON CONFLICT DO NOTHING
                    """, [targetID, id, targetID])
                counts.collectionEntries += target.changes
            }
        }
        for row in try source.query("SELECT name, query, created_at FROM saved_searches ORDER BY name", []) {
            try target.execute("INSERT INTO saved_searches (name, query, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                               [row["name"], row["query"], row["created_at"]])
            counts.savedSearches += target.changes
        }
        return counts
    }

    private func targetIDs() throws -> [String: Int] {
        var ids: [String: Int] = [:]
        for row in try target.query("SELECT id, sha256 FROM books", []) {
            if let sha256 = row.string("sha256"), let id = row.int("id") { ids[sha256] = id }
        }
        return ids
    }
}
