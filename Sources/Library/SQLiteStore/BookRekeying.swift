import BookLibrary
import Store

extension LocalStore {
    func rekeyBook(id: Int, from oldSHA256: String, to newSHA256: String, path: String, size: Int) throws {
        // Children first and the parent last is only legal with the check at commit.
        try database.execute("PRAGMA defer_foreign_keys = ON")
        for table in try tablesReferencingBookHashes() {
            try database.execute("UPDATE \"\(table.name)\" SET \"\(table.column)\" = ? WHERE \"\(table.column)\" = ?",
                                 [newSHA256, oldSHA256])
        }
        try database.execute("UPDATE books SET sha256 = ?, path = ?, size = ? WHERE id = ?", [newSHA256, path, size, id])
    }

    /// Every table column with a foreign key to books(sha256), as the schema says today.
    private func tablesReferencingBookHashes() throws -> [(name: String, column: String)] {
        var found: [(String, String)] = []
        for table in try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap({ $0.string("name") }) {
            for key in try database.query("SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?)", [table])
            where key.string("table") == "books" && key.string("to") == "sha256" {
                if let column = key.string("from") { found.append((table, column)) }
            }
        }
        return found
    }
}
