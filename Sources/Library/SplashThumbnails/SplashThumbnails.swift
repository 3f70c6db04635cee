import BookLibrary
import FileOutput
import Raster

extension Library {
    /// The path of the cached PNG of a PDF's page, drawn on first request by MuPDF
    /// (libibook-reflow.so, opened now), or by Splash (libibook-pages.so) where MuPDF cannot.
    public func pdfThumbnail(of book: Book, page: Int = 1, size: Int = Library.coverSize, password: String? = nil) throws -> String {
        try ThumbnailCache(library: self).thumbnail(of: book, page: page, size: size) { path in
            let image = try PDFPageImages.image(ofPage: page, in: book.path, longest: size, password: password)
            try PrivateFile.write(PNGEncoder.encode(image), to: path)
        }
    }
}
