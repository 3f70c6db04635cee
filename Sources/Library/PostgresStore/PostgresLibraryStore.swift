import BookLibrary
import FoundationEssentials
import Postgres
import Store
import TextSearch

/// A library on a PostgreSQL server, shared by the people its roles let in:
/// its index is tsvectors the server compares (`PostgresPageIndex`), its
/// covers are in the database, and each machine finds the books' files
/// through its own roots (`MachineRoots`).
final class PostgresLibraryStore: LibraryStore {
    let connection: PostgresConnection
    let machineRoots: MachineRoots
    var roots: MachineRoots? { machineRoots }
    var engine: any SQLEngine { connection }
    var capabilities: LibraryCapabilities { .shared }

    init(connection: PostgresConnection, roots: MachineRoots) {
        self.connection = connection
        machineRoots = roots
    }

    func insert(_ book: NewBook, cover: [UInt8]?,
                pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> CatalogInsertion {
        let outcome = try PostgresBookWriter(database: connection, roots: machineRoots)
            .write(book, addedAt: Date(), language: nil, cover: cover, pages: pages)
        // Added now, or by another client meanwhile: either way it is there to read back.
        guard let stored = try Catalog(database: connection).book(sha256: book.sha256) else {
            throw LibraryError.invalidArgument("the book just added cannot be read back")
        }
        return outcome == .alreadyPresent ? .alreadyPresent(stored) : .added(stored)
    }

    func removeIndexedText(ofBook bookID: Int) throws {
        // Its pages and index rows go with the book's row (ON DELETE CASCADE).
    }

    func reindex(bookID: Int, language: BookLanguage) throws {
        try connection.execute("UPDATE books SET language = ? WHERE id = ?", [language.rawValue, bookID])
        try PostgresPageIndex(connection: connection).index(bookID: bookID, language: language)
    }

    func search(_ text: String, scope: SearchScope, exact: Bool, limit: Int?,
                onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        try SearchFlow(engine: PostgresSearch(connection: connection)).run(text, scope: scope, exact: exact, limit: limit, onHit: onHit)
    }

    func ocr(of book: Book, page: Int) throws -> PageOCR? { nil }

    func requireMayAddBooks() throws {
        if try connection.scalar("SELECT has_table_privilege('books', 'INSERT')") != .integer(1) {
            throw LibraryError.sharedLibraryDenied("permission denied for table books")
        }
    }

    func materialiseCover(of book: Book, at path: String) throws {
        try PostgresCovers(database: connection).materialise(book, at: path)
    }
}
