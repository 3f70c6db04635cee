/// Where poppler-glib's page text runs two pieces of the page together that
/// the page shows apart: the cells of a table row, two text blocks side by
/// side (`HelloWorld`), a heading and its right-aligned partner. Its
/// selection text joins the lines of what it takes for a table without any
/// separator; pdftotext, which prints blocks apart, does not. Within one of
/// its own lines poppler leaves no gap wider than 0.4 em unspaced, so a wider
/// gap between two glyphs that follow each other in the text is such a join.
/// The decision is made from the two glyphs' boxes alone.
enum PieceSeparator {
    /// A horizontal gap wider than this fraction of the line's height (box
    /// height: about 1.2 em) is a break. On the corpus unspaced gaps are
    /// either below 0.5 (tight math like `m+n`, kerning) or above 0.75
    /// (table columns), nothing in between.
    static let gapRatio = 0.6

    /// The separator pdftotext would put between `previous` and `next`, two
    /// visible glyphs that poppler put side by side in the text: a space
    /// where they sit on one line (or in one column of vertical text) with a
    /// wide gap, a newline where `next` starts another line; nil when they
    /// belong together (kerning, ligatures, superscripts, CJK, turned text).
    static func separator(between previous: Glyph, and next: Glyph) -> Character? {
        separator(between: previous.box, and: next.box)
    }

    /// The same decision from the boxes alone.
    static func separator(between a: GlyphBox, and b: GlyphBox) -> Character? {
        guard a.x2 > a.x1, a.y2 > a.y1, b.x2 > b.x1, b.y2 > b.y1 else { return nil }
        let height = max(a.y2 - a.y1, b.y2 - b.y1), width = max(a.x2 - a.x1, b.x2 - b.x1)
        let across = min(a.y2, b.y2) - max(a.y1, b.y1)
        let down = min(a.x2, b.x2) - max(a.x1, b.x1)
        // Side by side on a line across the page, in either direction (Arabic and Hebrew run leftwards).
        if across > min(a.y2 - a.y1, b.y2 - b.y1) * 0.5 {
            return max(b.x1 - a.x2, a.x1 - b.x2) > height * gapRatio ? " " : nil
        }
        // One under the other in a column: vertical writing, a line running down a turned page.
        if down > min(a.x2 - a.x1, b.x2 - b.x1) * 0.5 {
            return max(b.y1 - a.y2, a.y1 - b.y2) > width * gapRatio ? " " : nil
        }
        // Neither: back to the left of where `previous` starts, or clear
        // above or below it, a jump to another line; else going on to the
        // right, raised or lowered (a superscript, a subscript, a big
        // operator's limits).
        guard b.x1 >= a.x1, -across < height * 0.5 else { return "\n" }
        return b.x1 - a.x2 > height * gapRatio ? " " : nil
    }

    /// poppler's glyphs (one per Character of its text) with the separators
    /// added. A separator's box spans the gap it stands for (a space) or is
    /// empty at the end of the line it ends (a newline), as poppler's own are.
    static func separated(_ glyphs: [Glyph]) -> [Glyph] {
        var result: [Glyph] = []
        result.reserveCapacity(glyphs.count + 16)
        for glyph in glyphs {
            // The boxes first: the Unicode properties cost more, and are rarely needed.
            if let last = result.last, let separator = separator(between: last, and: glyph),
               isVisible(last.character), isVisible(glyph.character) {
                result.append(separatorGlyph(separator, after: last, before: glyph))
            }
            result.append(glyph)
        }
        return result
    }

    /// Not a space, a control or format character (bidi marks have boxes
    /// too), nor a mark that a separator in front would take for its base.
    private static func isVisible(_ character: Character) -> Bool {
        guard !character.isWhitespace, let first = character.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return true
        }
    }

    private static func separatorGlyph(_ separator: Character, after a: Glyph, before b: Glyph) -> Glyph {
        if separator.isNewline { return Glyph(character: separator, x1: a.x2, y1: a.y2, x2: a.x2, y2: a.y2) }
        if b.x1 >= a.x2 || a.x1 >= b.x2 {
            return Glyph(character: separator, x1: min(a.x2, b.x2), y1: a.y1, x2: max(a.x1, b.x1), y2: a.y2)
        }
        return Glyph(character: separator, x1: a.x1, y1: min(a.y2, b.y2), x2: a.x2, y2: max(a.y1, b.y1))
    }
}
