import Documents
import Raster

/// A PDF is the first kind of book: its pages are poppler's.
extension PDFDocument: BookDocument {
    public var format: BookFormat { .pdf }

    public func outline() -> [OutlineEntry] { outline(limit: 100_000) }

    public func pageLabel(_ number: Int) -> String? { page(at: number - 1)?.label }

    public func pageText(_ number: Int) -> String { page(at: number - 1)?.text ?? "" }

    public func pixelSize(page number: Int, fittingWidth width: Int, height: Int) -> (width: Int, height: Int) {
        page(at: number - 1)?.pixelSize(fittingWidth: width, height: height) ?? (max(1, width), max(1, height))
    }

    public func renderPage(_ number: Int, width: Int, height: Int) throws -> RasterImage {
        guard let page = page(at: number - 1) else { throw PDFError.damaged("page \(number) cannot be read") }
        return try page.render(width: width, height: height)
    }

    public func find(_ text: String, onPage number: Int) -> [PageRectangle] { page(at: number - 1)?.find(text) ?? [] }

    public func cover(maxPixels: Int) throws -> RasterImage {
        let longest = min(max(maxPixels, 16), 8192)
        let size = pixelSize(page: 1, fittingWidth: longest, height: longest)
        return try renderPage(1, width: size.width, height: size.height)
    }
}
