import Store

/// A library in a file of this machine (the SQLite store), as `LibraryStore.local` hands it over:
/// what a shared library cannot do yet, so that this module never names the store that does it.
package protocol LocalLibraryStore: LibraryStore {
    /// The SQLite database, for the operations a shared library has no tables for
    /// (annotations, OCR, web tokens), whose SQL is its own.
    var database: Database { get }
    /// Indexes a page's new text in place of its old, in the caller's transaction.
    func reindexPage(rowID: Int64, bookID: Int, newText: String) throws
    /// Indexes the book's pages' new texts (by page row) in place of their old, in the caller's transaction.
    func reindexPages(bookID: Int, newTexts: [Int64: String]) throws
    /// The book's file changed: its row, and every row keyed by its old hash (bookmarks, history,
    /// whatever refers to books.sha256), carry the new hash, in the caller's transaction.
    func rekeyBook(id: Int, from oldSHA256: String, to newSHA256: String, path: String, size: Int) throws
    /// The full-text index checked against the pages' stored text.
    func verifyIndex() throws -> IndexCheck
    /// The full-text index made again from the stored text; returns how many pages were indexed.
    func rebuildIndex() throws -> Int
}
