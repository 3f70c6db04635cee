import PDF
import Raster

/// What the render worker made of a request.
public enum RenderedPage: Sendable {
    case image(RasterImage, matches: [PageRectangle])
    /// The page could not be rendered; the reason is for people.
    case failed(String)
}
