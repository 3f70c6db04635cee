import Foundation

/// Finds every occurrence of a query in a page's text the way a reader's
/// find box does, with the index's notion of a word (`WordScanner`,
/// `TermFolding`): words in sequence across any spacing or line breaks, the
/// last word as a prefix, CJK by character, a single word also by its stem,
/// a word hyphenated at a line end as one word or as its halves.
/// The full-text index finds the pages; this finds the places on them.
struct TextMatcher {
    /// Where a match sits in the page text.
    struct Match {
        var range: Range<String.Index>
        /// The match took the halves of a line-end hyphenated word as two
        /// words of the query (`well-known`), so its snippet keeps the hyphen.
        var keepsLineEndHyphen = false
    }

    /// Each alternative sequence of query terms, as UTF-8.
    private let alternatives: [[[UInt8]]]
    /// The stem a single-word query also matches, in the book's language.
    private let stem: [UInt8]?
    private let folder: TermFolder

    init?(query: String, exact: Bool = false, language: BookLanguage? = nil) {
        guard let parsed = SearchQuery(query, exact: exact) else { return nil }
        self.init(parsed, language: language)
    }

    init(_ query: SearchQuery, language: BookLanguage?) {
        folder = (try? TermFolder(language: query.stems ? language : nil)) ?? TermFolder(stemmer: nil)
        alternatives = query.alternatives.map { $0.map { Array($0.utf8) } }
        stem = query.stem(in: folder).map { Array($0.utf8) }
    }

    mutating func matches(in text: String) -> [Match] {
        var text = text
        let offsets: [(Int, Int, Bool)] = text.withUTF8 { bytes in
            var page = PageSearch(bytes: bytes, words: WordScanner.words(in: bytes), folder: folder)
            return page.find(alternatives, stem: stem)
        }
        let utf8 = text.utf8
        return offsets.map {
            Match(range: utf8.index(utf8.startIndex, offsetBy: $0.0)..<utf8.index(utf8.startIndex, offsetBy: $0.1),
                  keepsLineEndHyphen: $0.2)
        }
    }

    /// `Character.isWhitespace`, without the property lookup for ASCII.
    static func isSpace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) }
        return character.isWhitespace
    }

    static func snippet(_ text: String, _ range: Range<String.Index>, context: Int = 60) -> Snippet {
        snippet(text, Match(range: range), context: context)
    }

    /// A line of context around a match, whitespace collapsed, cut at word
    /// boundaries: `before`, the match itself, and `after`. Words hyphenated
    /// at a line end are shown joined, as a reader reads them.
    static func snippet(_ text: String, _ match: Match, context: Int = 60) -> Snippet {
        let range = match.range
        var copy = text
        if let snippet = copy.withUTF8({ bytes in
            scalarSnippet(bytes, lower: text.utf8.distance(from: text.startIndex, to: range.lowerBound),
                          upper: text.utf8.distance(from: text.startIndex, to: range.upperBound),
                          keepsLineEndHyphen: match.keepsLineEndHyphen, context: context)
        }) {
            return snippet
        }
        return characterSnippet(text, match, context: context)
    }

    /// `snippet` for any text, Character by Character.
    static func characterSnippet(_ text: String, _ match: Match, context: Int = 60) -> Snippet {
        let range = match.range
        func squeeze(_ part: Substring) -> String {
            part.split(whereSeparator: { isSpace($0) }).joined(separator: " ")
        }
        var start = text.index(range.lowerBound, offsetBy: -context, limitedBy: text.startIndex) ?? text.startIndex
        var end = text.index(range.upperBound, offsetBy: context, limitedBy: text.endIndex) ?? text.endIndex
        if start > text.startIndex, let space = text[start..<range.lowerBound].firstIndex(where: { isSpace($0) }) {
            start = space
        }
        if end < text.endIndex, let space = text[range.upperBound..<end].lastIndex(where: { isSpace($0) }) {
            end = space
        }
        let hyphenations = lineEndHyphenations(in: text[start..<end])
        // Kept hyphens stay, without the line break after them.
        func joined(_ part: Range<String.Index>, keepingHyphens: Bool = false) -> Substring {
            let inside = hyphenations.filter { part.contains($0.lowerBound) && $0.upperBound <= part.upperBound }
            guard !inside.isEmpty else { return text[part] }
            var result = ""
            var position = part.lowerBound
            for gap in inside {
                result += text[position..<gap.lowerBound]
                if keepingHyphens { result += "-" }
                position = gap.upperBound
            }
            result += text[position..<part.upperBound]
            return Substring(result)
        }
        let beforeText = joined(start..<range.lowerBound)
        let afterText = joined(range.upperBound..<end)
        var before = squeeze(beforeText)
        var after = squeeze(afterText)
        if beforeText.last.map(isSpace) == true, !before.isEmpty { before += " " }
        if afterText.first.map(isSpace) == true, !after.isEmpty { after = " " + after }
        if start > text.startIndex { before = "…" + before.drop(while: { $0 == " " }) }
        if end < text.endIndex { after += "…" }
        return Snippet(before: before, match: squeeze(joined(range, keepingHyphens: match.keepsLineEndHyphen)), after: after)
    }

    /// `snippet` where every character of the match and its context is a
    /// single Unicode scalar (`standsAlone`), so that counting scalars is
    /// counting Characters: the same snippet, made on the UTF-8 bytes,
    /// without Character iteration (search prints a snippet per hit, and a
    /// common phrase has tens of thousands). Nil for any other text.
    private static func scalarSnippet(_ bytes: UnsafeBufferPointer<UInt8>, lower: Int, upper: Int,
                                      keepsLineEndHyphen: Bool, context: Int) -> Snippet? {
        let count = bytes.count
        func scalarStart(before position: Int) -> Int {
            var position = position - 1
            while position > 0 && bytes[position] & 0xC0 == 0x80 { position -= 1 }
            return position
        }
        func scalar(at position: Int) -> (value: UInt32, length: Int) { WordScanner.decode(bytes, at: position) }
        func isSpace(at position: Int) -> Bool {
            let byte = bytes[position]
            if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            return Unicode.Scalar(scalar(at: position).value)?.properties.isWhitespace ?? false
        }
        func scalarStarts(_ range: Range<Int>) -> [Int] {
            var starts: [Int] = []
            var position = range.lowerBound
            while position < range.upperBound {
                starts.append(position)
                position += scalar(at: position).length
            }
            return starts
        }
        var start = lower
        for _ in 0..<context where start > 0 { start = scalarStart(before: start) }
        var end = upper
        for _ in 0..<context where end < count { end += scalar(at: end).length }
        // The window, the character before it (a CR before an LF) and the one
        // after it (a combining mark joins the last character of the window).
        var position = start > 0 ? scalarStart(before: start) : 0
        while position < min(count, end + 1) {
            let (value, length) = scalar(at: position)
            guard standsAlone(value) else { return nil }
            position += length
        }
        if start > 0, let space = scalarStarts(start..<lower).first(where: isSpace) { start = space }
        if end < count, let space = scalarStarts(upper..<end).last(where: isSpace) { end = space }
        let words = WordScanner.words(in: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        let hyphenations = words.indices.dropLast().filter { words[$0].joinsNext }
            .map { (start + words[$0].end)..<(start + words[$0 + 1].start) }
        // The part's bytes with the line breaks of hyphenated words taken out.
        func joined(_ part: Range<Int>, keepingHyphens: Bool = false) -> [UInt8] {
            var result: [UInt8] = []
            result.reserveCapacity(part.count)
            var position = part.lowerBound
            for gap in hyphenations where part.contains(gap.lowerBound) && gap.upperBound <= part.upperBound {
                result.append(contentsOf: bytes[position..<gap.lowerBound])
                if keepingHyphens { result.append(0x2D) }
                position = gap.upperBound
            }
            result.append(contentsOf: bytes[position..<part.upperBound])
            return result
        }
        func squeeze(_ part: [UInt8]) -> (text: String, spaceFirst: Bool, spaceLast: Bool) {
            var result: [UInt8] = []
            result.reserveCapacity(part.count)
            var pendingSpace = false, spaceFirst = false, spaceLast = false
            part.withUnsafeBufferPointer { part in
                var position = 0
                while position < part.count {
                    let (value, length) = WordScanner.decode(part, at: position)
                    let space = value < 0x80 ? value == 0x20 || (value >= 0x09 && value <= 0x0D)
                        : Unicode.Scalar(value)?.properties.isWhitespace ?? false
                    if position == 0 { spaceFirst = space }
                    spaceLast = space
                    if space {
                        pendingSpace = !result.isEmpty
                    } else {
                        if pendingSpace { result.append(0x20) }
                        pendingSpace = false
                        result.append(contentsOf: part[position..<(position + length)])
                    }
                    position += length
                }
            }
            return (String(decoding: result, as: UTF8.self), spaceFirst, spaceLast)
        }
        let beforeText = squeeze(joined(start..<lower))
        let afterText = squeeze(joined(upper..<end))
        var before = beforeText.text
        var after = afterText.text
        if beforeText.spaceLast, !before.isEmpty { before += " " }
        if afterText.spaceFirst, !after.isEmpty { after = " " + after }
        if start > 0 { before = "…" + before.drop(while: { $0 == " " }) }
        if end < count { after += "…" }
        return Snippet(before: before, match: squeeze(joined(lower..<upper, keepingHyphens: keepsLineEndHyphen)).text,
                       after: after)
    }

    /// A scalar that is a Character by itself whatever stands beside it:
    /// ASCII but CR (CR LF is one), Latin to the spacing modifiers,
    /// punctuation, symbols, kana and CJK, ligatures, full-width forms;
    /// never a combining mark, joiner, variation selector, Hangul jamo or
    /// regional indicator, which join their neighbours.
    private static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0C, 0x20...0x7E, 0xA0...0x2FF,
             0x2000...0x200B, 0x200E...0x20CF, 0x2100...0x2BFF,
             0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xFB00...0xFB06, 0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }

    /// The hyphen and line break between the halves of each word hyphenated
    /// at a line end, as ranges of the text to leave out.
    private static func lineEndHyphenations(in window: Substring) -> [Range<String.Index>] {
        var copy = String(window)
        let gaps: [(Int, Int)] = copy.withUTF8 { bytes in
            let words = WordScanner.words(in: bytes)
            return words.indices.dropLast().filter { words[$0].joinsNext }.map { (words[$0].end, words[$0 + 1].start) }
        }
        let utf8 = window.utf8
        return gaps.map { utf8.index(utf8.startIndex, offsetBy: $0.0)..<utf8.index(utf8.startIndex, offsetBy: $0.1) }
    }
}

/// One page's words compared with the query terms, on the UTF-8 bytes.
private struct PageSearch {
    let bytes: UnsafeBufferPointer<UInt8>
    let words: [WordScanner.Word]
    let folder: TermFolder
    private var foldedCache: [Int: (caseFolded: String, term: [UInt8])] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>, words: [WordScanner.Word], folder: TermFolder) {
        self.bytes = bytes
        self.words = words
        self.folder = folder
    }

    /// Matches as (start, end, keepsLineEndHyphen) byte offsets, in order, not overlapping.
    mutating func find(_ alternatives: [[[UInt8]]], stem: [UInt8]?) -> [(Int, Int, Bool)] {
        var found: [(Int, Int, Bool)] = []
        // The bytes an ASCII word can start with to begin a match: its first
        // byte, lowercased, is its term's (see `firstByte`), and `equals` and
        // `equalsJoined` compare it first. Most words of a page are skipped here.
        var canStart = [Bool](repeating: alternatives.contains(where: \.isEmpty), count: 128)
        for first in alternatives.compactMap({ $0.first?.first }) + (stem?.first.map { [$0] } ?? []) where first < 0x80 {
            canStart[Int(first)] = true
        }
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.isASCII {
                var first = bytes[word.start]
                if first >= 0x41 && first <= 0x5A { first |= 0x20 }
                if !canStart[Int(first)] {
                    index += 1
                    continue
                }
            }
            var matched: (end: Int, split: Bool)?
            for sequence in alternatives where matched == nil {
                matched = match(sequence, 0, at: index, stem: stem)
            }
            if let matched {
                found.append((words[index].start, words[matched.end - 1].end, matched.split))
                index = matched.end
            } else {
                index += 1
            }
        }
        return found
    }

    /// Matches `sequence[position...]` from word `index`; the index after the
    /// last word used, and whether a line-end hyphenated word was taken as halves.
    private mutating func match(_ sequence: [[UInt8]], _ position: Int, at index: Int,
                                stem: [UInt8]?) -> (end: Int, split: Bool)? {
        if position == sequence.count { return (index, false) }
        guard index < words.count else { return nil }
        let isLast = position == sequence.count - 1
        let query = sequence[position]
        let stemHere = isLast && sequence.count == 1 ? stem : nil
        if words[index].joinsNext, index + 1 < words.count,
           equalsJoined(index, query, prefix: isLast, stem: stemHere),
           let rest = match(sequence, position + 1, at: index + 2, stem: stem) {
            return rest
        }
        if equals(index, query, prefix: isLast, stem: stemHere),
           let rest = match(sequence, position + 1, at: index + 1, stem: stem) {
            return (rest.end, rest.split || (words[index].joinsNext && !isLast))
        }
        return nil
    }

    /// The first byte of a word's index term, without folding an ASCII word.
    private mutating func firstByte(_ index: Int) -> UInt8? {
        let word = words[index]
        if word.isASCII {
            let byte = bytes[word.start]
            return byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        return folded(index).term.first
    }

    private mutating func folded(_ index: Int) -> (caseFolded: String, term: [UInt8]) {
        if let known = foldedCache[index] { return known }
        let value = folder.fold(bytes, words[index])
        let result = (value.caseFolded, Array(value.term.utf8))
        foldedCache[index] = result
        return result
    }

    private mutating func equals(_ index: Int, _ query: [UInt8], prefix: Bool, stem: [UInt8]?) -> Bool {
        guard let first = firstByte(index), first == query[0] || first == stem?.first else { return false }
        let word = words[index]
        if word.isASCII && first == query[0] {
            let length = word.end - word.start
            if prefix ? length >= query.count : length == query.count {
                var same = true
                for offset in 0..<query.count {
                    var byte = bytes[word.start + offset]
                    if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                    if byte != query[offset] { same = false; break }
                }
                if same { return true }
            }
            if stem == nil { return false }
        }
        let value = folded(index)
        return termMatches(value.term, caseFolded: value.caseFolded, query, prefix: prefix, stem: word.kind == .text ? stem : nil)
    }

    private mutating func equalsJoined(_ index: Int, _ query: [UInt8], prefix: Bool, stem: [UInt8]?) -> Bool {
        guard let first = firstByte(index), first == query[0] || first == stem?.first else { return false }
        let head = folded(index), tail = folded(index + 1)
        return termMatches(head.term + tail.term, caseFolded: head.caseFolded + tail.caseFolded, query,
                           prefix: prefix, stem: stem)
    }

    private func termMatches(_ term: [UInt8], caseFolded: String, _ query: [UInt8], prefix: Bool, stem: [UInt8]?) -> Bool {
        if prefix ? term.starts(with: query) : term == query { return true }
        guard let stem, term.first == stem.first else { return false }
        // The stem written as a word is an inflection too (`representations`
        // finds `represent`, whose own stem is `repres`), as the index query asks.
        if term == stem { return true }
        let termString = String(decoding: term, as: UTF8.self)
        let wordStem = folder.stem(caseFolded: caseFolded, term: termString) ?? termString
        return wordStem.utf8.elementsEqual(stem)
    }
}

/// Context around a search hit; printers highlight `match`.
public struct Snippet: Codable, Equatable, Sendable {
    public var before: String
    public var match: String
    public var after: String
}
