/// The text under a highlight: a PDF stores only the quadrilaterals of a
/// text markup annotation, so the text is read back from the glyphs whose
/// centres fall inside them, in the page's reading order, with the line
/// breaks of the page undone (a word hyphenated at a line end joined again).
public enum CoveredText {
    public static func text(of glyphs: [Glyph], inside rects: [PageRect]) -> String? {
        span(of: glyphs, inside: rects)?.text
    }

    /// The text and the indices of the first and last glyph it comes from.
    public static func span(of glyphs: [Glyph], inside rects: [PageRect]) -> (text: String, glyphs: ClosedRange<Int>)? {
        let tolerance = 1.0
        var text = ""
        var firstCovered: Int?
        var lastCovered: Int?
        for (index, glyph) in glyphs.enumerated() {
            guard !glyph.character.isWhitespace, glyph.x2 > glyph.x1 || glyph.y2 > glyph.y1 else { continue }
            let centreX = (glyph.x1 + glyph.x2) / 2, centreY = (glyph.y1 + glyph.y2) / 2
            guard rects.contains(where: {
                centreX >= $0.x1 - tolerance && centreX <= $0.x2 + tolerance
                    && centreY >= $0.y1 - tolerance && centreY <= $0.y2 + tolerance
            }) else { continue }
            if let last = lastCovered {
                let between = glyphs[(last + 1)..<index]
                TextJoining.join(&text, next: glyph.character,
                                 lineBreak: between.contains { $0.character.isNewline },
                                 gap: !between.isEmpty)
            }
            text.append(glyph.character)
            if firstCovered == nil { firstCovered = index }
            lastCovered = index
        }
        guard let firstCovered, let lastCovered, !text.isEmpty else { return nil }
        return (text, firstCovered...lastCovered)
    }
}
