/// A book's title and author as its first lines give them: a short line alone at the very top,
/// and "by X", "Author: X" or "作者：X" near it.
enum FrontMatter {
    struct Found {
        var title: String?
        var titleLine: Int?
        var author: String?
        var authorLine: Int?
    }

    /// How far down the author is looked for, in lines.
    static let authorLines = 40

    static func find(in lines: TextLines, region: Range<Int>, headingLines: Set<Int>, firstHeading: Int?) -> Found {
        var found = Found()
        let searchEnd = min(region.upperBound, region.lowerBound + authorLines, firstHeading ?? .max)
        for line in region.lowerBound..<max(region.lowerBound, searchEnd) {
            let range = lines.trimmed(line)
            guard !range.isEmpty, lines.characterCount(range) <= HeadingRecognizer.maximumCharacters,
                  let author = author(in: lines.string(range)) else { continue }
            found.author = author
            found.authorLine = line
            break
        }
        guard let first = (region.lowerBound..<min(region.upperBound, region.lowerBound + 5)).first(where: { !lines.isBlank($0) }),
              !headingLines.contains(first), first != found.authorLine else { return found }
        let range = lines.trimmed(first)
        let followedApart = first + 1 >= region.upperBound || lines.isBlank(first + 1) || first + 1 == found.authorLine
        guard followedApart, lines.characterCount(range) <= HeadingRecognizer.maximumCharacters else { return found }
        var title = lines.string(range)
        guard let last = title.last, !".,;:。，；：、".contains(last) else { return found }
        // 《书名》 and 『書名』 are the brackets that mark a title.
        for (open, close) in [("《", "》"), ("『", "』"), ("「", "」")] where title.hasPrefix(open) && title.hasSuffix(close) && title.count > 2 {
            title = String(title.dropFirst().dropLast())
        }
        title = HeadingRecognizer.collapsed(title.unicodeScalars)
        if !title.isEmpty {
            found.title = title
            found.titleLine = first
        }
        return found
    }

    private static let authorPrefixes = ["作者：", "作者:", "作者 ", "著者：", "著者:", "저자:", "저자 :", "지은이:", "Author:", "AUTHOR:", "Written by ", "by ", "By ", "BY "]

    static func author(in line: String) -> String? {
        for prefix in authorPrefixes where line.hasPrefix(prefix) {
            let name = HeadingRecognizer.collapsed(line.dropFirst(prefix.count).unicodeScalars)
            // "by the river, where…" is prose; a name is short and ends without a full stop.
            guard !name.isEmpty, name.count <= 50, let last = name.last, !",;:。，".contains(last) else { return nil }
            // "By the time he came": after "by", a name's words are capitalised, but for de, van, von and the like.
            if prefix.lowercased().hasSuffix("by ") {
                let words = name.split(separator: " ")
                let particles: Set<Substring> = ["de", "da", "del", "van", "von", "der", "den", "la", "le", "du", "and", "&"]
                guard words.count <= 6, words.allSatisfy({ $0.first?.isUppercase == true || particles.contains($0) }) else { return nil }
            }
            return name
        }
        return bylineName(line)
    }

    /// What a Chinese or Japanese title page sets after the name: 著 (wrote), 撰, 编著, 編著.
    private static let bylineMarks = ["编著", "編著", "著", "撰"]

    /// "曹雪芹 著": the name, then a space and the mark. Without the space, "世界名著" would name an author.
    private static func bylineName(_ line: String) -> String? {
        for mark in bylineMarks where line.hasSuffix(mark) {
            let rest = line.dropLast(mark.count)
            guard let space = rest.last, space == " " || space == "\u{3000}" else { continue }
            let name = HeadingRecognizer.collapsed(rest.unicodeScalars)
            guard (2...20).contains(name.count),
                  name.allSatisfy({ $0.isLetter || " ·・".contains($0) }) else { return nil }
            return name
        }
        return nil
    }
}
