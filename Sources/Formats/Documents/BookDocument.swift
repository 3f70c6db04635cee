import Raster

/// What a book is made of, whatever its format: pages with labels and text,
/// an outline, links, and pictures of its pages. PDFs are read by poppler;
/// EPUB, FB2, comics and plain text by the reflow engine, laid out at one
/// reference size so that a page number means the same place everywhere
/// (catalog, search hits, bookmarks, history). Pages are 1-based.
public protocol BookDocument: AnyObject {
    var format: BookFormat { get }
    var pageCount: Int { get }
    func pageLabel(_ number: Int) -> String?
    /// The page's text, one line of the page per line.
    func pageText(_ number: Int) -> String
    func outline() -> [OutlineEntry]
    func links(onPage number: Int) -> [PageLink]
    /// The largest size with the page's proportions that fits in the box.
    func pixelSize(page number: Int, fittingWidth width: Int, height: Int) -> (width: Int, height: Int)
    /// The page drawn at exactly `width` × `height` pixels on white.
    func renderPage(_ number: Int, width: Int, height: Int) throws -> RasterImage
    /// Where `text` occurs on the page, ignoring case.
    func find(_ text: String, onPage number: Int) -> [PageRectangle]
    /// The picture that stands for the book on a shelf, its longer side at
    /// most `maxPixels`: the cover the book names, or its first page.
    func cover(maxPixels: Int) throws -> RasterImage
}
