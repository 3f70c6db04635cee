extension PDFPage {
    /// Text laid out on a character grid from word boxes found by OCR
    /// (fractions of the displayed page), the way `layoutText` lays out the
    /// PDF's own glyphs: each word's box is shared evenly by its characters.
    /// A scan that was turned (`quarterTurns` clockwise to be upright) is
    /// laid out upright.
    public func layoutText(ofWords words: [(text: String, x: Double, y: Double, width: Double, height: Double)],
                           quarterTurns: Int = 0) -> String {
        let turns = ((quarterTurns % 4) + 4) % 4
        let (displayedWidth, displayedHeight) = size
        let (pageWidth, pageHeight) = turns % 2 == 1 ? (displayedHeight, displayedWidth) : (displayedWidth, displayedHeight)
        var glyphs: [Glyph] = []
        for var word in words {
            switch turns {
            case 1: (word.x, word.y, word.width, word.height) = (1 - word.y - word.height, word.x, word.height, word.width)
            case 2: (word.x, word.y) = (1 - word.x - word.width, 1 - word.y - word.height)
            case 3: (word.x, word.y, word.width, word.height) = (word.y, 1 - word.x - word.width, word.height, word.width)
            default: break
            }
            let characters = Array(word.text)
            guard !characters.isEmpty else { continue }
            let x = word.x * pageWidth, top = word.y * pageHeight, bottom = (word.y + word.height) * pageHeight
            let step = word.width * pageWidth / Double(characters.count)
            for (index, character) in characters.enumerated() {
                let left = x + Double(index) * step
                glyphs.append(Glyph(character: character, x1: left, y1: top, x2: left + step, y2: bottom))
            }
        }
        return LayoutText.render(glyphs)
    }
}
