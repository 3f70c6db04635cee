import Foundation

/// Finds a passage a person typed among a page's glyphs, as a reader's find
/// box does: case, accents and spacing ignored, across line breaks and
/// words hyphenated at a line end.
public enum PassageFinder {
    /// Each occurrence as the range of glyph indices it covers, in page order.
    public static func occurrences(of passage: String, in glyphs: [Glyph]) -> [ClosedRange<Int>] {
        occurrences(of: passage, in: glyphs.map(\.character))
    }

    /// Each occurrence in a page's text as the range of character offsets it covers.
    public static func occurrences(of passage: String, in characters: [Character]) -> [ClosedRange<Int>] {
        let needle = Array(fold(passage.replacingOccurrences(of: "\u{00AD}", with: ""))
            .split(whereSeparator: \.isWhitespace).joined(separator: " "))
        guard !needle.isEmpty else { return [] }
        let (haystack, origins) = foldedPage(characters)
        guard haystack.count >= needle.count else { return [] }
        var found: [ClosedRange<Int>] = []
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0], Array(haystack[start..<(start + needle.count)]) == needle {
                found.append(origins[start]...origins[start + needle.count - 1])
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }

    /// One rectangle per line of the glyphs in `range`: what a highlight's
    /// quadrilaterals cover.
    public static func lineRectangles(_ range: ClosedRange<Int>, in glyphs: [Glyph]) -> [PageRect] {
        var rects: [PageRect] = []
        var current: PageRect?
        var brokeLine = false
        for glyph in glyphs[range] {
            if glyph.character.isNewline { brokeLine = true; continue }
            guard !glyph.character.isWhitespace, glyph.x2 > glyph.x1, glyph.y2 > glyph.y1 else { continue }
            let box = PageRect(x1: glyph.x1, y1: glyph.y1, x2: glyph.x2, y2: glyph.y2)
            if let line = current, !brokeLine, sameLine(line, box) {
                current = line.union(box)
            } else {
                if let line = current { rects.append(line) }
                current = box
            }
            brokeLine = false
        }
        if let line = current { rects.append(line) }
        return rects
    }

    /// Side by side (a line across the page) or one under the other in the
    /// same column of a line running down a turned page.
    private static func sameLine(_ line: PageRect, _ box: PageRect) -> Bool {
        let across = min(line.y2, box.y2) - max(line.y1, box.y1)
        let down = min(line.x2, box.x2) - max(line.x1, box.x1)
        return across > min(line.height, box.height) * 0.5 || down > min(line.width, box.width) * 0.5
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The page folded, whitespace collapsed to single spaces and line-end
    /// hyphenation undone, with the glyph each folded character came from.
    private static func foldedPage(_ page: [Character]) -> ([Character], [Int]) {
        var characters: [Character] = []
        var origins: [Int] = []
        var last: Character?, beforeLast: Character?
        var pendingBreak = false, pendingGap = false
        for (index, character) in page.enumerated() {
            if character.isWhitespace {
                pendingGap = true
                if character.isNewline { pendingBreak = true }
                continue
            }
            switch TextJoining.joint(last: last, beforeLast: beforeLast, next: character,
                                     lineBreak: pendingBreak, gap: pendingGap) {
            case .none: break
            case .space:
                characters.append(" ")
                origins.append(origins.last ?? index)
            case .dropLast:
                let dropped = origins.last
                while let origin = origins.last, origin == dropped {
                    origins.removeLast()
                    characters.removeLast()
                }
            }
            pendingGap = false
            pendingBreak = false
            beforeLast = last
            last = character
            for folded in fold(String(character)) {
                characters.append(folded)
                origins.append(index)
            }
        }
        return (characters, origins)
    }
}
