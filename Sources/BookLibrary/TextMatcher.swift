import Foundation

/// Finds every occurrence of a query in a page's text the way a reader's
/// find box does: case- and diacritic-insensitive, words in sequence across
/// any spacing or line breaks, the last word as a prefix, CJK by character.
/// The full-text index finds the pages; this finds the places on them.
struct TextMatcher {
    /// Where a match sits in the page text.
    struct Match { var range: Range<String.Index> }

    private let queryTokens: [String]
    private var foldCache: [Character: String] = [:]

    init?(query: String) {
        let tokens = TextMatcher.tokenize(query).map { TextMatcher.fold(String(query[$0])) }.filter { !$0.isEmpty }
        guard !tokens.isEmpty else { return nil }
        queryTokens = tokens
        queryBytes = tokens.map { Array($0.utf8) }
    }

    /// The folded query words as UTF-8, for the ASCII fast path.
    private let queryBytes: [[UInt8]]

    /// Folding an ASCII word is lowercasing it, so most words of most pages
    /// compare byte by byte without building a folded copy; nil when the
    /// word is not ASCII and needs the full folding.
    static func asciiMatch(_ word: Substring, _ token: [UInt8], prefix: Bool) -> Bool? {
        var result: Bool?
        _ = word.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return }
            guard prefix ? bytes.count >= token.count : bytes.count == token.count else {
                result = false
                return
            }
            for position in 0..<token.count {
                var byte = bytes[position]
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte != token[position] {
                    result = false
                    return
                }
            }
            result = true
        }
        return result
    }

    /// The words of a text: runs of letters and digits, each CJK character alone.
    /// Walks Unicode scalars rather than Characters: grapheme breaking was
    /// most of the cost of a search, and a combining mark simply continues
    /// the word its letter started.
    static func tokenize(_ text: String) -> [Range<String.Index>] {
        if let ascii = tokenizeASCII(text) { return ascii }
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            let isWord: Bool
            if scalar.value < 0x80 {
                isWord = isASCIIWordByte(UInt8(scalar.value))
            } else if IndexText.isCJK(scalar) {
                if let open = start { ranges.append(open..<index); start = nil }
                ranges.append(index..<next)
                index = next
                continue
            } else {
                let properties = scalar.properties
                isWord = properties.isAlphabetic || properties.numericType != nil
                    || properties.generalCategory == .nonspacingMark
            }
            if isWord {
                if start == nil { start = index }
            } else if let open = start {
                ranges.append(open..<index)
                start = nil
            }
            index = next
        }
        if let open = start { ranges.append(open..<text.endIndex) }
        return ranges
    }

    /// Most pages are plain ASCII: their words are found on the bytes,
    /// without decoding. Nil when the text has any other character.
    private static func tokenizeASCII(_ text: String) -> [Range<String.Index>]? {
        let offsets: [(Int, Int)]?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var found: [(Int, Int)] = []
            var start = -1
            for position in 0..<bytes.count {
                let byte = bytes[position]
                if byte >= 0x80 { return nil }
                if isASCIIWordByte(byte) {
                    if start < 0 { start = position }
                } else if start >= 0 {
                    found.append((start, position))
                    start = -1
                }
            }
            if start >= 0 { found.append((start, bytes.count)) }
            return found
        }
        guard let found = offsets ?? nil else { return nil }
        let utf8 = text.utf8
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0.0)..<utf8.index(utf8.startIndex, offsetBy: $0.1) }
    }

    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// `Character.isWhitespace`, without the property lookup for ASCII.
    static func isSpace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) }
        return character.isWhitespace
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    private mutating func folded(_ text: Substring) -> String {
        var result = ""
        for character in text {
            if let cached = foldCache[character] {
                result += cached
            } else {
                let value = TextMatcher.fold(String(character))
                foldCache[character] = value
                result += value
            }
        }
        return result
    }

    mutating func matches(in text: String) -> [Match] {
        if let found = asciiMatches(in: text) { return found }
        let words = TextMatcher.tokenize(text)
        guard words.count >= queryTokens.count else { return [] }
        var found: [Match] = []
        var index = 0
        let last = queryTokens.count - 1
        while index + last < words.count {
            var matched = true
            for offset in 0...last {
                let ok: Bool
                if let fast = TextMatcher.asciiMatch(text[words[index + offset]], queryBytes[offset], prefix: offset == last) {
                    ok = fast
                } else {
                    let word = folded(text[words[index + offset]])
                    ok = offset == last ? word.hasPrefix(queryTokens[offset]) : word == queryTokens[offset]
                }
                if !ok { matched = false; break }
            }
            if matched {
                found.append(Match(range: words[index].lowerBound..<words[index + last].upperBound))
                index += last + 1
            } else {
                index += 1
            }
        }
        return found
    }

    /// The same search on the bytes of an ASCII page for an ASCII query:
    /// folding is lowercasing, and only places that start like the first
    /// word are looked at. Nil when either has any other character.
    private func asciiMatches(in text: String) -> [Match]? {
        guard queryBytes.allSatisfy({ $0.allSatisfy { $0 < 0x80 } }) else { return nil }
        let query = queryBytes
        let offsets: [(Int, Int)]?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            @inline(__always) func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            @inline(__always) func isWord(_ position: Int) -> Bool {
                position < bytes.count && TextMatcher.isASCIIWordByte(bytes[position])
            }
            // The word starting at `start` matches `token` (as a prefix when `prefix`); returns its end.
            func word(at start: Int, _ token: [UInt8], prefix: Bool) -> Int? {
                guard start + token.count <= bytes.count else { return nil }
                for offset in 0..<token.count where lower(bytes[start + offset]) != token[offset] { return nil }
                var end = start + token.count
                if prefix {
                    while isWord(end) { end += 1 }
                } else if isWord(end) {
                    return nil
                }
                return end
            }
            var found: [(Int, Int)] = []
            let first = query[0][0]
            let last = query.count - 1
            var position = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte >= 0x80 { return nil }
                guard lower(byte) == first, position == 0 || !isWord(position - 1),
                      var end = word(at: position, query[0], prefix: last == 0)
                else {
                    position += 1
                    continue
                }
                var matched = true
                for index in 1..<(last + 1) where matched {
                    var next = end
                    while next < bytes.count && !TextMatcher.isASCIIWordByte(bytes[next]) {
                        if bytes[next] >= 0x80 { return nil }
                        next += 1
                    }
                    if let wordEnd = word(at: next, query[index], prefix: index == last) { end = wordEnd } else { matched = false }
                }
                if matched {
                    found.append((position, end))
                    position = end
                } else {
                    position += 1
                }
            }
            return found
        }
        guard let found = offsets ?? nil else { return nil }
        let utf8 = text.utf8
        return found.map {
            Match(range: utf8.index(utf8.startIndex, offsetBy: $0.0)..<utf8.index(utf8.startIndex, offsetBy: $0.1))
        }
    }

    /// A line of context around a match, whitespace collapsed, cut at word
    /// boundaries: `before`, the match itself, and `after`.
    static func snippet(_ text: String, _ range: Range<String.Index>, context: Int = 60) -> Snippet {
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
        var before = squeeze(text[start..<range.lowerBound])
        var after = squeeze(text[range.upperBound..<end])
        if text[start..<range.lowerBound].last.map(isSpace) == true, !before.isEmpty { before += " " }
        if text[range.upperBound..<end].first.map(isSpace) == true, !after.isEmpty { after = " " + after }
        if start > text.startIndex { before = "…" + before.drop(while: { $0 == " " }) }
        if end < text.endIndex { after += "…" }
        return Snippet(before: before, match: squeeze(text[range]), after: after)
    }
}

/// Context around a search hit; printers highlight `match`.
public struct Snippet: Codable, Equatable, Sendable {
    public var before: String
    public var match: String
    public var after: String
}
