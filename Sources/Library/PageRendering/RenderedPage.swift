import PDF
import Raster

/// What the render worker made of a request.
public enum RenderedPage: Sendable {
    /// The page's pixels, where the search's text is on it and, on a laid-out book's view page,
    /// where its links are: only the worker knows that layout. A PDF's links the reader reads itself.
    case image(RasterImage, matches: [PageRectangle], links: [PageLink])
    /// The page could not be rendered; the reason is for people.
    case failed(String)
}
