import BookLibrary
import Foundation
import SplashThumbnails
import PDF

extension Library {
    /// The path of the cached PNG of a page, rendered with the PDF module
    /// (poppler-glib and cairo, which `add` and the reports link already) on
    /// first request.
    public func thumbnail(of book: Book, page: Int = 1, size: Int = Library.coverSize, password: String? = nil) throws -> String {
        try ThumbnailCache(library: self).thumbnail(of: book, page: page, size: size) { path in
            let pdfPage = try BookFile.page(page, of: book, password: password)
            do {
                try pdfPage.writePNG(to: path, maxPixels: size)
            } catch let error as PDFError {
                throw BookFile.Failure(path: book.path, reason: error)
            }
        }
    }
}
