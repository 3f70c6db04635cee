import FileOutput
import Foundation
import Raster

extension PDFPage {
    /// Renders the page to a PNG whose longer side is `maxPixels`, written
    /// atomically to `path`, readable by its owner only: thumbnails show
    /// pages of books that may be password-protected.
    public func writePNG(to path: String, maxPixels: Int) throws {
        let longest = min(max(maxPixels, 16), 8192)
        let size = pixelSize(fittingWidth: longest, height: longest)
        try PrivateFile.write(PNGEncoder.encode(try render(width: size.width, height: size.height)), to: path)
    }
}
