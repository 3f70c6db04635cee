import CPoppler

/// A line of a page's text as poppler orders it, with where it sits and the
/// size of its type: what a reader's eye uses to find a title.
public struct TextLine: Codable, Equatable, Sendable {
    public var text: String
    /// Top and bottom of the line, in points from the top of the displayed page.
    public var top: Double
    public var bottom: Double
    /// The size of most of the line's characters, in points.
    public var fontSize: Double

    public init(text: String, top: Double, bottom: Double, fontSize: Double) {
        self.text = text
        self.top = top
        self.bottom = bottom
        self.fontSize = fontSize
    }
}

extension PDFPage {
    /// The page's lines with their font sizes (from poppler's text attributes)
    /// and positions (from its text layout); empty when the page has no text.
    public func textLines() -> [TextLine] {
        let glyphs = self.glyphs()
        guard !glyphs.isEmpty else { return [] }
        let sizes = scalarFontSizes()
        var lines: [TextLine] = []
        var current: [(glyph: Glyph, size: Double)] = []
        func finish() {
            defer { current.removeAll() }
            let marks = current.filter { !$0.glyph.character.isWhitespace && $0.glyph.y2 > $0.glyph.y1 }
            // Bidi and other format controls are invisible on the page and noise in a title.
            let visible = String(String.UnicodeScalarView(current.map(\.glyph.character).flatMap(\.unicodeScalars)
                .filter { $0.properties.generalCategory != .format }))
            guard !marks.isEmpty, let text = visible.cleanedMetadata(limit: 500) else { return }
            var counts: [Double: Int] = [:]
            for mark in marks { counts[(mark.size * 10).rounded() / 10, default: 0] += 1 }
            let size = counts.max { $0.value == $1.value ? $0.key < $1.key : $0.value < $1.value }?.key ?? 0
            lines.append(TextLine(text: text, top: marks.map(\.glyph.y1).min() ?? 0,
                                  bottom: marks.map(\.glyph.y2).max() ?? 0, fontSize: size))
        }
        var scalarIndex = 0
        for glyph in glyphs {
            let size = scalarIndex < sizes.count ? sizes[scalarIndex] : 0
            scalarIndex += glyph.character.unicodeScalars.count
            if glyph.character == "\n" || glyph.character == "\r\n" {
                finish()
            } else {
                current.append((glyph, size))
            }
        }
        finish()
        return lines
    }

    /// The font size of each Unicode scalar of `text`, 0 where poppler gives
    /// none: from the same pass as the text (which `glyphs()` has just read),
    /// else from poppler-glib's text attributes.
    private func scalarFontSizes() -> [Double] {
        withOnePass { _, _, sizes in Array(sizes) } ?? selectionFontSizes()
    }

    /// poppler-glib's font size of each Unicode scalar (OnePassTextTests compares the two).
    func selectionFontSizes() -> [Double] {
        var area = textArea
        guard let list = poppler_page_get_text_attributes_for_area(page, &area) else { return [] }
        defer { poppler_page_free_text_attributes(list) }
        var sizes: [Double] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let item = node {
            if let data = item.pointee.data {
                let attributes = data.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
                let start = Int(attributes.start_index), end = Int(attributes.end_index)
                if start >= 0, end >= start, end < 50_000_000 {
                    if sizes.count <= end { sizes.append(contentsOf: repeatElement(0, count: end + 1 - sizes.count)) }
                    for index in start...end { sizes[index] = attributes.font_size }
                }
            }
            node = item.pointee.next
        }
        return sizes
    }
}
