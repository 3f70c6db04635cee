import FoundationEssentials
import FileNames
import Glibc
import Store

extension Library {
    /// The book's file was rewritten (its metadata, by `edit --write`): the
    /// book now points at `path` with its new hash and size, and everything
    /// keyed by the old hash (bookmarks, history, the open book, whatever
    /// else refers to books.sha256) follows, in one transaction.
    @discardableResult
    public func replaceFile(of book: Book, with path: String) throws -> Book {
        let sha256 = try SHA256.hex(ofFileAt: path)
        let size = FileName.size(path) ?? 0
        let updated = try database.inTransaction { () -> Book in
            if sha256 != book.sha256, let other = try Catalog(database: database).book(sha256: sha256) {
                throw CurationError.invalidValue(path, "the same content is already in the library as #\(other.id)")
            }
            try localStore.rekeyBook(id: book.id, from: book.sha256, to: sha256, path: path, size: size)
            try database.execute("UPDATE state SET value = ? WHERE key = ? AND value = ?", [sha256, State.openBook, book.sha256])
            return try Catalog(database: database).book(id: book.id) ?? book
        }
        // Thumbnails are named by hash; the pages did not change.
        let folder = location.thumbnailDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(book.sha256 + "-") {
            try? FileManager.default.moveItem(atPath: folder + "/" + name,
                                              toPath: folder + "/" + sha256 + name.dropFirst(book.sha256.count))
        }
        return updated
    }
}
