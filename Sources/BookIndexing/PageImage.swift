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
        let pdfPage = try BookFile.page(page, of: book, password: password)
        let size = pdfPage.pixelSize(fittingWidth: width, height: height)
        do {
            return try pdfPage.render(width: size.width, height: size.height)
        } catch let error as PDFError {
            throw BookFile.Failure(path: book.path, reason: error)
        }
    }
}
