import CPangoCairo

/// A paragraph laid out by pango at a fixed width: wrapped at word (or, for
/// a word longer than the line, character) boundaries and, past `maxLines`,
/// cut with an ellipsis, so it never runs wider than it was given.
public final class TextLayout {
    let layout: OpaquePointer
    public let width: Double

    init(context: OpaquePointer, text: String, style: TextStyle, width: Double, maxLines: Int?) {
        layout = pango_layout_new(context)
        self.width = max(1, width)
        let font = style.makeFontDescription()
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, Int32((self.width * Double(PANGO_SCALE)).rounded(.down)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_alignment(layout, style.alignment.pango)
        if let maxLines {
            // A negative height is a line count: pango ellipsizes the last line kept.
            pango_layout_set_height(layout, -Int32(max(1, maxLines)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Logical extent in points.
    public var size: (width: Double, height: Double) {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return (Double(width) / Double(PANGO_SCALE), Double(height) / Double(PANGO_SCALE))
    }

    public var height: Double { size.height }

    /// How wide the lines actually are, which for short text is less than `width`.
    public var textWidth: Double {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    public var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    public var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }
}
