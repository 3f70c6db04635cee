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
        let png = try PNGEncoder.encode(try render(width: size.width, height: size.height))
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try AtomicFile.write(to: path) { temporary in
            guard FileManager.default.createFile(atPath: temporary, contents: Data(png), attributes: [.posixPermissions: 0o600]) else {
                throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno)))
            }
        }
    }
}
