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

    /// The size to ask `thumbnail(of:page:size:)` for so that the page comes out `width` pixels
    /// across: the cache draws to a longer side, which for a portrait page is its height. Found
    /// from the page's proportions with the renderer's own rounding, without drawing the page.
    /// Not for the first page of a book that names a cover, whose picture has its own proportions.
    public func thumbnailSize(of book: Book, page: Int, width: Int, password: String? = nil) throws -> Int {
        let sizes = ThumbnailCache.sizes
        let document = try BookFile.pages(of: book, password: password)
        guard (1...max(1, document.pageCount)).contains(page) else {
            throw LibraryError.pageOutOfRange(page, pageCount: document.pageCount)
        }
        let tall = document.pixelSize(page: page, fittingWidth: width, height: sizes.upperBound)
        guard tall.height > tall.width else { return width }
        let longer = min(sizes.upperBound, tall.height)
        // The renderer rounds both sides from the longer one, so the height that fits the width may
        // come out a pixel narrower or wider: the neighbour that gives the width exactly wins.
        for candidate in [longer, longer - 1, longer + 1] where sizes.contains(candidate) {
            if document.pixelSize(page: page, fittingWidth: candidate, height: candidate).width == width { return candidate }
        }
        return longer
    }
}
