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
        // Written straight to AtomicFile's temporary name: FileManager.createFile
        // would write its own temporary file and fsync it, which a cache of
        // thumbnails does not need and which cost more than encoding the PNG.
        try AtomicFile.write(to: path) { temporary in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            var written = 0
            while written < png.count {
                let count = png.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno))) }
                written += count
            }
        }
    }
}
