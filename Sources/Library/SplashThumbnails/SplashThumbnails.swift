import BookLibrary
import FileOutput
import Raster

extension Library {
    /// The path of the cached PNG of a page, rendered by Splash
    /// (libibook-pages.so, opened now) on first request.
    public func splashThumbnail(of book: Book, page: Int = 1, size: Int = Library.coverSize, password: String? = nil) throws -> String {
        try ThumbnailCache(library: self).thumbnail(of: book, page: page, size: size) { path in
            let image = try PageImageRenderer().image(ofPage: page, in: book.path, longest: size, password: password)
            try PrivateFile.write(PNGEncoder.encode(image), to: path)
        }
    }
}
