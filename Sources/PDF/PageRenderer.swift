import CPoppler
import FileOutput
import Foundation

extension PDFPage {
    /// Renders the page to a PNG whose longer side is `maxPixels`, written
    /// atomically to `path`. Page sizes come from the file, so zero, missing or
    /// absurd boxes are clamped rather than trusted with an allocation.
    public func writePNG(to path: String, maxPixels: Int) throws {
        let longest = min(max(maxPixels, 16), 8192)
        var (width, height) = size
        if !(width.isFinite && width > 0) { width = 612 }
        if !(height.isFinite && height > 0) { height = 792 }
        let scale = Double(longest) / max(width, height)
        let pixelWidth = min(longest, max(1, Int((width * scale).rounded())))
        let pixelHeight = min(longest, max(1, Int((height * scale).rounded())))

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw PDFError.renderFailed("no surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw PDFError.renderFailed("cannot allocate \(pixelWidth)x\(pixelHeight) image")
        }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, Double(pixelWidth) / width, Double(pixelHeight) / height)
        poppler_page_render(page, context)
        cairo_surface_flush(surface)

        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try AtomicFile.write(to: path) { temporary in
            let status = cairo_surface_write_to_png(surface, temporary)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw PDFError.renderFailed(String(cString: cairo_status_to_string(status)))
            }
        }
    }
}
