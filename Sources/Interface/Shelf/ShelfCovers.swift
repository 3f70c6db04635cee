import BookLibrary
import Drawing
import Raster

/// Covers from the thumbnail cache (the PNG `add` and `ibook thumbnail`
/// make), decoded and fitted to a cell once and kept while the cell's size
/// holds. A book with no cached cover gets a plain placeholder, and is in
/// `missing` for `ShelfCoverMaker` to make in the background: rendering one
/// here would hold up the keys.
final class ShelfCovers {
    private let library: Library
    private var fitted: [Int: RasterImage] = [:]
    private var box = (width: 0, height: 0)
    /// Books shown with a placeholder since their cover is not in the cache.
    private(set) var missing: Set<Int> = []

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
        let loaded = load(book)
        if loaded == nil { missing.insert(book.id) } else { missing.remove(book.id) }
        let image = loaded.map { fit($0) } ?? placeholder()
        fitted[book.id] = image
        return image
    }

    /// The book's cover is in the cache now: it is read again when next drawn.
    func forget(_ bookID: Int) {
        fitted[bookID] = nil
        missing.remove(bookID)
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
