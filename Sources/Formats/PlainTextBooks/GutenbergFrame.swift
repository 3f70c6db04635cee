/// Project Gutenberg's header and footer around a book: the lines between its `*** START OF …`
/// and `*** END OF …` markers are the book; the header's `Title:` and `Author:` say what it is;
/// after the END marker comes the licence, which has headings of its own and is not a chapter.
struct GutenbergFrame {
    /// Lines of the book proper: after START, before END.
    var body: Range<Int>
    var title: String?
    var author: String?

    init?(_ lines: TextLines) {
        var start: Int?
        var title: String?, author: String?
        // The header is a few dozen lines; old files have a long small print before START.
        for line in 0..<min(lines.count, 1000) {
            let range = lines.trimmed(line)
            guard !range.isEmpty else { continue }
            let first = lines.bytes[range.lowerBound]
            if first == 0x2A /* * */ {
                let text = lines.string(range).uppercased()
                if text.contains("START OF") && text.contains("PROJECT GUTENBERG") { start = line; break }
            } else if first == 0x54 /* T */ || first == 0x41 /* A */ {
                let text = lines.string(range)
                if title == nil, text.hasPrefix("Title:") { title = Self.value(text.dropFirst(6)) }
                if author == nil, text.hasPrefix("Author:") { author = Self.value(text.dropFirst(7)) }
            }
        }
        guard let start else { return nil }
        var end = lines.count
        for line in stride(from: lines.count - 1, to: start, by: -1) {
            let range = lines.trimmed(line)
            guard !range.isEmpty, lines.bytes[range.lowerBound] == 0x2A || lines.bytes[range.lowerBound] == 0x45 else { continue }
            let text = lines.string(range).uppercased()
            if text.hasPrefix("*** END OF") || text.hasPrefix("***END OF") || text.hasPrefix("END OF THE PROJECT GUTENBERG")
                || text.hasPrefix("END OF PROJECT GUTENBERG") {
                // The licence may say "END OF" again: the earliest marker after START is the book's end.
                end = line
            }
        }
        body = (start + 1)..<max(start + 1, end)
        if title == nil {
            // "*** START OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***"
            let marker = lines.string(lines.trimmed(start))
            let words = marker.split(separator: " ")
            if let ebook = words.firstIndex(where: { $0.uppercased() == "EBOOK" }) {
                title = Self.value(words[(ebook + 1)...].joined(separator: " ").split(separator: "*").first ?? "")
            }
        }
        self.title = title
        self.author = author
    }

    private static func value(_ text: Substring) -> String? {
        let value = HeadingRecognizer.collapsed(text.unicodeScalars)
        return value.isEmpty ? nil : value
    }
}
