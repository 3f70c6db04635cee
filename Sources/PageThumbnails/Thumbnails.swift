import BookLibrary
import FileOutput
import Foundation
import Raster
import SplashThumbnails
import PDF

extension Library {
    /// The path of the cached PNG of a page, rendered with the PDF module
    /// (poppler-glib and cairo, which `add` and the reports link already), or
    /// the reflow engine for the other formats, on first request. The first
    /// page of a book that names a cover (an EPUB's) is that cover.
    public func thumbnail(of book: Book, page: Int = 1, size: Int = Library.coverSize, password: String? = nil) throws -> String {
        try ThumbnailCache(library: self).thumbnail(of: book, page: page, size: size) { path in
            guard book.format != .pdf else {
                let pdfPage = try BookFile.page(page, of: book, password: password)
                do {
                    try pdfPage.writePNG(to: path, maxPixels: size)
                } catch let error as PDFError {
                    throw BookFile.Failure(path: book.path, reason: error)
                }
                return
            }
            let document = try BookFile.pages(of: book, password: password)
            guard page <= document.pageCount else {
                throw BookFile.Failure(path: book.path, reason: .pageOutOfRange(page, count: document.pageCount))
            }
            do {
                let longest = min(max(size, 16), 8192)
                let image: RasterImage
                if page == 1 {
                    image = try document.cover(maxPixels: longest)
                } else {
                    let fitted = document.pixelSize(page: page, fittingWidth: longest, height: longest)
                    image = try document.renderPage(page, width: fitted.width, height: fitted.height)
                }
                try PrivateFile.write(PNGEncoder.encode(image), to: path)
            } catch let error as any Error & CustomStringConvertible {
                throw BookFile.Failure(path: book.path, problem: error)
            }
        }
    }
}
