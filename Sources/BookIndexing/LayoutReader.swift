import BookLibrary
import Foundation
import PDF

extension Library {
    /// Reads a page like `read`, with the text laid out from the glyph
    /// positions of the PDF itself so that columns stay apart.
    public func readLayout(_ book: Book, _ request: PageRequest, password: String? = nil) throws -> PageText {
        var page = try read(book, request)
        guard page.hasText else { return page }
        guard FileManager.default.fileExists(atPath: book.path) else { throw LibraryError.fileMissing(book.path) }
        let document = try PDFDocument(path: book.path, password: password)
        page.text = document.page(at: page.page - 1)?.layoutText() ?? page.text
        return page
    }
}
