import Documents
import Raster
import ReflowDocuments

/// EPUB, FB2, comics, XPS and plain text as the reflow engine lays them out
/// at its reference size: those pages are the book's page numbers.
public final class ReflowBook: BookDocument {
    public let engine: ReflowDocument
    public let format: BookFormat
    private lazy var labels: [String?] = engine.pageLabels()

    init(_ engine: ReflowDocument, format: BookFormat) {
        self.engine = engine
        self.format = format
    }

    public var pageCount: Int { engine.pageCount }

    public func pageLabel(_ number: Int) -> String? {
        number >= 1 && number <= labels.count ? labels[number - 1] : nil
    }

    public func pageText(_ number: Int) -> String { engine.pageText(number) }

    public func outline() -> [OutlineEntry] {
        engine.outline().map { OutlineEntry(title: $0.title, depth: $0.depth, page: $0.page) }
    }

    public func links(onPage number: Int) -> [PageLink] {
        engine.links(page: number)
    }

    public func pixelSize(page number: Int, fittingWidth width: Int, height: Int) -> (width: Int, height: Int) {
        engine.pixelSize(page: number, fittingWidth: width, height: height)
    }

    public func renderPage(_ number: Int, width: Int, height: Int) throws -> RasterImage {
        try engine.render(page: number, width: width, height: height)
    }

    public func find(_ text: String, onPage number: Int) -> [PageRectangle] {
        engine.find(text, page: number)
    }

    public func cover(maxPixels: Int) throws -> RasterImage {
        if let image = engine.coverImage(maxPixels: maxPixels) { return image }
        let size = engine.pixelSize(page: 1, fittingWidth: maxPixels, height: maxPixels)
        return try engine.render(page: 1, width: size.width, height: size.height)
    }
}
