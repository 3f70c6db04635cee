import FoundationEssentials
import Glibc

/// Finds every occurrence of a query in a page's text the way a reader's
/// find box does, with the index's notion of a word (`WordScanner`,
/// `TermFolding`): words in sequence across any spacing or line breaks, the
/// last word as a prefix, CJK by character, a single word also by its stem,
/// a word hyphenated at a line end as one word or as its halves.
/// The full-text index finds the pages; this finds the places on them.
package struct TextMatcher {
    /// Where a match sits in the page text.
    package struct Match {
        package var range: Range<String.Index>
        /// The match took the halves of a line-end hyphenated word as two
        /// words of the query (`well-known`), so its snippet keeps the hyphen.
        package var keepsLineEndHyphen = false
    }

    /// A match as offsets into the UTF-8 of the page text.
    package struct ByteMatch: Equatable {
        package var start: Int
        package var end: Int
        package var keepsLineEndHyphen = false
    }

    /// Each alternative sequence of query terms, as UTF-8.
    private let alternatives: [[[UInt8]]]
    /// The stem a single-word query also matches, in the book's language.
    private let stem: [UInt8]?
    private let folder: TermFolder
    /// Set when every term (and the stem) is ASCII: then a page whose words
    /// are all ASCII is searched only where a word starts with a byte a term
    /// starts with (see `WordStartSearch`).
    private var wordStarts: WordStartSearch?

    package init?(query: String, exact: Bool = false, language: BookLanguage? = nil) {
        guard let parsed = SearchQuery(query, exact: exact) else { return nil }
        self.init(parsed, language: language)
    }

    package init(_ query: SearchQuery, language: BookLanguage?) {
        folder = (try? TermFolder(language: query.stems ? language : nil)) ?? TermFolder(stemmer: nil)
        alternatives = query.alternatives.map { $0.map { Array($0.utf8) } }
        stem = query.stem(in: folder).map { Array($0.utf8) }
        wordStarts = WordStartSearch(alternatives, stem: stem, stemRewriteLimit: folder.stemmer?.language.stemRewriteLimit)
    }

    package mutating func matches(in text: String) -> [Match] {
        var text = text
        let found = text.withUTF8 { matches(in: $0) }
        let utf8 = text.utf8
        return found.map {
            Match(range: utf8.index(utf8.startIndex, offsetBy: $0.start)..<utf8.index(utf8.startIndex, offsetBy: $0.end),
                  keepsLineEndHyphen: $0.keepsLineEndHyphen)
        }
    }

    /// The matches in UTF-8 text, in order, not overlapping: from word
    /// starts where the page allows it, else word by word (the same matches).
    package mutating func matches(in bytes: UnsafeBufferPointer<UInt8>) -> [ByteMatch] {
        if let found = wordStarts?.find(in: bytes, alternatives: alternatives, stem: stem, folder: folder) ?? nil {
            return found
        }
        var page = PageSearch(bytes: bytes, words: WordScanner.words(in: bytes), folder: folder)
        return page.find(alternatives, stem: stem)
    }

    /// `Character.isWhitespace`, without the property lookup for ASCII.
    package static func isSpace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) }
        return character.isWhitespace
    }

    package static func snippet(_ text: String, _ range: Range<String.Index>, context: Int = 60) -> Snippet {
        snippet(text, Match(range: range), context: context)
    }

    /// A line of context around a match, whitespace collapsed, cut at word
    /// boundaries: `before`, the match itself, and `after`. Words hyphenated
    /// at a line end are shown joined, as a reader reads them.
    package static func snippet(_ text: String, _ match: Match, context: Int = 60) -> Snippet {
        var copy = text
        let utf8 = text.utf8
        let byteMatch = ByteMatch(start: utf8.distance(from: utf8.startIndex, to: match.range.lowerBound),
                                  end: utf8.distance(from: utf8.startIndex, to: match.range.upperBound),
                                  keepsLineEndHyphen: match.keepsLineEndHyphen)
        if let snippet = copy.withUTF8({ scalarSnippet($0, byteMatch, context: context) }) {
            return snippet
        }
        return characterSnippet(text, match, context: context)
    }

    /// `snippet` for a match in UTF-8 text.
    package static func snippet(_ bytes: UnsafeBufferPointer<UInt8>, _ match: ByteMatch, context: Int = 60) -> Snippet {
        if let snippet = scalarSnippet(bytes, match, context: context) { return snippet }
        let text = String(decoding: bytes, as: UTF8.self)
        let utf8 = text.utf8
        let range = utf8.index(utf8.startIndex, offsetBy: match.start)..<utf8.index(utf8.startIndex, offsetBy: match.end)
        return characterSnippet(text, Match(range: range, keepsLineEndHyphen: match.keepsLineEndHyphen), context: context)
    }

    /// `snippet` for any text, Character by Character.
    package static func characterSnippet(_ text: String, _ match: Match, context: Int = 60) -> Snippet {
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
    private static func scalarSnippet(_ bytes: UnsafeBufferPointer<UInt8>, _ match: ByteMatch, context: Int) -> Snippet? {
        let count = bytes.count
        let lower = match.start, upper = match.end
        func scalarStart(before position: Int) -> Int {
            var position = position - 1
            while position > 0 && bytes[position] & 0xC0 == 0x80 { position -= 1 }
            return position
        }
        func length(at position: Int) -> Int { bytes[position] < 0x80 ? 1 : WordScanner.decode(bytes, at: position).1 }
        func isSpace(at position: Int) -> Bool { whitespace(bytes, at: position).isSpace }
        let near = max(0, lower - context - 1)..<min(count, upper + context + 1)
        if isPlain(bytes, near) {
            var start = max(0, lower - context), end = min(count, upper + context)
            if start > 0, let space = (start..<lower).first(where: { isSpace(at: $0) }) { start = space }
            if end < count, let space = (upper..<end).last(where: { isSpace(at: $0) }) { end = space }
            return plainSnippet(bytes, window: start..<end, match: lower..<upper)
        }
        var start = lower
        for _ in 0..<context where start > 0 { start = scalarStart(before: start) }
        var end = upper
        for _ in 0..<context where end < count { end += length(at: end) }
        // The window, the character before it (a CR before an LF) and the one
        // after it (a combining mark joins the last character of the window).
        var position = start > 0 ? scalarStart(before: start) : 0
        while position < min(count, end + 1) {
            let (value, length) = WordScanner.decode(bytes, at: position)
            guard standsAlone(value) else { return nil }
            position += length
        }
        // Cut at the first space after the start and the last before the end.
        if start > 0 {
            var position = start
            while position < lower {
                if isSpace(at: position) {
                    start = position
                    break
                }
                position += length(at: position)
            }
        }
        if end < count {
            var position = upper
            var lastSpace: Int?
            while position < end {
                if isSpace(at: position) { lastSpace = position }
                position += length(at: position)
            }
            if let lastSpace { end = lastSpace }
        }
        let hyphenations = lineEndHyphenations(bytes, in: start..<end)
        if hyphenations.isEmpty { return plainSnippet(bytes, window: start..<end, match: lower..<upper) }
        // The three parts, one after the other, then cut into strings.
        var text: [UInt8] = []
        text.reserveCapacity(end - start + 16)
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
        if start > 0 { text.append(contentsOf: ellipsis) }
        let before = squeeze(bytes, start..<lower, leavingOut: hyphenations, keepingHyphens: false, into: &text)
        if before.spaceLast && before.count > 0 { text.append(0x20) }
        let matchStart = text.count
        _ = squeeze(bytes, lower..<upper, leavingOut: hyphenations, keepingHyphens: match.keepsLineEndHyphen, into: &text)
        let afterStart = text.count
        let after = squeeze(bytes, upper..<end, leavingOut: hyphenations, keepingHyphens: false, into: &text)
        if after.spaceFirst && after.count > 0 { text.insert(0x20, at: afterStart) }
        if end < count { text.append(contentsOf: ellipsis) }
        return Snippet(before: String(decoding: text[..<matchStart], as: UTF8.self),
                       match: String(decoding: text[matchStart..<afterStart], as: UTF8.self),
                       after: String(decoding: text[afterStart...], as: UTF8.self))
    }

    /// The hyphen and line break between the halves of each word hyphenated
    /// at a line end in `window`, as byte ranges to leave out.
    private static func lineEndHyphenations(_ bytes: UnsafeBufferPointer<UInt8>, in window: Range<Int>) -> [Range<Int>] {
        // Only a hyphen (-, U+2010) or a soft hyphen (U+00AD) joins two
        // halves: without one of their bytes that may, the window has none.
        let mayJoin = window.contains { position in
            switch bytes[position] {
            case 0x2D: hyphenMayJoin(bytes, at: position, before: window.upperBound)
            case 0x90, 0xAD: true
            default: false
            }
        }
        guard mayJoin else { return [] }
        let words = WordScanner.words(in: UnsafeBufferPointer(rebasing: bytes[window]))
        return words.indices.dropLast().filter { words[$0].joinsNext }
            .map { (window.lowerBound + words[$0].end)..<(window.lowerBound + words[$0 + 1].start) }
    }

    /// Whether the ASCII hyphen at `position` may join a word hyphenated at
    /// a line end: not when a word goes on straight after it ("well-known",
    /// "2000-2022"), only before a space, a line break, the end or a byte
    /// that is not ASCII (`WordScanner` decides, from there).
    private static func hyphenMayJoin(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, before end: Int) -> Bool {
        position + 1 >= end || bytes[position + 1] <= 0x20 || bytes[position + 1] >= 0x7F
    }

    /// Appends `bytes[part]` without the `gaps` inside it (a hyphen in their
    /// place where `keepingHyphens`), each run of whitespace as one space
    /// and none at either end; says how many bytes it appended and whether
    /// the part, gaps left out, began and ended with whitespace.
    private static func squeeze(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, leavingOut gaps: [Range<Int>],
                                keepingHyphens: Bool, into result: inout [UInt8]) -> (count: Int, spaceFirst: Bool, spaceLast: Bool) {
        let base = result.count
        var pendingSpace = false, isFirst = true, spaceFirst = false, spaceLast = false
        // Text between spaces is copied a run at a time.
        func add(_ range: Range<Int>) {
            var position = range.lowerBound
            var run = position
            while position < range.upperBound {
                let (space, length) = whitespace(bytes, at: position)
                if isFirst {
                    spaceFirst = space
                    isFirst = false
                }
                spaceLast = space
                if space {
                    if run < position { result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position])) }
                    run = position + length
                    pendingSpace = result.count > base
                } else if pendingSpace {
                    result.append(0x20)
                    pendingSpace = false
                }
                position += length
            }
            if run < position { result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position])) }
        }
        var position = part.lowerBound
        for gap in gaps where part.contains(gap.lowerBound) && gap.upperBound <= part.upperBound {
            add(position..<gap.lowerBound)
            if keepingHyphens {
                isFirst = false
                spaceLast = false
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(0x2D)
            }
            position = gap.upperBound
        }
        add(position..<part.upperBound)
        return (result.count - base, spaceFirst, spaceLast)
    }

    /// Whether `range` is plain: printable ASCII, tabs and line breaks (not
    /// CR, which joins an LF), and no hyphen that could join a word at a line
    /// end, as most pages are: a byte a character.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var position = range.lowerBound
        while position < range.upperBound {
            // Eight bytes at a time while none is below a space, above `~` or a hyphen
            // (bit tricks that may flag a plain byte next to one, never miss one).
            if position + 8 <= range.upperBound {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                let belowSpace = (word &- ones &* 0x20) & ~word & highs
                let aboveTilde = ((word &+ ones) | word) & highs
                let hyphens = word ^ (ones &* 0x2D)
                let hyphen = (hyphens &- ones) & ~hyphens & highs
                if belowSpace | aboveTilde | hyphen == 0 {
                    position += 8
                    continue
                }
            }
            let byte = bytes[position]
            if byte >= 0x20 && byte < 0x7F {
                if byte == 0x2D && hyphenMayJoin(bytes, at: position, before: bytes.count) { return false }
            } else if byte < 0x09 || byte > 0x0C {
                return false
            }
            position += 1
        }
        return true
    }

    /// `scalarSnippet`'s three parts for a window already cut at spaces,
    /// with no word hyphenated at a line end in it, each squeezed straight
    /// into its String.
    private static func plainSnippet(_ bytes: UnsafeBufferPointer<UInt8>, window: Range<Int>, match: Range<Int>) -> Snippet {
        Snippet(before: squeezed(bytes, window.lowerBound..<match.lowerBound, ellipsisFirst: window.lowerBound > 0,
                                 spaceLast: true),
                match: squeezed(bytes, match),
                after: squeezed(bytes, match.upperBound..<window.upperBound, ellipsisLast: window.upperBound < bytes.count,
                                spaceFirst: true))
    }

    /// `part` with each run of whitespace as one space and none at its
    /// ends, between an ellipsis or a space where asked, as `squeeze` and
    /// `scalarSnippet` put them: a space only beside words.
    private static func squeezed(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, ellipsisFirst: Bool = false,
                                 ellipsisLast: Bool = false, spaceFirst: Bool = false, spaceLast: Bool = false) -> String {
        String(unsafeUninitializedCapacity: part.count + 8) { out in
            var count = 0
            if ellipsisFirst {
                out[0] = 0xE2; out[1] = 0x80; out[2] = 0xA6
                count = 3
            }
            let afterEllipsis = count
            var wordsSoFar = false, pendingSpace = false, spaceAtEnd = false
            var position = part.lowerBound
            while position < part.upperBound {
                let (space, length) = whitespace(bytes, at: position)
                if space {
                    // Kept for a word to come, or, at the start, for the part before.
                    if position == part.lowerBound && spaceFirst {
                        out[count] = 0x20
                        count += 1
                    }
                    pendingSpace = wordsSoFar
                } else {
                    if pendingSpace {
                        out[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    wordsSoFar = true
                    for offset in 0..<length { out[count + offset] = bytes[position + offset] }
                    count += length
                }
                spaceAtEnd = space
                position += length
            }
            // No words, no spaces.
            if !wordsSoFar { count = afterEllipsis }
            if spaceLast && wordsSoFar && spaceAtEnd {
                out[count] = 0x20
                count += 1
            }
            if ellipsisLast {
                out[count] = 0xE2; out[count + 1] = 0x80; out[count + 2] = 0xA6
                count += 3
            }
            return count
        }
    }

    /// Whether the character at `position` is whitespace, and its length in bytes.
    private static func whitespace(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (isSpace: Bool, length: Int) {
        let byte = bytes[position]
        if byte < 0x80 { return (byte == 0x20 || (byte >= 0x09 && byte <= 0x0D), 1) }
        let (value, length) = WordScanner.decode(bytes, at: position)
        return (WordScanner.isWhitespace(value), length)
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

    /// `lineEndHyphenations` for a part of a String.
    private static func lineEndHyphenations(in window: Substring) -> [Range<String.Index>] {
        var copy = String(window)
        let gaps = copy.withUTF8 { lineEndHyphenations($0, in: 0..<$0.count) }
        let utf8 = window.utf8
        return gaps.map { utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound) }
    }
}

/// Context around a search hit; printers highlight `match`.
public struct Snippet: Codable, Equatable, Sendable {
    public var before: String
    public var match: String
    public var after: String
}
