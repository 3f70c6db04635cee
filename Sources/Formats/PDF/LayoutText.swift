import TextCells
extension PDFPage {
    /// The page's text laid out on a character grid from the glyph boxes, so
    /// columns and tables stay apart as they appear on the page.
    public func layoutText() -> String {
        LayoutText.render(glyphs())
    }
}

enum LayoutText {
    static func render(_ glyphs: [Glyph]) -> String {
        let marks = glyphs.filter { !$0.character.isWhitespace && $0.x2 > $0.x1 && $0.y2 > $0.y1 }
        guard !marks.isEmpty else { return "" }
        let widths = marks.map { $0.x2 - $0.x1 }.sorted()
        let heights = marks.map { $0.y2 - $0.y1 }.sorted()
        let cell = max(1, widths[widths.count / 2])
        let lineHeight = max(1, heights[heights.count / 2])
        let left = marks.map(\.x1).min() ?? 0

        // Lines: glyphs whose vertical centres are close belong together.
        let byCentre = marks.sorted { ($0.y1 + $0.y2) < ($1.y1 + $1.y2) }
        var lines: [[Glyph]] = []
        var lineCentre = -Double.infinity
        for glyph in byCentre {
            let centre = (glyph.y1 + glyph.y2) / 2
            if centre - lineCentre > lineHeight * 0.5 || lines.isEmpty {
                lines.append([glyph])
                lineCentre = centre
            } else {
                lines[lines.count - 1].append(glyph)
            }
        }

        var output: [String] = []
        var previousCentre: Double?
        for line in lines {
            let centre = line.map { ($0.y1 + $0.y2) / 2 }.reduce(0, +) / Double(line.count)
            if let previousCentre {
                let blankLines = Int(((centre - previousCentre) / (lineHeight * 1.2)).rounded()) - 1
                if blankLines > 0 { output.append(contentsOf: Array(repeating: "", count: min(blankLines, 2))) }
            }
            previousCentre = centre
            var text = ""
            var column = 0
            var lastRight = -Double.infinity
            for glyph in line.sorted(by: { $0.x1 < $1.x1 }) {
                // Words keep their natural spacing; only wide gaps (between
                // columns, before tabulated values) snap to the character grid.
                let space = glyph.x1 - lastRight
                let gap: Int
                if column == 0 || space >= cell * 2 {
                    gap = max(column == 0 ? 0 : 2, Int(((glyph.x1 - left) / cell).rounded()) - column)
                } else {
                    gap = space > cell * 0.3 ? 1 : 0
                }
                text += String(repeating: " ", count: gap)
                text.append(glyph.character)
                column += gap + TextWidth.of(String(glyph.character))
                lastRight = glyph.x2
            }
            output.append(text)
        }
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n")
    }
}
