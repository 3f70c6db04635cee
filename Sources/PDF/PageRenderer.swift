import FileOutput
import Foundation
import Raster

extension PDFPage {
    /// Renders the page to a PNG whose longer side is `maxPixels`, written
    /// atomically to `path`.
    public func writePNG(to path: String, maxPixels: Int) throws {
        let longest = min(max(maxPixels, 16), 8192)
        let size = pixelSize(fittingWidth: longest, height: longest)
        let png = try PNGEncoder.encode(try render(width: size.width, height: size.height))
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try AtomicFile.write(Data(png), to: path)
    }
}
