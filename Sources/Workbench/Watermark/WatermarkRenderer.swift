import CPangoCairo
import Foundation

/// Draws the watermark with cairo and pango into a small vector PDF: one
/// page per distinct displayed page size, each the size of the page as a
/// viewer shows it. qpdf then places these pages as form XObjects.
struct WatermarkRenderer {
    let options: WatermarkOptions
    /// A checked pango font description (see `FontResolver`).
    let font: String

    func writeStamps(_ sizes: [StampSize], to path: String) throws {
        guard let first = sizes.first else { return }
        guard let surface = cairo_pdf_surface_create(path, first.width, first.height) else {
            throw WatermarkError.renderFailed("no surface")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface))
        guard let context = cairo_create(surface) else { throw WatermarkError.renderFailed("no context") }
        defer { cairo_destroy(context) }
        try check(cairo_status(context))

        let layout = try makeLayout(context)
        defer { g_object_unref(gpointer(layout)) }
        for size in sizes {
            cairo_pdf_surface_set_size(surface, size.width, size.height)
            draw(layout, on: context, size: size)
            cairo_show_page(context)
        }
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface))
    }

    private func makeLayout(_ context: OpaquePointer) throws -> OpaquePointer {
        guard let layout = pango_cairo_create_layout(context) else { throw WatermarkError.renderFailed("no layout") }
        // Font sizes are in points: the PDF surface's unit, not 96 dpi pixels.
        pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72)
        pango_layout_context_changed(layout)
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_text(layout, options.text, -1)
        return layout
    }

    private func draw(_ layout: OpaquePointer, on context: OpaquePointer, size: StampSize) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let textWidth = Double(logical.width) / Double(PANGO_SCALE)
        let textHeight = Double(logical.height) / Double(PANGO_SCALE)
        // Cairo's y axis points down, so a counter-clockwise angle is negative.
        let radians = -options.angle * .pi / 180

        cairo_save(context)
        cairo_set_source_rgba(context, options.color.red, options.color.green, options.color.blue,
                              min(max(options.opacity, 0), 1))
        switch options.placement {
        case .single(let position, let margin):
            let center = Self.center(of: position, margin: margin, page: size,
                                     text: (textWidth, textHeight), radians: radians)
            cairo_translate(context, center.x, center.y)
            cairo_rotate(context, radians)
            cairo_move_to(context, -textWidth / 2, -textHeight / 2)
            pango_cairo_show_layout(context, layout)
        case .tile(let horizontal, let vertical):
            // Lay the grid out in the rotated frame and make it cover the
            // page's circumscribed circle, so the corners are filled too.
            let cellWidth = max(textWidth + horizontal, 1)
            let cellHeight = max(textHeight + vertical, 1)
            let radius = (size.width * size.width + size.height * size.height).squareRoot() / 2
            let columns = Int((radius / cellWidth).rounded(.up)) + 1
            let rows = Int((radius / cellHeight).rounded(.up)) + 1
            cairo_translate(context, size.width / 2, size.height / 2)
            cairo_rotate(context, radians)
            for row in -rows...rows {
                // Alternate rows are offset by half a cell, brick-fashion.
                let shift = row % 2 == 0 ? 0 : cellWidth / 2
                for column in -columns...columns {
                    let x = Double(column) * cellWidth + shift - textWidth / 2
                    let y = Double(row) * cellHeight - textHeight / 2
                    cairo_move_to(context, x, y)
                    pango_cairo_show_layout(context, layout)
                }
            }
        }
        cairo_restore(context)
    }

    /// The stamp's centre, placing its rotated bounding box `margin` points
    /// from the edges it is aligned to.
    static func center(of position: WatermarkPosition, margin: Double, page: StampSize,
                       text: (width: Double, height: Double), radians: Double) -> (x: Double, y: Double) {
        let boundsWidth = abs(text.width * cos(radians)) + abs(text.height * sin(radians))
        let boundsHeight = abs(text.width * sin(radians)) + abs(text.height * cos(radians))
        let left = margin + boundsWidth / 2, right = page.width - margin - boundsWidth / 2
        let top = margin + boundsHeight / 2, bottom = page.height - margin - boundsHeight / 2
        switch position {
        case .center: return (page.width / 2, page.height / 2)
        case .top: return (page.width / 2, top)
        case .bottom: return (page.width / 2, bottom)
        case .left: return (left, page.height / 2)
        case .right: return (right, page.height / 2)
        case .topLeft: return (left, top)
        case .topRight: return (right, top)
        case .bottomLeft: return (left, bottom)
        case .bottomRight: return (right, bottom)
        }
    }

    private func check(_ status: cairo_status_t) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WatermarkError.renderFailed(String(cString: cairo_status_to_string(status)))
        }
    }
}
