import FoundationEssentials
import Glibc
import Store

/// The open book, kept in the library so it survives between commands.
/// Stored by content hash, like everything that belongs to the reader.
package struct ReadingState {
    package let database: any SQLEngine

    package init(database: any SQLEngine) { self.database = database }

    package func setOpenBook(_ book: Book) throws {
        try database.execute("""
            INSERT INTO state (key, value) VALUES (?, ?)
            ON CONFLICT (\(database.dialect.ownKey("key"))) DO UPDATE SET value = excluded.value
            """, [State.openBook, book.sha256])
    }

    func openBook() throws -> Book? {
        guard let sha = try database.queryRow(
            "SELECT value FROM state WHERE key = ? AND \(database.dialect.ownRows())", [State.openBook])?
            .string("value") else { return nil }
        return try Catalog(database: database).book(sha256: sha)
    }
}
