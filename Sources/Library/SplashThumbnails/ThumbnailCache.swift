import BookLibrary
import FileNames
import FoundationEssentials
import Glibc

/// Page images as PNG, rendered on first request and cached by content hash
/// and size, so a moved or re-added file keeps its thumbnails. Which renderer
/// draws a missing one is the caller's: `ibook thumbnail` uses Splash
/// (PageImageRenderer), `add` the PDF it already has open.
public struct ThumbnailCache {
    public let library: Library

    public static let sizes = 16...4096

    public init(library: Library) {
        self.library = library
    }

    /// Whether the PNG of `page` at `size` is there already (or a shared library holds the cover).
    public func isCached(_ book: Book, page: Int, size: Int) -> Bool {
        (try? thumbnail(of: book, page: page, size: size) { _ in throw LibraryError.fileMissing(book.path) }) != nil
    }

    /// The path of the cached PNG of `page`, after `render` wrote it there
    /// when it was missing.
    public func thumbnail(of book: Book, page: Int, size: Int, render: (_ path: String) throws -> Void) throws -> String {
        guard Self.sizes.contains(size) else {
            throw LibraryError.invalidArgument("size must be between \(Self.sizes.lowerBound) and \(Self.sizes.upperBound) pixels")
        }
        guard (1...max(1, book.pageCount)).contains(page) else {
            throw LibraryError.pageOutOfRange(page, pageCount: book.pageCount)
        }
        let path = try library.thumbnailPath(sha256: book.sha256, page: page, size: size)
        if page == 1, size == Library.coverSize { try library.fetchSharedCover(of: book) }
        if FileName.exists(path) { return path }
        guard FileName.exists(book.path) else { throw LibraryError.fileMissing(book.path) }
        try render(path)
        return path
    }
}
