import CPangoCairo
import Foundation

/// One PDF being drawn: owns the cairo surface and context and a pango
/// context, knows the page and its margins, and keeps a cursor `y` that
/// blocks advance as they draw. `ensureSpace` starts a new page when a
/// block would not fit; every page gets the footer before it is closed.
public final class PDFCanvas {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    let pango: OpaquePointer

    public let pageWidth: Double
    public let pageHeight: Double
    public let margins: Margins
    public let footer: PageFooter?
    /// Known in the second pass only; the footer shows it.
    public let totalPages: Int?

    /// Where the next block starts.
    public var y: Double
    public private(set) var pageNumber = 1
    /// Called at the top of every new page, for running heads such as a table's header row.
    public var onNewPage: ((PDFCanvas) -> Void)?

    private var finished = false

    /// - Parameter path: where to write, or nil to lay out without writing (a counting pass).
    init(path: String?, width: Double, height: Double, margins: Margins, footer: PageFooter?,
         totalPages: Int?, language: String?, metadata: [String: String]) throws {
        if let path {
            surface = cairo_pdf_surface_create(path, width, height)
        } else {
            surface = cairo_pdf_surface_create_for_stream(nil, nil, width, height)
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw DrawingError.cairo(String(cString: cairo_status_to_string(status)))
        }
        for (key, value) in metadata {
            switch key {
            case "title": cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, value)
            case "author": cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, value)
            case "subject": cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, value)
            case "creator": cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, value)
            default: break
            }
        }
        cairo = cairo_create(surface)
        pango = pango_cairo_create_context(cairo)
        // Unhinted metrics: the same layout at any zoom and in both passes.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(pango, options)
        cairo_font_options_destroy(options)
        if let language {
            // Tells pango which CJK glyph variants to prefer (Simplified Chinese for zh-cn).
            pango_context_set_language(pango, pango_language_from_string(language))
        }
        pageWidth = width
        pageHeight = height
        self.margins = margins
        self.footer = footer
        self.totalPages = totalPages
        y = margins.top
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pango))
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    public var left: Double { margins.left }
    public var right: Double { pageWidth - margins.right }
    public var contentWidth: Double { right - left }
    public var top: Double { margins.top }
    /// The lowest y content may reach; below it the footer lives.
    public var bottom: Double { pageHeight - margins.bottom - (footer == nil ? 0 : PageFooter.height) }
    public var remainingHeight: Double { bottom - y }

    /// Starts a new page unless `height` still fits below `y`. Returns whether it did.
    @discardableResult
    public func ensureSpace(_ height: Double) -> Bool {
        guard y + height > bottom, y > top else { return false }
        newPage()
        return true
    }

    public func newPage() {
        closePage()
        cairo_show_page(cairo)
        pageNumber += 1
        y = top
        onNewPage?(self)
    }

    /// Draws the last footer and flushes the file.
    func finish() throws {
        guard !finished else { return }
        finished = true
        closePage()
        cairo_show_page(cairo)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw DrawingError.cairo(String(cString: cairo_status_to_string(status)))
        }
    }

    private func closePage() {
        footer?.draw(on: self)
    }

    // MARK: - Drawing helpers the blocks share

    public func layout(_ text: String, style: TextStyle, width: Double, maxLines: Int? = nil) -> TextLayout {
        TextLayout(context: pango, text: text, style: style, width: width, maxLines: maxLines)
    }

    /// Draws a laid-out paragraph with its top-left corner at (x, y).
    public func draw(_ layout: TextLayout, x: Double, y: Double, color: Color) {
        setColor(color)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout.layout)
    }

    /// Lays out and draws text; returns the height used.
    @discardableResult
    public func drawText(_ text: String, style: TextStyle, x: Double, y: Double, width: Double, maxLines: Int? = nil) -> Double {
        let laidOut = layout(text, style: style, width: width, maxLines: maxLines)
        draw(laidOut, x: x, y: y, color: style.color)
        return laidOut.height
    }

    public func fill(_ rect: Rect, _ color: Color, cornerRadius: Double = 0) {
        setColor(color)
        path(rect, cornerRadius: cornerRadius)
        cairo_fill(cairo)
    }

    public func stroke(_ rect: Rect, _ color: Color, lineWidth: Double = 0.5, cornerRadius: Double = 0) {
        setColor(color)
        cairo_set_line_width(cairo, lineWidth)
        path(rect, cornerRadius: cornerRadius)
        cairo_stroke(cairo)
    }

    public func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double), _ color: Color, width: Double = 0.5) {
        setColor(color)
        cairo_set_line_width(cairo, width)
        cairo_move_to(cairo, start.x, start.y)
        cairo_line_to(cairo, end.x, end.y)
        cairo_stroke(cairo)
    }

    /// Runs `body` with drawing confined to `rect`: a safety net under the
    /// layout's own wrapping, so nothing can paint over a neighbour.
    public func clipped(to rect: Rect, _ body: () -> Void) {
        cairo_save(cairo)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cairo)
        body()
        cairo_restore(cairo)
    }

    /// Paints an image scaled into `rect`. It is first resampled to twice the
    /// drawn size, so a large PNG shown small does not bloat the PDF.
    public func draw(_ image: PNGImage, in rect: Rect) {
        let pixelsWide = max(1, min(image.pixelWidth, Int((rect.width * 2).rounded(.up))))
        let pixelsHigh = max(1, min(image.pixelHeight, Int((rect.height * 2).rounded(.up))))
        let scaled = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelsWide), Int32(pixelsHigh))!
        defer { cairo_surface_destroy(scaled) }
        let scaler = cairo_create(scaled)!
        cairo_scale(scaler, Double(pixelsWide) / Double(image.pixelWidth), Double(pixelsHigh) / Double(image.pixelHeight))
        cairo_set_source_surface(scaler, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(scaler), CAIRO_FILTER_GOOD)
        cairo_paint(scaler)
        cairo_destroy(scaler)

        cairo_save(cairo)
        cairo_translate(cairo, rect.x, rect.y)
        cairo_scale(cairo, rect.width / Double(pixelsWide), rect.height / Double(pixelsHigh))
        cairo_set_source_surface(cairo, scaled, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    private func setColor(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    private func path(_ rect: Rect, cornerRadius: Double) {
        let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
        guard radius > 0 else {
            cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
            return
        }
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - radius, rect.y + radius, radius, -.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, .pi / 2)
        cairo_arc(cairo, rect.x + radius, rect.maxY - radius, radius, .pi / 2, .pi)
        cairo_arc(cairo, rect.x + radius, rect.y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cairo)
    }
}
