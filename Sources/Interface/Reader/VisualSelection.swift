import PDF

/// `v`'s selection over a page's words, as vim's visual mode has it: one end
/// stays where it began (`anchor`), the other (`cursor`) moves by word or
/// by line, and everything between is selected, whole words only. Pure.
public struct VisualSelection: Equatable, Sendable {
    public enum Move: Equatable, Sendable {
        case previousWord, nextWord, previousLine, nextLine, lineStart, lineEnd
    }

    /// A press of the left button on the page, waiting to be a click (on its
    /// release) or the start of a drag (when the pointer moves first).
    public struct Press: Equatable, Sendable {
        public var column: Int
        public var row: Int
        /// The pointer has moved to another cell since: a drag.
        public var dragged = false
    }

    /// Word indices into the page's `PageWords`.
    public var anchor: Int
    public var cursor: Int

    public init(anchor: Int, cursor: Int? = nil) {
        self.anchor = anchor
        self.cursor = cursor ?? anchor
    }

    /// The words selected, first to last whichever way the cursor went.
    public var range: ClosedRange<Int> { min(anchor, cursor)...max(anchor, cursor) }

    public var wordCount: Int { range.count }

    /// Moves the cursor `count` times. A line move goes to the word on the
    /// next (or previous) line with words that lies nearest below (above)
    /// the cursor's: by the boxes when the page has them, else by its place
    /// among its line's words.
    public mutating func move(_ move: Move, count: Int = 1, in page: PageWords) {
        let words = page.words
        guard !words.isEmpty else { return }
        cursor = min(max(0, cursor), words.count - 1)
        for _ in 0..<max(1, count) {
            switch move {
            case .previousWord: cursor = max(0, cursor - 1)
            case .nextWord: cursor = min(words.count - 1, cursor + 1)
            case .lineStart:
                let line = words[cursor].line
                while cursor > 0, words[cursor - 1].line == line { cursor -= 1 }
            case .lineEnd:
                let line = words[cursor].line
                while cursor < words.count - 1, words[cursor + 1].line == line { cursor += 1 }
            case .previousLine, .nextLine:
                cursor = Self.lineNeighbour(of: cursor, down: move == .nextLine, in: words)
            }
        }
    }

    private static func lineNeighbour(of index: Int, down: Bool, in words: [PageWords.Word]) -> Int {
        let line = words[index].line
        // The nearest line with words in that direction.
        guard let target = down ? words[(index + 1)...].first(where: { $0.line > line })?.line
                                : words[..<index].last(where: { $0.line < line })?.line
        else { return index }
        let candidates = words.indices.filter { words[$0].line == target }
        if let box = words[index].box {
            let centre = box.x + box.width / 2
            return candidates.min { first, second in
                distance(words[first].box, centre) < distance(words[second].box, centre)
            } ?? index
        }
        let place = words[..<index].reversed().prefix { $0.line == line }.count
        return candidates[min(place, candidates.count - 1)]
    }

    private static func distance(_ box: PageRectangle?, _ x: Double) -> Double {
        guard let box else { return .infinity }
        return x < box.x ? box.x - x : max(0, x - (box.x + box.width))
    }

    /// A line of text mode with the selected characters (offsets in the
    /// page's text) in reverse video.
    public static func reversing(_ line: (start: Int, text: String), _ selected: Range<Int>) -> String {
        let end = line.start + line.text.count
        let from = max(selected.lowerBound, line.start), to = min(selected.upperBound, end)
        guard from < to else { return line.text }
        let characters = Array(line.text)
        return String(characters[..<(from - line.start)]) + "\u{1B}[7m" + String(characters[(from - line.start)..<(to - line.start)])
            + "\u{1B}[27m" + String(characters[(to - line.start)...])
    }

    /// The status line while selecting: how many words, and where they begin and end.
    public func summary(in page: PageWords, width: Int = 60) -> String {
        let text = page.text(of: range).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let shown = text.count <= width ? text : String(text.prefix(width / 2)) + " … " + String(text.suffix(width / 2))
        let count = wordCount == 1 ? "1 word" : "\(wordCount) words"
        return "-- VISUAL -- \(count): “\(shown)”  y copies, Esc leaves"
    }
}
