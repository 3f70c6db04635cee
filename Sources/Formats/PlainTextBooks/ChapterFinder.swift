/// The headings of a book: lines `HeadingRecognizer` reads as headings, standing where a heading
/// stands (after a blank line or the end of a paragraph, not inside a wrapped one), less a table of
/// contents' list of them.
enum ChapterFinder {
    struct Heading: Equatable, Sendable {
        /// The heading's first line and its last (the title line under a bare "CHAPTER I.").
        var line: Int
        var lastLine: Int
        var level: Int
        var title: String
        var offset: Int
        /// Markdown's text without its #s, as written into the XHTML; nil to write the lines as they are.
        var markdownText: String?
    }

    static func headings(in lines: TextLines, region: Range<Int>, wrapWidth: Int?) -> [Heading] {
        var found: [Heading] = []
        var line = region.lowerBound
        while line < region.upperBound {
            defer { line += 1 }
            let range = lines.trimmed(line)
            // A heading's bytes: 60 characters of at most four bytes.
            guard !range.isEmpty, range.count <= HeadingRecognizer.maximumCharacters * 4, isCandidate(lines.bytes[range.lowerBound]),
                  let match = HeadingRecognizer.match(lines.string(range)) else { continue }
            let previousIsHeading = found.last.map { $0.lastLine == line - 1 } ?? false
            guard previousIsHeading || standsApart(line, in: lines, region: region, wrapWidth: wrapWidth) else { continue }
            var heading = Heading(line: line, lastLine: line, level: match.level, title: match.title, offset: range.lowerBound)
            if lines.bytes[range.lowerBound] == 0x23 /* # */ { heading.markdownText = match.title }
            if match.isBare, let (subtitleLine, subtitle) = subtitle(after: line, in: lines, region: region) {
                let joiner = match.title.last.map { ".:—-".contains($0) } == true ? " " : ". "
                heading.title = match.title + joiner + subtitle
                heading.lastLine = subtitleLine
                line = subtitleLine
            }
            found.append(heading)
        }
        return withoutContentsList(withoutTableOfContents(found, in: lines), in: lines, region: region)
    }

    private static let contentsTitles: Set<String> = [
        "CONTENTS", "CONTENTS.", "TABLE OF CONTENTS", "TABLE OF CONTENTS.", "目录", "目錄", "目次", "차례", "목차",
    ]

    /// A "CONTENTS" list whose entries have text between them (page numbers, summaries): its headings are
    /// those from the first after "CONTENTS" to where that first one's words come again, in the book itself,
    /// so long as every one of them comes again there. (A book whose parts each number their chapters from
    /// I has "CHAPTER I." twice, but its PART ONE does not come again.)
    private static func withoutContentsList(_ headings: [Heading], in lines: TextLines, region: Range<Int>) -> [Heading] {
        guard let contents = region.first(where: { line in
            let range = lines.trimmed(line)
            return !range.isEmpty && range.count <= 20 && contentsTitles.contains(lines.string(range).uppercased())
        }), let first = headings.firstIndex(where: { $0.line > contents }) else { return headings }
        let words = headings.map { firstLineWords(of: $0, in: lines) }
        guard let repeated = words[(first + 1)...].firstIndex(of: words[first]) else { return headings }
        let later = Set(words[repeated...])
        guard words[first..<repeated].allSatisfy(later.contains) else { return headings }
        return Array(headings[..<first] + headings[repeated...])
    }

    private static func firstLineWords(of heading: Heading, in lines: TextLines) -> String {
        HeadingRecognizer.collapsed(lines.string(lines.trimmed(heading.line)).uppercased().unicodeScalars)
    }

    /// First bytes a heading can start with: #, the capitals of Chapter, Part, Book, Volume, Prologue,
    /// Epilogue, Introduction…, and the lead bytes of CJK characters. Other lines are not looked at further.
    private static func isCandidate(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x23, UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "E"), UInt8(ascii: "F"),
             UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "V"): return true
        default: return byte >= 0xE0
        }
    }

    /// After a blank line, at the start, after a line short of the wrap width (its paragraph ended there),
    /// or anywhere in a text of one paragraph a line.
    private static func standsApart(_ line: Int, in lines: TextLines, region: Range<Int>, wrapWidth: Int?) -> Bool {
        guard line > region.lowerBound, let wrapWidth else { return true }
        let previous = lines.trimmed(line - 1)
        if previous.isEmpty { return true }
        if lines.width(previous) * 10 < wrapWidth * 7 { return true }
        // A wrapped Chinese paragraph whose last line happened to be full still ends on a full stop.
        let last = lines.string(lines.characterStart(endingAt: previous.upperBound)..<previous.upperBound)
        return ["。", "！", "？", "”", "」", "』"].contains(last)
    }

    /// "CHAPTER I." then, after at most one blank line, "Down the Rabbit-Hole" alone before a blank line.
    private static func subtitle(after line: Int, in lines: TextLines, region: Range<Int>) -> (Int, String)? {
        var next = line + 1
        if next < region.upperBound, lines.isBlank(next) { next += 1 }
        guard next < region.upperBound, next + 1 >= region.upperBound || lines.isBlank(next + 1) else { return nil }
        let range = lines.trimmed(next)
        guard !range.isEmpty, lines.characterCount(range) <= HeadingRecognizer.maximumCharacters else { return nil }
        let text = lines.string(range)
        // A sentence ends with a full stop; a title in capitals may too ("FEUDALISM AND THE MONARCHY.").
        guard HeadingRecognizer.match(text) == nil, let first = text.first, !first.isLowercase, let last = text.last,
              !",;:".contains(last), last != "." || !text.contains(where: \.isLowercase) else { return nil }
        return (next, HeadingRecognizer.collapsed(text.unicodeScalars))
    }

    /// A contents list is headings one after another with no text between. Two or more such headings in
    /// a row, each followed by another of its level, are the list's entries, not chapters. (A part's heading
    /// followed straight by its first chapter's is a part; one empty heading is an empty chapter.)
    private static func withoutTableOfContents(_ headings: [Heading], in lines: TextLines) -> [Heading] {
        let isEntry = headings.indices.map { index in
            guard index + 1 < headings.count else { return false }
            let heading = headings[index], next = headings[index + 1]
            return next.level == heading.level && (heading.lastLine + 1..<next.line).allSatisfy { lines.isBlank($0) }
        }
        var kept: [Heading] = []
        var index = 0
        while index < headings.count {
            var end = index
            while end < headings.count, isEntry[end] { end += 1 }
            if end - index >= 2 {
                index = end
            } else {
                kept.append(headings[index])
                index += 1
            }
        }
        return kept
    }
}
