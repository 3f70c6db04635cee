import Foundation
import Store

/// The open book, kept in the library so it survives between commands.
/// Stored by content hash, like everything that belongs to the reader.
package struct ReadingState {
    package let database: Database

    package init(database: Database) { self.database = database }

    package func setOpenBook(_ book: Book) throws {
        try database.execute("INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)", [State.openBook, book.sha256])
    }

    func openBook() throws -> Book? {
        guard let sha = try database.queryRow("SELECT value FROM state WHERE key = ?", [State.openBook])?
            .string("value") else { return nil }
        return try Catalog(database: database).book(sha256: sha)
    }
}
