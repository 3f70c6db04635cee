/// Whether one line, alone, reads as a heading a person would see: `第一章 …`, `제1장`, `CHAPTER XII. THE TITLE`,
/// `Part Two`, `Prologue`, `## Title`. Whether it stands where a heading stands is `ChapterFinder`'s question.
enum HeadingRecognizer {
    struct Match: Equatable {
        var level: Int
        /// The heading as a table of contents shows it: white space collapsed, Markdown's marks removed.
        var title: String
        /// An English numbered heading with nothing after the number, whose title may be the next line.
        var isBare: Bool = false
    }

    /// Longer lines are sentences, not headings.
    static let maximumCharacters = 60
    static let maximumCJKCharacters = 40

    static func match(_ line: String) -> Match? {
        let scalars = Array(line.unicodeScalars)
        guard let first = scalars.first, scalars.count <= maximumCharacters else { return nil }
        switch first {
        case "#": return markdown(scalars)
        case "第", "제": return numberedCJK(scalars)
        // Web novels put 正文 ("main text") before their chapter headings: "正文 第一章 风起".
        case "正" where scalars.count > 3 && scalars[1] == "文" && separators.contains(scalars[2]):
            let rest = scalars[3...].drop { separators.contains($0) }
            guard rest.first == "第" else { return nil }
            return numberedCJK(Array(rest)).map { Match(level: $0.level, title: collapsed(scalars)) }
        case "A"..."Z": return english(line)
        default: return namedCJK(scalars)
        }
    }

    static func collapsed<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in scalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: Markdown

    private static func markdown(_ scalars: [Unicode.Scalar]) -> Match? {
        let marks = scalars.prefix { $0 == "#" }.count
        guard (1...3).contains(marks), marks < scalars.count, scalars[marks] == " " || scalars[marks] == "\t" else { return nil }
        var rest = scalars[marks...].drop { $0 == " " || $0 == "\t" }
        // "## Title ##" closes with marks too.
        while rest.last == "#" { rest = rest.dropLast() }
        let title = collapsed(rest)
        return title.isEmpty ? nil : Match(level: marks - 1, title: title)
    }

    // MARK: Chinese, Japanese, Korean

    private static let cjkDigits: Set<Unicode.Scalar> = Set("0123456789０１２３４５６７８９零〇一二三四五六七八九十百千万萬两兩壹贰貳叁參肆伍陆陸柒捌玖拾佰仟".unicodeScalars)
    private static let chineseUnits: [Unicode.Scalar: Int] = [
        "卷": 0, "部": 0, "集": 0, "篇": 0, "册": 0, "冊": 0,
        "章": 1, "回": 1, "话": 1, "話": 1, "幕": 1,
        "节": 2, "節": 2,
    ]
    private static let koreanUnits: [Unicode.Scalar: Int] = ["부": 0, "편": 0, "권": 0, "장": 1, "화": 1, "절": 2]
    /// What may stand between a heading's number and its title.
    private static let separators: Set<Unicode.Scalar> = Set(" \t\u{3000}:：、.．·・—-－_ 　(（【[「『".unicodeScalars)

    private static func numberedCJK(_ scalars: [Unicode.Scalar]) -> Match? {
        guard scalars.count <= maximumCJKCharacters, !looksLikeSentence(scalars) else { return nil }
        let korean = scalars[0] == "제"
        var index = 1
        while index < scalars.count, scalars[index] == " " { index += 1 }
        let numberStart = index
        while index < scalars.count, korean ? ("0"..."9").contains(scalars[index]) : cjkDigits.contains(scalars[index]) { index += 1 }
        guard index > numberStart else { return nil }
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard index < scalars.count, let level = (korean ? koreanUnits : chineseUnits)[scalars[index]] else { return nil }
        index += 1
        // Korean writes a particle straight after the unit ("제1장은"): a title must be set apart.
        if korean, index < scalars.count, !separators.contains(scalars[index]) { return nil }
        return Match(level: level, title: collapsed(scalars))
    }

    private static let namedCJKHeadings: [String] = [
        "序章", "序言", "序幕", "楔子", "引子", "引言", "前言", "尾声", "尾聲", "终章", "終章", "后记", "後記", "番外",
        "序", "跋", "プロローグ", "エピローグ", "あとがき", "まえがき", "프롤로그", "에필로그", "서장", "종장",
    ]

    private static func namedCJK(_ scalars: [Unicode.Scalar]) -> Match? {
        guard scalars.count <= maximumCJKCharacters, !looksLikeSentence(scalars) else { return nil }
        for name in namedCJKHeadings {
            let nameScalars = Array(name.unicodeScalars)
            guard scalars.starts(with: nameScalars) else { continue }
            // "序" and "跋" alone only: as the first character of a line they begin ordinary words.
            if scalars.count == nameScalars.count { return Match(level: 1, title: collapsed(scalars)) }
            if nameScalars.count > 1, separators.contains(scalars[nameScalars.count]) {
                return Match(level: 1, title: collapsed(scalars))
            }
        }
        return nil
    }

    /// A full stop, or a comma in a longer line: prose, even when it opens with 第三章.
    private static func looksLikeSentence(_ scalars: [Unicode.Scalar]) -> Bool {
        if scalars.contains("。") { return true }
        if scalars.count > 20, scalars.contains("，") || scalars.contains(",") { return true }
        return false
    }

    // MARK: English

    private static let numberedWords: [String: Int] = ["chapter": 1, "part": 0, "book": 0, "volume": 0]
    private static let namedWords: Set<String> = [
        "prologue", "epilogue", "preface", "introduction", "foreword", "afterword", "interlude", "conclusion",
    ]
    private static let units = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    private static let numberWords: Set<String> = {
        let teens = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        var words = Set(units + teens + tens + ["hundred", "first", "second", "third", "fourth", "fifth", "sixth",
                                                "seventh", "eighth", "ninth", "tenth", "last", "the last"])
        for ten in tens { for unit in units { words.insert("\(ten)-\(unit)") } }
        return words
    }()

    private static func english(_ line: String) -> Match? {
        guard !line.hasSuffix(","), !line.hasSuffix(";") else { return nil }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let keyword = words[0].trimmingSuffix { $0 == "." || $0 == ":" }
        // "Chapter" or "CHAPTER": a heading's capitals; "chapter" is a word in a sentence.
        guard isTitleOrUpperCase(keyword) else { return nil }
        let lowered = keyword.lowercased()
        if namedWords.contains(lowered) {
            let afterKeyword = line.dropFirst(keyword.count)
            if afterKeyword.isEmpty || afterKeyword.first.map({ ".:—–-".contains($0) }) == true {
                return Match(level: 1, title: collapsed(line.unicodeScalars))
            }
            return nil
        }
        guard let level = numberedWords[lowered], words.count >= 2, keyword.count == words[0].count else { return nil }
        var numberToken = words[1]
        let punctuated = numberToken.last.map { ".:".contains($0) } ?? false
        if punctuated { numberToken = numberToken.dropLast() }
        guard isNumber(numberToken) else { return nil }
        let rest = words.dropFirst(2)
        if rest.isEmpty { return Match(level: level, title: collapsed(line.unicodeScalars), isBare: true) }
        if let first = rest.first?.first {
            // "Chapter 12 was the best": a sentence. "CHAPTER XII. THE TITLE", "Chapter 3 The Storm": a heading.
            let setApart = punctuated || "—–-:".contains(first)
            if !setApart && !(first.isUppercase || first.isNumber || "“\"‘'([".contains(first)) { return nil }
        }
        return Match(level: level, title: collapsed(line.unicodeScalars))
    }

    private static func isTitleOrUpperCase(_ word: Substring) -> Bool {
        guard let first = word.first, first.isUppercase else { return false }
        let rest = word.dropFirst()
        return rest.allSatisfy { $0.isLowercase } || rest.allSatisfy { $0.isUppercase }
    }

    private static func isNumber(_ token: Substring) -> Bool {
        if !token.isEmpty, token.count <= 4, token.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        if !token.isEmpty, token.count <= 8, token.allSatisfy({ "IVXLCDM".contains($0) }) { return true }
        return isTitleOrUpperCase(token.split(separator: "-").first ?? token) && numberWords.contains(token.lowercased())
    }
}

private extension Substring {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var result = self
        while let last = result.last, predicate(last) { result = result.dropLast() }
        return result
    }
}
