import CPangoCairo

/// How a run of text looks. The family list puts DejaVu Sans first (Latin,
/// Greek, Cyrillic, Arabic, Hebrew) and Noto Sans CJK second, so any script
/// in a book's title gets real glyphs; pango falls back through fontconfig
/// for the rest.
public struct TextStyle: Sendable {
    public static let defaultFamily = "DejaVu Sans, Noto Sans CJK SC"

    public var family: String
    public var size: Double
    public var bold: Bool
    public var italic: Bool
    public var color: Color
    public var alignment: TextAlignment

    public init(family: String = TextStyle.defaultFamily, size: Double, bold: Bool = false, italic: Bool = false,
                color: Color = .text, alignment: TextAlignment = .leading) {
        self.family = family
        self.size = size
        self.bold = bold
        self.italic = italic
        self.color = color
        self.alignment = alignment
    }

    public func with(size: Double? = nil, bold: Bool? = nil, color: Color? = nil, alignment: TextAlignment? = nil) -> TextStyle {
        var copy = self
        if let size { copy.size = size }
        if let bold { copy.bold = bold }
        if let color { copy.color = color }
        if let alignment { copy.alignment = alignment }
        return copy
    }

    public static let body = TextStyle(size: 9)
    public static let small = TextStyle(size: 7.5, color: .secondaryText)

    /// A new description the caller frees with `pango_font_description_free`.
    func makeFontDescription() -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        // Absolute size is in cairo units, which on a PDF surface are points.
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        return description
    }
}
