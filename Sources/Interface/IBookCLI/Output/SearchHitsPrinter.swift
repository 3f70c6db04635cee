import BookLibrary

/// What `search` finds, printed as it is found: under a heading for each
/// book (when the search spans books), one line per hit with its page and
/// snippet, or one JSON object per line. Lines are built as bytes in one
/// buffer: a common phrase has tens of thousands of hits.
package struct SearchHitsPrinter {
    /// Hits written one by one, so the best matches are on screen while
    /// later books are searched; after them, writes of `chunk` bytes.
    static let firstScreenful = 100
    static let chunk = 1 << 15

    private let out: Terminal
    private let json: Bool
    private let spansBooks: Bool
    /// Asked once: `Terminal.usesColor` checks the terminal and the environment.
    private let usesColor: Bool
    private var buffer: [UInt8] = []
    private var currentBook: Int?
    private var shown = 0

    package init(out: Terminal, json: Bool, spansBooks: Bool) {
        self.out = out
        self.json = json
        self.spansBooks = spansBooks
        usesColor = out.usesColor
        buffer.reserveCapacity(Self.chunk + 4096)
    }

    package mutating func print(_ hit: SearchHit) throws {
        if json {
            buffer.append(contentsOf: try JSONOutput.encode(hit).utf8)
            buffer.append(0x0A)
        } else {
            if spansBooks, currentBook != hit.bookID {
                if currentBook != nil { buffer.append(0x0A) }
                append("#\(hit.bookID) \(hit.bookTitle)", .magenta, bold: true)
                buffer.append(0x0A)
            }
            // A laid-out book's page numbers depend on the reference layout: its chapter says where, whatever the layout.
            let chapter = hit.chapter.map { ($0.hasSuffix(".") ? String($0.dropLast()) : $0) + ", " } ?? ""
            append("\(chapter)p. \(hit.page)\(Formatting.labelSuffix(hit.label, page: hit.page)):", .green)
            buffer.append(0x20)
            buffer.append(contentsOf: hit.snippet.before.utf8)
            if usesColor {
                append(hit.snippet.match, .red, bold: true)
            } else {
                buffer.append(0x5B)
                buffer.append(contentsOf: hit.snippet.match.utf8)
                buffer.append(0x5D)
            }
            buffer.append(contentsOf: hit.snippet.after.utf8)
            if let highlight = hit.highlight { append("  (marked #\(highlight))", .yellow) }
            buffer.append(0x0A)
        }
        currentBook = hit.bookID
        shown += 1
        if shown <= Self.firstScreenful || buffer.count > Self.chunk { flush() }
    }

    /// Writes what is still buffered.
    package mutating func flush() {
        guard !buffer.isEmpty else { return }
        out.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ text: String, _ color: Terminal.Color?, bold: Bool = false) {
        if usesColor {
            buffer.append(contentsOf: Terminal.styled(text, color, bold: bold).utf8)
        } else {
            buffer.append(contentsOf: text.utf8)
        }
    }
}
