// BookWriter: a thin owner of one cairo PDF surface, its drawing context and
// the pango layouts drawn on it. It knows about pages, text, outlines, labels
// and named destinations, but nothing about any particular book.

import CPangoCairo

/// A page size in PDF points (1/72 inch).
struct PageSize: Equatable {
    let width: Int
    let height: Int

    static let a4 = PageSize(width: 595, height: 842)
    static let a4Landscape = PageSize(width: 842, height: 595)
    static let usLetter = PageSize(width: 612, height: 792)
}

/// The document information dictionary cairo writes.
struct PDFMetadata {
    var title: String?
    var author: String?
    var subject: String?
    var keywords: String?
    var creator: String?
    /// ISO 8601 ("2021-04-01T10:00:00Z"). Fixed so that output is reproducible.
    var date: String
}

enum TextAlignment {
    case left, center, right
}

/// How a run of text is set: a pango font description plus paragraph options.
struct TextStyle {
    var font: String
    var language: String? = nil
    var alignment: TextAlignment = .left
    var justify = false
    var spaceBefore: Double = 0
    var spaceAfter: Double = 7
    var gray: Double = 0
    /// Extra leading between lines, in points.
    var lineSpacing: Double = 0
}

/// Where an outline entry points.
enum OutlineTarget {
    /// An explicit destination: `page=N`.
    case page(Int)
    /// A named destination defined with a CAIRO_TAG_DEST tag: `dest='name'`.
    case named(String)
}

struct WriterError: Error, CustomStringConvertible {
    let description: String
}

final class BookWriter {
    let path: String
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    /// One pango context for every layout: unrounded glyph positions, so the
    /// PDF text needs no per-glyph position corrections.
    private let pango: OpaquePointer
    private var fonts: [String: OpaquePointer] = [:]
    private var finished = false

    /// Strings that must never be split over two lines (probe words/phrases).
    private let unbreakable: [String]

    /// 1-based number of the page being drawn (0 before the first page).
    private(set) var pageNumber = 0
    private(set) var pageSizes: [PageSize] = []
    private(set) var labels: [String?] = []
    /// All text drawn, per page (index 0 = page 1), in drawing order.
    private(set) var pageTexts: [String] = []
    /// Physical page of every named destination defined so far.
    private(set) var destinations: [String: Int] = [:]

    init(path: String, metadata: PDFMetadata, unbreakable: [String]) throws {
        self.path = path
        self.unbreakable = unbreakable
        guard let s = cairo_pdf_surface_create(path, Double(PageSize.a4.width), Double(PageSize.a4.height)) else {
            throw WriterError(description: "cannot create PDF surface for \(path)")
        }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let c = cairo_create(s) else {
            let message = String(cString: cairo_status_to_string(cairo_surface_status(s)))
            cairo_surface_destroy(s)
            throw WriterError(description: "cannot create PDF surface for \(path): \(message)")
        }
        surface = s
        cr = c
        pango = pango_cairo_create_context(c)!
        pango_context_set_round_glyph_positions(pango, 0)
        // Font sizes are in points; the page is in points too.
        pango_cairo_context_set_resolution(pango, 72)

        func set(_ key: cairo_pdf_metadata_t, _ value: String?) {
            if let value = value { cairo_pdf_surface_set_metadata(surface, key, value) }
        }
        set(CAIRO_PDF_METADATA_TITLE, metadata.title)
        set(CAIRO_PDF_METADATA_AUTHOR, metadata.author)
        set(CAIRO_PDF_METADATA_SUBJECT, metadata.subject)
        set(CAIRO_PDF_METADATA_KEYWORDS, metadata.keywords)
        set(CAIRO_PDF_METADATA_CREATOR, metadata.creator)
        set(CAIRO_PDF_METADATA_CREATE_DATE, metadata.date)
        set(CAIRO_PDF_METADATA_MOD_DATE, metadata.date)
    }

    deinit {
        if !finished { cairo_surface_finish(surface) }
        for (_, desc) in fonts { pango_font_description_free(desc) }
        g_object_unref(UnsafeMutableRawPointer(pango))
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: Pages

    /// Starts a new page of the given size; `label` becomes its /PageLabels entry.
    func beginPage(size: PageSize, label: String?) {
        if pageNumber > 0 { cairo_show_page(cr) }
        pageNumber += 1
        cairo_pdf_surface_set_size(surface, Double(size.width), Double(size.height))
        if let label = label { cairo_pdf_surface_set_page_label(surface, label) }
        pageSizes.append(size)
        labels.append(label)
        pageTexts.append("")
    }

    /// Writes everything out and closes the file.
    func finish() throws {
        guard !finished else { return }
        finished = true
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        if status != CAIRO_STATUS_SUCCESS {
            throw WriterError(description: "\(path): cairo: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    // MARK: Text

    /// Measures `text` set in `style` at `width` points wide, without drawing it.
    func measure(_ text: String, style: TextStyle, width: Double) -> (width: Double, height: Double, lines: Int) {
        let layout = makeLayout(text, style: style, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return (Double(w) / Double(PANGO_SCALE), Double(h) / Double(PANGO_SCALE),
                Int(pango_layout_get_line_count(layout)))
    }

    /// Draws `text` with its top-left corner at (x, y), wrapped to `width`.
    /// Returns the height used. Throws if a probe string would be broken
    /// across two lines (it would then not be found by text extraction).
    @discardableResult
    func drawText(_ text: String, style: TextStyle, x: Double, y: Double, width: Double) throws -> Double {
        let layout = makeLayout(text, style: style, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        try checkUnbroken(text, layout: layout)
        cairo_set_source_rgb(cr, style.gray, style.gray, style.gray)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        appendPageText(text)
        return Double(h) / Double(PANGO_SCALE)
    }

    private func appendPageText(_ text: String) {
        guard pageNumber > 0 else { return }
        pageTexts[pageNumber - 1] += text + "\n"
    }

    private func font(_ spec: String) -> OpaquePointer {
        if let f = fonts[spec] { return f }
        let f = pango_font_description_from_string(spec)!
        fonts[spec] = f
        return f
    }

    private func makeLayout(_ text: String, style: TextStyle, width: Double) -> OpaquePointer {
        let layout = pango_layout_new(pango)!
        pango_layout_set_font_description(layout, font(style.font))
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_justify(layout, style.justify ? 1 : 0)
        switch style.alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if style.lineSpacing != 0 {
            pango_layout_set_spacing(layout, Int32(style.lineSpacing * Double(PANGO_SCALE)))
        }
        if let language = style.language {
            let attrs = pango_attr_list_new()
            pango_attr_list_insert(attrs, pango_attr_language_new(pango_language_from_string(language)))
            pango_layout_set_attributes(layout, attrs)
            pango_attr_list_unref(attrs)
        }
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// Every occurrence of a probe (exact, and case-folded) must sit on one line.
    private func checkUnbroken(_ text: String, layout: OpaquePointer) throws {
        let bytes = Array(text.utf8)
        let folded = Array(text.lowercased().utf8)
        for probe in unbreakable {
            var spans = byteOffsets(of: Array(probe.utf8), in: bytes).map { ($0, probe.utf8.count) }
            if folded.count == bytes.count {
                let p = Array(probe.lowercased().utf8)
                spans += byteOffsets(of: p, in: folded).map { ($0, p.count) }
            }
            for (start, length) in spans {
                var firstLine: Int32 = 0, lastLine: Int32 = 0, x: Int32 = 0
                pango_layout_index_to_line_x(layout, Int32(start), 0, &firstLine, &x)
                pango_layout_index_to_line_x(layout, Int32(start + length - 1), 0, &lastLine, &x)
                if firstLine != lastLine {
                    throw WriterError(description:
                        "\(path) page \(pageNumber): probe \"\(probe)\" is broken across lines; reword the text")
                }
            }
        }
    }

    // MARK: Graphics

    func setColor(_ r: Double, _ g: Double, _ b: Double) { cairo_set_source_rgb(cr, r, g, b) }
    func fillRect(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
    }
    func strokeRect(x: Double, y: Double, width: Double, height: Double, lineWidth: Double) {
        cairo_set_line_width(cr, lineWidth)
        cairo_rectangle(cr, x, y, width, height)
        cairo_stroke(cr)
    }
    func line(from a: (Double, Double), to b: (Double, Double), lineWidth: Double, dash: [Double] = []) {
        cairo_set_line_width(cr, lineWidth)
        cairo_set_dash(cr, dash, Int32(dash.count), 0)
        cairo_move_to(cr, a.0, a.1)
        cairo_line_to(cr, b.0, b.1)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }
    /// Fills (and outlines) a closed polygon.
    func polygon(_ points: [(Double, Double)], fill: (Double, Double, Double), stroke: (Double, Double, Double), lineWidth: Double) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.0, first.1)
        for p in points.dropFirst() { cairo_line_to(cr, p.0, p.1) }
        cairo_close_path(cr)
        cairo_set_source_rgb(cr, fill.0, fill.1, fill.2)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, stroke.0, stroke.1, stroke.2)
        cairo_set_line_width(cr, lineWidth)
        cairo_stroke(cr)
    }
    func dot(x: Double, y: Double, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    // MARK: Navigation

    /// Runs `body` inside a CAIRO_TAG_DEST tag, defining the named destination
    /// `name` on the current page (its area is whatever `body` draws).
    func namedDestination<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(name)'")
        defer { cairo_tag_end(cr, CAIRO_TAG_DEST) }
        destinations[name] = pageNumber
        return try body()
    }

    /// Adds an outline (bookmark) entry; returns its id for use as a parent.
    func addOutline(title: String, parent: Int32, target: OutlineTarget, open: Bool) -> Int32 {
        let attributes: String
        switch target {
        case .page(let n): attributes = "page=\(n)"
        case .named(let name): attributes = "dest='\(name)'"
        }
        let flags = open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(rawValue: 0)
        return cairo_pdf_surface_add_outline(surface, parent, title, attributes, flags)
    }
}

/// Byte offsets of every (possibly overlapping) occurrence of `needle` in `haystack`.
func byteOffsets(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
    guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
    var result: [Int] = []
    var i = 0
    while i + needle.count <= haystack.count {
        if haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle {
            result.append(i)
        }
        i += 1
    }
    return result
}
