import FoundationEssentials
import Glibc
import Store

extension Library {
    /// The book's file was rewritten with annotations made in ibook: the book
    /// takes the new content (see `replaceFile`), the annotations written
    /// (`replacing`) go, and `annotations`, read from the new file, replace
    /// those read before. One transaction.
    public func adoptContent(of book: Book, annotations: [NewAnnotation], replacing written: [Int]) throws {
        try database.inTransaction {
            let updated = try replaceFile(of: book, with: book.path)
            for id in written { try database.execute("DELETE FROM annotations WHERE id = ? AND source = 'ibook'", [id]) }
            try Annotations(database: database).replaceFromPDF(sha256: updated.sha256, annotations)
        }
    }
}
