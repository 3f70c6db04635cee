import FileNames
import BookLibrary
import Foundation
import PDF

/// A book's PDF opened again after it was added, for rendering or layout.
/// Its failures name the file, as every error about a file does.
package enum BookFile {
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: PDFError
        package var description: String { "\(path): \(reason)" }

        package init(path: String, reason: PDFError) {
            self.path = path
            self.reason = reason
        }
    }

    package static func page(_ number: Int, of book: Book, password: String?) throws -> PDFPage {
        guard let page = try document(of: book, password: password).page(at: number - 1) else {
            throw Failure(path: book.path, reason: .damaged("page \(number) cannot be read"))
        }
        return page
    }

    package static func document(of book: Book, password: String?) throws -> PDFDocument {
        guard FileName.exists(book.path) else { throw LibraryError.fileMissing(book.path) }
        do {
            return try PDFDocument(path: book.path, password: password)
        } catch let error as PDFError {
            throw Failure(path: book.path, reason: error)
        }
    }
}
