// CoverPainter: an EPUB's cover as a PNG drawn with cairo and pango: a night
// sky, seeded curtains of aurora over a dark coastline, and the title, author
// and series set in DejaVu. The same seed gives the same pixels.

import CPangoCairo

enum CoverPainter {
    struct Cover {
        var title: String
        var author: String
        var series: String
        var seed: UInt64
    }

    static let width = 600, height = 900

    static func png(_ cover: Cover) throws -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            throw WriterError(description: "cannot create the cover's cairo surface")
        }
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        let w = Double(width), h = Double(height)
        var rng = SeededGenerator(seed: cover.seed)

        let sky = cairo_pattern_create_linear(0, 0, 0, h)
        cairo_pattern_add_color_stop_rgb(sky, 0, 0.02, 0.03, 0.10)
        cairo_pattern_add_color_stop_rgb(sky, 0.7, 0.05, 0.12, 0.22)
        cairo_pattern_add_color_stop_rgb(sky, 1, 0.08, 0.16, 0.25)
        cairo_set_source(cr, sky)
        cairo_paint(cr)
        cairo_pattern_destroy(sky)

        for _ in 0..<140 {
            let x = rng.unit() * w, y = rng.unit() * h * 0.6, r = 0.6 + rng.unit() * 1.2
            cairo_set_source_rgba(cr, 1, 1, 0.95, 0.4 + rng.unit() * 0.5)
            cairo_arc(cr, x, y, r, 0, 2 * Double.pi)
            cairo_fill(cr)
        }

        // Curtains: translucent vertical strokes along a wandering curve, green fading to violet above.
        for band in 0..<3 {
            var base = h * (0.38 + 0.08 * Double(band))
            let height = h * (0.18 + 0.06 * rng.unit())
            var x = -10.0
            while x < w + 10 {
                base += (rng.unit() - 0.5) * 6
                let glow = cairo_pattern_create_linear(0, base - height, 0, base)
                cairo_pattern_add_color_stop_rgba(glow, 0, 0.55, 0.30, 0.75, 0)
                cairo_pattern_add_color_stop_rgba(glow, 0.6, 0.30, 0.95, 0.55, 0.10)
                cairo_pattern_add_color_stop_rgba(glow, 1, 0.45, 1.0, 0.65, 0.22)
                cairo_set_source(cr, glow)
                cairo_rectangle(cr, x, base - height, 4, height)
                cairo_fill(cr)
                cairo_pattern_destroy(glow)
                x += 3
            }
        }

        // The coast: a dark ridge of mountains over still water.
        cairo_set_source_rgb(cr, 0.02, 0.04, 0.07)
        cairo_move_to(cr, 0, h)
        var ridge = h * 0.72
        for step in 0...30 {
            ridge = min(max(ridge + (rng.unit() - 0.5) * 40, h * 0.62), h * 0.78)
            cairo_line_to(cr, w * Double(step) / 30, ridge)
        }
        cairo_line_to(cr, w, h)
        cairo_close_path(cr)
        cairo_fill(cr)

        try text(cover.series.uppercased(), font: "DejaVu Sans 15", y: 70, gray: 0.75, cr: cr)
        try text(cover.title, font: "DejaVu Serif Bold 40", y: 110, gray: 1, cr: cr)
        try text(cover.author, font: "DejaVu Sans 22", y: h - 100, gray: 0.9, cr: cr)

        cairo_surface_flush(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WriterError(description: "cannot write the cover PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }

    /// A centred block of text, wrapped to the cover's width less margins, its top at `y`.
    private static func text(_ string: String, font: String, y: Double, gray: Double, cr: OpaquePointer) throws {
        guard let layout = pango_cairo_create_layout(cr) else { throw WriterError(description: "cannot create a pango layout") }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32((Double(width) - 100) * Double(PANGO_SCALE)))
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_text(layout, string, -1)
        cairo_set_source_rgb(cr, gray, gray, gray)
        cairo_move_to(cr, 50, y)
        pango_cairo_show_layout(cr, layout)
    }
}
