import BookLibrary
import Drawing
import Raster

/// Covers from the thumbnail cache (the PNG `add` and `ibook thumbnail`
/// make), decoded and fitted to a cell once and kept while the cell's size
/// holds. A book with no cached cover gets a plain placeholder: rendering one
/// here would hold up the keys.
final class ShelfCovers {
    private let library: Library
    private var fitted: [Int: RasterImage] = [:]
    private var box = (width: 0, height: 0)

    static let placeholderColor = RGB(red: 150, green: 150, blue: 160)

    init(library: Library) {
        self.library = library
    }

    /// The cover of `book` fitted within `width × height` pixels, keeping its proportions.
    func cover(of book: Book, width: Int, height: Int) -> RasterImage {
        if box != (width, height) {
            fitted = [:]
            box = (width, height)
        }
        if let image = fitted[book.id] { return image }
        let image = load(book).map { fit($0) } ?? placeholder()
        fitted[book.id] = image
        return image
    }

    private func load(_ book: Book) -> RasterImage? {
        guard let path = try? library.thumbnailPath(sha256: book.sha256, page: 1, size: Library.coverSize),
              let png = try? PNGImage(path: path) else { return nil }
        return png.raster
    }

    private func fit(_ image: RasterImage) -> RasterImage {
        let scale = min(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height))
        return image.scaled(toWidth: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)))
    }

    /// A page-shaped grey card where a cover would be.
    private func placeholder() -> RasterImage {
        let height = box.height, width = min(box.width, max(1, height * 100 / 141))
        var card = RasterImage(width: width, height: height, fill: Self.placeholderColor)
        card.strokeRectangle(x: 0, y: 0, width: width, height: height, color: RGB(red: 110, green: 110, blue: 120), thickness: 2)
        return card
    }
}
