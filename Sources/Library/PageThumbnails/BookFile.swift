import BookOpening
import FileNames
import BookLibrary
import Foundation
import PDF

/// A book's file opened again after it was added, for rendering or layout.
/// Its failures name the file, as every error about a file does.
package enum BookFile {
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        /// Why the engine could not open or read it (a `PDFError` for PDFs).
        package var reason: any Error & CustomStringConvertible
        package var description: String { "\(path): \(reason)" }

        package init(path: String, reason: PDFError) {
            self.path = path
            self.reason = reason
        }

        package init(path: String, problem: any Error & CustomStringConvertible) {
            self.path = path
            self.reason = problem
        }

        /// Whether a password would open it.
        package var needsPassword: Bool { (reason as? PDFError) == .passwordRequired }
    }

    package static func page(_ number: Int, of book: Book, password: String?) throws -> PDFPage {
        guard let page = try document(of: book, password: password).page(at: number - 1) else {
            throw Failure(path: book.path, reason: .damaged("page \(number) cannot be read"))
        }
        return page
    }

    /// The book's PDF, for what only PDFs have (layout text, annotations, a text layer).
    package static func document(of book: Book, password: String?) throws -> PDFDocument {
        guard FileName.exists(book.path) else { throw LibraryError.fileMissing(book.path) }
        guard book.format == .pdf else { throw LibraryError.needsPDF(book.path, format: book.format) }
        do {
            return try PDFDocument(path: book.path, password: password)
        } catch let error as PDFError {
            throw Failure(path: book.path, reason: error)
        }
    }

    /// The book in whatever format it is, for its pages' pictures and text.
    package static func pages(of book: Book, password: String?) throws -> any BookDocument {
        guard FileName.exists(book.path) else { throw LibraryError.fileMissing(book.path) }
        do {
            return try BookOpener.document(path: book.path, password: password)
        } catch let error as PDFError {
            throw Failure(path: book.path, reason: error)
        } catch let error as any Error & CustomStringConvertible {
            throw Failure(path: book.path, problem: error)
        }
    }
}
