import CPoppler
import Foundation
import Raster

extension PDFPage {
    /// The largest pixel size with the page's proportions that fits in the
    /// box. Zero, missing or absurd page boxes are treated as Letter rather
    /// than trusted with an allocation.
    public func pixelSize(fittingWidth boxWidth: Int, height boxHeight: Int) -> (width: Int, height: Int) {
        let (width, height) = saneSize
        let scale = min(Double(max(1, boxWidth)) / width, Double(max(1, boxHeight)) / height)
        return (min(Self.maximumSide, max(1, Int((width * scale).rounded()))),
                min(Self.maximumSide, max(1, Int((height * scale).rounded()))))
    }

    /// Renders the page at exactly `width` × `height` pixels on white.
    public func render(width: Int, height: Int) throws -> RasterImage {
        let pixelWidth = min(Self.maximumSide, max(1, width)), pixelHeight = min(Self.maximumSide, max(1, height))
        var pixels = [UInt8](repeating: 255, count: pixelWidth * pixelHeight * 4)
        try rendering(width: pixelWidth, height: pixelHeight, forPrinting: false) { data, stride in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<pixelHeight {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    var offset = y * pixelWidth * 4
                    for x in 0..<pixelWidth {
                        let word = row[x]
                        target[offset] = UInt8((word >> 16) & 0xFF)
                        target[offset + 1] = UInt8((word >> 8) & 0xFF)
                        target[offset + 2] = UInt8(word & 0xFF)
                        offset += 4
                    }
                }
            }
        }
        return RasterImage(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }

    /// Renders the page onto a white cairo surface of exactly this many
    /// pixels and hands `body` its rows while the surface lives: cairo's
    /// RGB24 is one native-endian 32-bit word per pixel, 0x00RRGGBB, rows
    /// `stride` bytes apart. For printing: as a scanner or printer sees the
    /// page (annotations that are not meant to print left out).
    func rendering(width pixelWidth: Int, height pixelHeight: Int, forPrinting: Bool,
                   _ body: (_ data: UnsafeMutablePointer<UInt8>, _ stride: Int) -> Void) throws {
        let (pageWidth, pageHeight) = saneSize
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
        cairo_scale(context, Double(pixelWidth) / pageWidth, Double(pixelHeight) / pageHeight)
        if forPrinting { poppler_page_render_for_printing(page, context) } else { poppler_page_render(page, context) }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw PDFError.renderFailed("no pixel data") }
        body(data, Int(cairo_image_surface_get_stride(surface)))
    }

    /// Where `text` occurs on the page, ignoring case and diacritics and
    /// matching across line ends, as fractions of the displayed page
    /// (0...1, from the top-left), so they fit a render of any size.
    public func find(_ text: String) -> [PageRectangle] {
        let (width, height) = saneSize
        let options = PopplerFindFlags(rawValue: POPPLER_FIND_IGNORE_DIACRITICS.rawValue | POPPLER_FIND_MULTILINE.rawValue)
        guard !text.isEmpty, let list = poppler_page_find_text_with_options(page, text, options) else { return [] }
        defer { g_list_free_full(list) { poppler_rectangle_free($0?.assumingMemoryBound(to: PopplerRectangle.self)) } }
        var rectangles: [PageRectangle] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let box = current.pointee.data?.assumingMemoryBound(to: PopplerRectangle.self).pointee {
                // poppler's find results are in PDF space: y grows upwards.
                let top = (height - max(box.y1, box.y2)) / height
                let bottom = (height - min(box.y1, box.y2)) / height
                rectangles.append(PageRectangle(x: min(box.x1, box.x2) / width, y: top,
                                                width: abs(box.x2 - box.x1) / width, height: bottom - top))
            }
            node = current.pointee.next
        }
        return rectangles
    }

    static let maximumSide = 8192

    var saneSize: (Double, Double) {
        var (width, height) = size
        if !(width.isFinite && width > 0 && width < 1e6) { width = 612 }
        if !(height.isFinite && height > 0 && height < 1e6) { height = 792 }
        return (width, height)
    }
}
