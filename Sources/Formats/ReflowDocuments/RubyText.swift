/// Ruby (the small kana printed beside kanji to give their reading) as `read` shows it. MuPDF 1.21
/// lays <rt> out inline, after its base, in the book's smaller type: "山路やまみちを登り" reads as if the
/// reading were part of the sentence. Set off in 《》, as Aozora Bunko writes ruby in plain text, the
/// line reads "山路《やまみち》を登り". The stored page text (search) keeps MuPDF's text.
enum RubyText {
    /// A run this much smaller than the text before it is a reading, not a word of the sentence.
    static let largestRatio = 0.75

    static func bracketed(_ blocks: [ReflowTextBlock]) -> [ReflowTextBlock] {
        blocks.map { block in
            var block = block
            // The base may end one line and its reading start the next.
            var previous: ReflowTextBlock.Run?
            for line in block.lines.indices {
                for index in block.lines[line].runs.indices {
                    let run = block.lines[line].runs[index]
                    if let base = previous, isReading(run, after: base) {
                        block.lines[line].runs[index].text = "《" + run.text.trimmingSpaces + "》"
                        block.lines[line].runs[index].size = base.size
                        previous = block.lines[line].runs[index]
                        continue
                    }
                    previous = run
                }
            }
            return block
        }
    }

    static func isReading(_ run: ReflowTextBlock.Run, after base: ReflowTextBlock.Run) -> Bool {
        guard run.size > 0, run.size <= base.size * largestRatio,
              let last = base.text.unicodeScalars.last(where: { !$0.properties.isWhitespace }), isKanji(last) else { return false }
        let scalars = run.text.unicodeScalars.filter { !$0.properties.isWhitespace }
        return !scalars.isEmpty && scalars.allSatisfy { isKana($0) || isKanji($0) }
    }

    static func isKanji(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x2FA1F, 0x3005, 0x3006, 0x30F6: true
        default: false
        }
    }

    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF: true
        default: false
        }
    }
}
