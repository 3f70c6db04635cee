import PDF

/// The words of one page for visual selection: the library's text of the
/// page (what `ibook read` prints, so what is copied is what `read` says),
/// cut at whitespace, each word with its place in that text, its line, and
/// where it lies on the page image when the page's glyph boxes are known.
public struct PageWords: Equatable, Sendable {
    public struct Word: Equatable, Sendable {
        /// Characters of `text`, from the word's first to past its last.
        public var range: Range<Int>
        /// The text's line (0-based) the word is on.
        public var line: Int
        /// The word's box, as fractions of the upright page; nil where unknown.
        public var box: PageRectangle?
    }

    /// The page shown (a view page for a laid-out book).
    public var page: Int
    public var text: String
    public var words: [Word]
    /// Whether every word has a box, so the selection can be drawn on the image.
    public var hasBoxes: Bool { !words.isEmpty && words.allSatisfy { $0.box != nil } }

    /// The words of `text`. `glyphs` are the page's characters with boxes
    /// (fractions of the page) as the PDF gives them: character n of the
    /// library's text when the two texts are the same, which they are for a
    /// library made by this version of ibook. Otherwise (text read before,
    /// by OCR) the words get boxes only when both texts cut into the same words.
    public init(page: Int, text: String, glyphs: (text: String, boxes: [PageRectangle])? = nil) {
        self.page = page
        self.text = text
        words = Self.cut(text)
        guard let glyphs else { return }
        let characters = Array(glyphs.text)
        guard characters.count == glyphs.boxes.count else { return }
        if glyphs.text == text {
            for index in words.indices {
                words[index].box = Self.union(glyphs.boxes[words[index].range])
            }
            return
        }
        let theirs = Self.cut(glyphs.text)
        guard theirs.count == words.count else { return }
        let ours = Array(text)
        for index in words.indices {
            guard Array(characters[theirs[index].range]) == Array(ours[words[index].range]) else {
                for reset in words.indices { words[reset].box = nil }
                return
            }
            words[index].box = Self.union(glyphs.boxes[theirs[index].range])
        }
    }

    /// The text from the first word's start to the last one's end, as
    /// `ibook read` prints it (its line breaks and spaces kept).
    public func text(of words: ClosedRange<Int>) -> String {
        guard !self.words.isEmpty else { return "" }
        let first = self.words[max(0, words.lowerBound)], last = self.words[min(self.words.count - 1, words.upperBound)]
        let characters = Array(text)
        return String(characters[first.range.lowerBound..<last.range.upperBound])
    }

    /// The word whose box holds a point of the page (fractions), else the
    /// nearest one on the line nearest it; nil without boxes.
    public func word(at x: Double, _ y: Double) -> Int? {
        guard hasBoxes else { return nil }
        func distance(_ box: PageRectangle) -> (Double, Double) {
            let dy = y < box.y ? box.y - y : max(0, y - (box.y + box.height))
            let dx = x < box.x ? box.x - x : max(0, x - (box.x + box.width))
            return (dy, dx)
        }
        return words.indices.min { a, b in
            let first = distance(words[a].box!), second = distance(words[b].box!)
            return first.0 != second.0 ? first.0 < second.0 : first.1 < second.1
        }
    }

    /// The word that holds the character at `offset` of the text, else the
    /// first one after it (the last word when none is after).
    public func word(atCharacter offset: Int) -> Int? {
        guard !words.isEmpty else { return nil }
        return words.firstIndex { $0.range.upperBound > offset } ?? words.count - 1
    }

    private static func cut(_ text: String) -> [Word] {
        var words: [Word] = []
        var start: Int?
        var line = 0
        var startLine = 0
        var offset = 0
        for character in text {
            if character.isWhitespace {
                if let begun = start { words.append(Word(range: begun..<offset, line: startLine)) }
                start = nil
                if character.isNewline { line += 1 }
            } else if start == nil {
                start = offset
                startLine = line
            }
            offset += 1
        }
        if let begun = start { words.append(Word(range: begun..<offset, line: startLine)) }
        return words
    }

    /// One box around the glyphs' boxes that have a size.
    private static func union(_ boxes: ArraySlice<PageRectangle>) -> PageRectangle? {
        let sized = boxes.filter { $0.width > 0 || $0.height > 0 }
        guard let first = sized.first else { return boxes.first }
        var left = first.x, top = first.y, right = first.x + first.width, bottom = first.y + first.height
        for box in sized.dropFirst() {
            left = min(left, box.x)
            top = min(top, box.y)
            right = max(right, box.x + box.width)
            bottom = max(bottom, box.y + box.height)
        }
        return PageRectangle(x: left, y: top, width: right - left, height: bottom - top)
    }
}
