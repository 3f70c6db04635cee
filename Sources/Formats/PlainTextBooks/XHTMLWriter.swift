/// A book's text as an XHTML 1.1 document: headings as <h1>-<h3> with ids c1, c2… in the order of
/// `PlainTextBook.chapters`, hard-wrapped lines joined into paragraphs, indented lines starting new
/// ones, short lines kept apart with <br/>. Written straight into one byte array, in one pass.
struct XHTMLWriter {
    let lines: TextLines
    let structure: BookStructure
    let title: String?

    /// Below this width (columns) a line in a text of one paragraph a line is verse, a list or a
    /// table row, and runs of them stay together, line by line.
    static let shortLine = 50

    private var out: [UInt8] = []
    private var paragraphOpen = false
    private var previousLine: Int?

    init(lines: TextLines, structure: BookStructure, title: String?) {
        self.lines = lines
        self.structure = structure
        self.title = title
    }

    mutating func document() -> [UInt8] {
        out = []
        out.reserveCapacity(lines.bytes.count + lines.bytes.count / 8 + 1024)
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        append("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.1//EN\" \"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd\">\n")
        append("<html xmlns=\"http://www.w3.org/1999/xhtml\"")
        if let language = structure.language { append(" xml:lang=\"\(language)\"") }
        append(">\n<head>\n<meta http-equiv=\"Content-Type\" content=\"application/xhtml+xml; charset=utf-8\"/>\n<title>")
        appendEscaped(Array((title ?? "").utf8)[...])
        append("</title>\n<style type=\"text/css\">")
        // CJK novels indent every paragraph instead of spacing them.
        append(structure.language == nil ? "p{margin:0 0 .6em 0}" : "p{margin:0;text-indent:2em}")
        append("h1,h2,h3{text-align:center}.title{font-size:2em}.author{text-align:center;text-indent:0}</style>\n</head>\n<body>\n")
        writeBody()
        append("</body>\n</html>\n")
        return out
    }

    private mutating func writeBody() {
        var headingAt: [Int: Int] = [:]
        for (index, heading) in structure.headings.enumerated() { headingAt[heading.line] = index }
        var line = 0
        while line < lines.count {
            defer { line += 1 }
            if let index = headingAt[line] {
                closeParagraph()
                let heading = structure.headings[index]
                let tag = "h\(min(3, heading.level + 1))"
                append("<\(tag) id=\"\(PlainTextBook.xhtmlID(ofChapter: index))\">")
                if let text = heading.markdownText {
                    appendEscaped(Array(text.utf8)[...])
                } else {
                    var first = true
                    for headingLine in heading.line...heading.lastLine where !lines.isBlank(headingLine) {
                        if !first { append("<br/>") }
                        first = false
                        appendEscaped(lines.bytes[lines.trimmed(headingLine)])
                    }
                }
                append("</\(tag)>\n")
                line = heading.lastLine
                continue
            }
            if line == structure.titleLine || line == structure.authorLine {
                closeParagraph()
                append(line == structure.titleLine ? "<h1 class=\"title\">" : "<p class=\"author\">")
                appendEscaped(lines.bytes[lines.trimmed(line)])
                append(line == structure.titleLine ? "</h1>\n" : "</p>\n")
                continue
            }
            let range = lines.trimmed(line)
            if range.isEmpty {
                closeParagraph()
                continue
            }
            if paragraphOpen, let previous = previousLine {
                switch relation(of: line, to: previous) {
                case .newParagraph:
                    closeParagraph()
                    append("<p>")
                case .lineBreak:
                    append("<br/>")
                case .joined(let space):
                    if space { out.append(0x20) }
                }
            } else {
                append("<p>")
            }
            paragraphOpen = true
            appendEscaped(lines.bytes[range])
            previousLine = line
        }
        closeParagraph()
    }

    private enum Relation { case newParagraph, lineBreak, joined(space: Bool) }

    private func relation(of line: Int, to previous: Int) -> Relation {
        // Two full-width spaces, a tab, or two spaces: the start of a paragraph.
        if lines.indent(line) >= 2 { return .newParagraph }
        let previousRange = lines.trimmed(previous), range = lines.trimmed(line)
        let previousWidth = lines.width(previousRange)
        guard let wrap = structure.wrapWidth else {
            return previousWidth < Self.shortLine && lines.width(range) < Self.shortLine ? .lineBreak : .newParagraph
        }
        // The line was broken where the next word no longer fitted: one paragraph. Otherwise the break was meant.
        guard previousWidth + 1 + lines.firstWordWidth(range) > wrap - 3 else { return .lineBreak }
        let lastStart = lines.characterStart(endingAt: previousRange.upperBound)
        if lines.isCJK(at: lastStart) || lines.isCJK(at: range.lowerBound) { return .joined(space: false) }
        // "well-" + "known": the hyphen stays, with no space.
        if lines.bytes[lastStart] == 0x2D, lastStart > previousRange.lowerBound, lines.bytes[lastStart - 1] != 0x2D,
           lines.bytes[lastStart - 1] != 0x20 {
            return .joined(space: false)
        }
        // An em dash ends the line: the next word follows it directly.
        if lines.bytes[previousRange.upperBound - 1] == 0x94, previousRange.count >= 3,
           lines.bytes[previousRange.upperBound - 3] == 0xE2, lines.bytes[previousRange.upperBound - 2] == 0x80 {
            return .joined(space: false)
        }
        return .joined(space: true)
    }

    private mutating func closeParagraph() {
        if paragraphOpen { append("</p>\n") }
        paragraphOpen = false
        previousLine = nil
    }

    private mutating func append(_ string: String) { out.append(contentsOf: string.utf8) }

    private static let ampersand = Array("&amp;".utf8), lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8), replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// & < > " escaped; U+FFFE and U+FFFF, which XML forbids, as U+FFFD.
    private mutating func appendEscaped(_ bytes: ArraySlice<UInt8>) {
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            let replacement: [UInt8]?
            switch byte {
            case 0x26: replacement = Self.ampersand
            case 0x3C: replacement = Self.lessThan
            case 0x3E: replacement = Self.greaterThan
            case 0x22: replacement = Self.quote
            case 0xEF where index + 2 < bytes.endIndex && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                replacement = Self.replacementCharacter
            default: replacement = nil
            }
            guard let replacement else { index += 1; continue }
            out.append(contentsOf: bytes[start..<index])
            out.append(contentsOf: replacement)
            index += byte == 0xEF ? 3 : 1
            start = index
        }
        out.append(contentsOf: bytes[start..<index])
    }
}
