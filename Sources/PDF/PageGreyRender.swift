import CPoppler
import Foundation
import Raster

extension PDFPage {
    /// Renders the page in grey at `dpi` dots per inch on white, as a scanner
    /// would have seen it; capped at the renderer's largest side.
    public func renderGrey(dpi: Double) throws -> GreyImage {
        let (pageWidth, pageHeight) = size
        let width = pageWidth.isFinite && pageWidth > 0 && pageWidth < 1e6 ? pageWidth : 612
        let height = pageHeight.isFinite && pageHeight > 0 && pageHeight < 1e6 ? pageHeight : 792
        let scale = min(dpi / 72, Double(Self.maximumSide) / max(width, height))
        let pixelWidth = max(1, Int((width * scale).rounded())), pixelHeight = max(1, Int((height * scale).rounded()))
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
        poppler_page_render_for_printing(page, context)
        cairo_surface_flush(surface)

        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw PDFError.renderFailed("no pixel data") }
        var pixels = [UInt8](repeating: 255, count: pixelWidth * pixelHeight)
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<pixelHeight {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let offset = y * pixelWidth
                for x in 0..<pixelWidth {
                    let word = row[x]
                    // Rec. 601 luma in integers: 0x00RRGGBB → grey.
                    let luma = (((word >> 16) & 0xFF) * 77 + ((word >> 8) & 0xFF) * 150 + (word & 0xFF) * 29) >> 8
                    target[offset + x] = UInt8(luma)
                }
            }
        }
        return GreyImage(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }
}
