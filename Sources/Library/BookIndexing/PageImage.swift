import BookLibrary
import Foundation
import PageThumbnails
import PDF
import Raster

extension Library {
    /// A page of `book` rendered into memory as large as fits the box while
    /// keeping its proportions: what the terminal's encoders draw.
    public func pageImage(of book: Book, page: Int, fittingWidth width: Int, height: Int,
                          password: String? = nil) throws -> RasterImage {
        guard (1...max(1, book.pageCount)).contains(page), book.pageCount > 0 else {
            throw LibraryError.pageOutOfRange(page, pageCount: book.pageCount)
        }
        let document = try BookFile.pages(of: book, password: password)
        guard page <= document.pageCount else { throw LibraryError.pageOutOfRange(page, pageCount: document.pageCount) }
        let size = document.pixelSize(page: page, fittingWidth: width, height: height)
        do {
            return try document.renderPage(page, width: size.width, height: size.height)
        } catch let error as PDFError {
            throw BookFile.Failure(path: book.path, reason: error)
        } catch let error as any Error & CustomStringConvertible {
            throw BookFile.Failure(path: book.path, problem: error)
        }
    }
}
