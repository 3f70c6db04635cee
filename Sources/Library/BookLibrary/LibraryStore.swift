import Store
import TextSearch

/// The engine a library is kept in, behind one seam: what differs between
/// an SQLite file (`LocalStore`) and a PostgreSQL server (`PostgresLibraryStore`).
/// Everything else (the catalog, reading state, curation) is SQL that both
/// speak, run through `engine`; what a store cannot do yet, its
/// `capabilities` leave out, and commands ask those, never the store's type.
package protocol LibraryStore: AnyObject {
    var engine: any SQLEngine { get }
    var capabilities: LibraryCapabilities { get }
    /// Where this machine mounts a shared library's roots; nil for a local library.
    var roots: MachineRoots? { get }
    /// The store of a library in a file of this machine; nil for a shared one.
    var local: (any LocalLibraryStore)? { get }

    /// Adds a book with its pages and their full-text index in one
    /// transaction (`cover` is the cover's PNG, for a store that keeps it).
    func insert(_ book: NewBook, cover: [UInt8]?,
                pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> CatalogInsertion
    /// Removes what the full-text index holds of a book, in the caller's
    /// transaction, before the book's row goes.
    func removeIndexedText(ofBook bookID: Int) throws
    /// Indexes a book's stored text again, stemmed in `language`, and records the language.
    func reindex(bookID: Int, language: BookLanguage) throws
    /// Full-text search (see `Search`, `PostgresSearch`).
    func search(_ text: String, scope: SearchScope, exact: Bool, limit: Int?,
                onHit: (SearchHit) throws -> Void) throws -> SearchSummary
    /// How a page was read with OCR, where the store keeps OCR text.
    func ocr(of book: Book, page: Int) throws -> PageOCR?
    /// Throws unless this person may add books (a role's right, on a server).
    func requireMayAddBooks() throws
    /// Puts the book's cover where the thumbnail cache keeps it, for a store
    /// that keeps covers itself (a local add wrote it there already).
    func materialiseCover(of book: Book, at path: String) throws
}

extension LibraryStore {
    /// A store is a shared library's unless it says otherwise (the SQLite store does).
    package var local: (any LocalLibraryStore)? { nil }
}
