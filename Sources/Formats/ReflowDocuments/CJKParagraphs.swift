/// Paragraphs of Chinese and Japanese put back together where a page is read as text. A book set
/// with generous line spacing (Kusamakura's 1.75) has each of its lines made a block of its own by
/// MuPDF's structured text, so `read` showed every line as a paragraph, cut wherever the page's line
/// ended, mid-word. A block whose last line runs to the column's right edge goes on in the next one
/// when both are CJK text at the same size and the next starts one line below at the column's left
/// edge (a paragraph's first line is indented); the joined block's lines then read as one paragraph
/// (a line ending early still ends it).
enum CJKParagraphs {
    static func joined(_ blocks: [ReflowTextBlock]) -> [ReflowTextBlock] {
        let lines = blocks.flatMap(\.lines)
        let column = (left: lines.map(\.left).min() ?? 0, right: lines.map(\.right).max() ?? 0)
        var result: [ReflowTextBlock] = []
        for block in blocks {
            if let previous = result.last, continues(previous, with: block, column: column) {
                result[result.count - 1].lines += block.lines
                result[result.count - 1].right = max(previous.right, block.right)
                continue
            }
            result.append(block)
        }
        return result
    }

    static func continues(_ block: ReflowTextBlock, with next: ReflowTextBlock, column: (left: Double, right: Double)) -> Bool {
        guard let last = block.lines.last, let first = next.lines.first,
              let size = last.runs.map(\.size).max(), size > 0, first.runs.map(\.size).max() == size else { return false }
        let step = first.top - last.top
        guard last.right >= column.right - size, abs(first.left - column.left) < 1, step > 0, step <= 2 * size else { return false }
        let end = last.runs.last.flatMap { $0.text.unicodeScalars.last { !$0.properties.isWhitespace } }
        let start = first.runs.first.flatMap { $0.text.unicodeScalars.first { !$0.properties.isWhitespace } }
        guard let end, let start else { return false }
        return isCJK(end) && isCJK(start)
    }

    /// Kana, kanji, hangul and the punctuation set with them (、。「」 and the full-width forms).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF,
             0x20000...0x2FA1F: true
        default: false
        }
    }
}
