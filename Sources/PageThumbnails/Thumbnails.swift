import BookLibrary
import Foundation
import PDF

/// Page images as PNG, rendered on first request and cached by content hash
/// and size, so a moved or re-added file keeps its thumbnails.
struct Thumbnails {
    let library: Library

    static let sizes = 16...4096

    func thumbnail(of book: Book, page: Int, size: Int, password: String?) throws -> String {
        guard Self.sizes.contains(size) else {
            throw LibraryError.invalidArgument("size must be between \(Self.sizes.lowerBound) and \(Self.sizes.upperBound) pixels")
        }
        guard (1...max(1, book.pageCount)).contains(page) else {
            throw LibraryError.pageOutOfRange(page, pageCount: book.pageCount)
        }
        let path = library.thumbnailPath(sha256: book.sha256, page: page, size: size)
        if page == 1, size == Library.coverSize { try library.fetchSharedCover(of: book) }
        if FileManager.default.fileExists(atPath: path) { return path }
        let pdfPage = try BookFile.page(page, of: book, password: password)
        do {
            try pdfPage.writePNG(to: path, maxPixels: size)
        } catch let error as PDFError {
            throw BookFile.Failure(path: book.path, reason: error)
        }
        return path
    }
}

extension Library {
    /// The path of the cached PNG of a page, rendering it on first request.
    public func thumbnail(of book: Book, page: Int = 1, size: Int = Library.coverSize, password: String? = nil) throws -> String {
        try Thumbnails(library: self).thumbnail(of: book, page: page, size: size, password: password)
    }
}
