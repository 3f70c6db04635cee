import FileNames
import BookLibrary
import Foundation
import PDF

/// A book's PDF opened again after it was added, for rendering or layout.
/// Its failures name the file, as every error about a file does.
enum BookFile {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: PDFError
        var description: String { "\(path): \(reason)" }
    }

    static func page(_ number: Int, of book: Book, password: String?) throws -> PDFPage {
        guard let page = try document(of: book, password: password).page(at: number - 1) else {
            throw Failure(path: book.path, reason: .damaged("page \(number) cannot be read"))
        }
        return page
    }

    static func document(of book: Book, password: String?) throws -> PDFDocument {
        guard FileName.exists(book.path) else { throw LibraryError.fileMissing(book.path) }
        do {
            return try PDFDocument(path: book.path, password: password)
        } catch let error as PDFError {
            throw Failure(path: book.path, reason: error)
        }
    }
}
