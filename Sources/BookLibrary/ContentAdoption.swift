import Foundation
import Store

extension Library {
    /// The book's file was rewritten with annotations made in ibook: the book
    /// takes the new content's hash (with everything filed under the old
    /// one), the annotations written (`replacing`) go, and `annotations`, read
    /// from the new file, replace those read before. One transaction.
    public func adoptContent(of book: Book, sha256: String, size: Int, annotations: [NewAnnotation],
                             replacing written: [Int]) throws {
        try database.inTransaction {
            // Every table filed under the hash follows it, whichever they are.
            try database.execute("PRAGMA defer_foreign_keys = ON")
            let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.string("name") }
            for table in tables where table != "books" {
                let keys = try database.query("SELECT \"from\" AS column FROM pragma_foreign_key_list(?) WHERE \"table\" = 'books' AND \"to\" = 'sha256'", [table])
                for key in keys.compactMap({ $0.string("column") }) {
                    try database.execute("UPDATE \"\(table)\" SET \"\(key)\" = ? WHERE \"\(key)\" = ?", [sha256, book.sha256])
                }
            }
            try database.execute("UPDATE books SET sha256 = ?, size = ? WHERE id = ?", [sha256, size, book.id])
            try database.execute("UPDATE state SET value = ? WHERE key = ? AND value = ?", [sha256, State.openBook, book.sha256])
            for id in written { try database.execute("DELETE FROM annotations WHERE id = ? AND source = 'ibook'", [id]) }
            try Annotations(database: database).replaceFromPDF(sha256: sha256, annotations)
        }
        let oldCover = thumbnailPath(sha256: book.sha256, page: 1, size: Self.coverSize)
        rename(oldCover, thumbnailPath(sha256: sha256, page: 1, size: Self.coverSize))
    }
}
