import CPangoCairo
import Raster

/// One contact sheet being drawn: a white image the size of its grid, filled
/// cell by cell so the caller never has to hold more than one thumbnail, then
/// encoded as PNG. Owns its cairo surface and pango context.
public final class ContactSheet {
    public let layout: ContactSheetLayout
    public let cellCount: Int
    public let width: Int
    public let height: Int

    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    private let pango: OpaquePointer

    static let borderColor = Color(hex: 0xA8ADB3)
    static let unrenderedFill = Color(hex: 0xD5D8DC)

    public init(layout: ContactSheetLayout, cellCount: Int) throws {
        self.layout = layout
        self.cellCount = max(1, cellCount)
        width = layout.width
        height = layout.height(cells: self.cellCount)
        guard width <= ContactSheetLayout.maximumSide, height <= ContactSheetLayout.maximumSide else {
            throw DrawingError.image("a \(width)x\(height) sheet is larger than \(ContactSheetLayout.maximumSide) pixels a side")
        }
        // RGB24: a sheet is opaque, and libpng then writes RGB, a quarter smaller.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw DrawingError.image("cannot allocate a \(width)x\(height) sheet: " + String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        cairo = cairo_create(surface)
        pango = pango_cairo_create_context(cairo)
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pango))
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Puts a thumbnail, centred in the box of cell `index`, with a thin border and
    /// its caption under the box. A thumbnail larger than the box is scaled down.
    public func draw(_ thumbnail: RasterImage, caption: String, at index: Int) throws {
        guard !thumbnail.isEmpty else { return drawUnrendered(caption: caption, at: index) }
        let box = thumbnailBox(index)
        let scale = min(1, box.width / Double(thumbnail.width), box.height / Double(thumbnail.height))
        let shown = (width: (Double(thumbnail.width) * scale).rounded(), height: (Double(thumbnail.height) * scale).rounded())
        let x = box.x + ((box.width - shown.width) / 2).rounded(.down)
        let y = box.y + ((box.height - shown.height) / 2).rounded(.down)

        let image = try Self.surface(from: thumbnail)
        defer { cairo_surface_destroy(image) }
        cairo_save(cairo)
        cairo_translate(cairo, x, y)
        cairo_scale(cairo, scale, scale)
        cairo_set_source_surface(cairo, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), scale < 1 ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        cairo_paint(cairo)
        cairo_restore(cairo)

        strokeBorder(Rect(x: x, y: y, width: shown.width, height: shown.height))
        drawCaption(caption, at: index)
    }

    /// A grey page where a thumbnail could not be made, so the grid keeps its
    /// order. Its size is unknown, so it takes the shape of a Letter page.
    public func drawUnrendered(caption: String, at index: Int) {
        let box = thumbnailBox(index)
        let width = (box.width * 612 / 792).rounded()
        let page = Rect(x: box.x + ((box.width - width) / 2).rounded(.down), y: box.y, width: width, height: box.height)
        setColor(Self.unrenderedFill)
        cairo_rectangle(cairo, page.x, page.y, page.width, page.height)
        cairo_fill(cairo)
        strokeBorder(page)
        drawCaption(caption, at: index)
    }

    /// The sheet as a PNG file's bytes.
    public func pngData() throws -> [UInt8] {
        cairo_surface_flush(surface)
        let sink = PNGSink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
                .bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw DrawingError.image("cannot encode the sheet as PNG: " + String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }

    // MARK: - Parts of a cell

    private func thumbnailBox(_ index: Int) -> Rect {
        let origin = layout.cellOrigin(index)
        return Rect(x: Double(origin.x + layout.padding), y: Double(origin.y + layout.padding),
                    width: Double(layout.thumbnailSize), height: Double(layout.thumbnailSize))
    }

    /// A one-pixel line just outside the picture, aligned to the pixel grid so it stays crisp.
    private func strokeBorder(_ rect: Rect) {
        setColor(Self.borderColor)
        cairo_set_line_width(cairo, 1)
        cairo_rectangle(cairo, rect.x - 0.5, rect.y - 0.5, rect.width + 1, rect.height + 1)
        cairo_stroke(cairo)
    }

    private func drawCaption(_ caption: String, at index: Int) {
        let origin = layout.cellOrigin(index)
        let style = TextStyle(size: layout.captionFontSize, color: .text, alignment: .center)
        let text = TextLayout(context: pango, text: caption, style: style,
                              width: Double(layout.cellWidth - layout.padding), maxLines: 2)
        setColor(style.color)
        cairo_move_to(cairo, Double(origin.x + layout.padding / 2),
                      Double(origin.y + layout.padding + layout.thumbnailSize + layout.captionGap))
        pango_cairo_show_layout(cairo, text.layout)
    }

    private func setColor(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// cairo's RGB24 is one native-endian 32-bit word per pixel: 0x00RRGGBB.
    private static func surface(from image: RasterImage) throws -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            throw DrawingError.image("cannot allocate a \(image.width)x\(image.height) thumbnail")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var offset = y * image.width * 4
                for x in 0..<image.width {
                    row[x] = UInt32(source[offset]) << 16 | UInt32(source[offset + 1]) << 8 | UInt32(source[offset + 2])
                    offset += 4
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Collects what cairo's PNG writer hands over, chunk by chunk.
private final class PNGSink {
    var bytes: [UInt8] = []
}
