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
    }

    /// The words of a text: runs of letters and digits, each CJK character alone.
    static func tokenize(_ text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.unicodeScalars.contains(where: IndexText.isCJK) {
                if let open = start { ranges.append(open..<index); start = nil }
                ranges.append(index..<next)
            } else if isWordCharacter(character) {
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

    static func isWordCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            let properties = scalar.properties
            return properties.isAlphabetic || properties.numericType != nil
                || properties.generalCategory == .nonspacingMark
        }
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
        let words = TextMatcher.tokenize(text)
        guard words.count >= queryTokens.count else { return [] }
        var found: [Match] = []
        var index = 0
        let last = queryTokens.count - 1
        while index + last < words.count {
            var matched = true
            for offset in 0...last {
                let word = folded(text[words[index + offset]])
                let ok = offset == last ? word.hasPrefix(queryTokens[offset]) : word == queryTokens[offset]
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

    /// A line of context around a match, whitespace collapsed, cut at word
    /// boundaries: `before`, the match itself, and `after`.
    static func snippet(_ text: String, _ range: Range<String.Index>, context: Int = 60) -> Snippet {
        func squeeze(_ part: Substring) -> String {
            part.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
        var start = text.index(range.lowerBound, offsetBy: -context, limitedBy: text.startIndex) ?? text.startIndex
        var end = text.index(range.upperBound, offsetBy: context, limitedBy: text.endIndex) ?? text.endIndex
        if start > text.startIndex, let space = text[start..<range.lowerBound].firstIndex(where: { $0.isWhitespace }) {
            start = space
        }
        if end < text.endIndex, let space = text[range.upperBound..<end].lastIndex(where: { $0.isWhitespace }) {
            end = space
        }
        var before = squeeze(text[start..<range.lowerBound])
        var after = squeeze(text[range.upperBound..<end])
        if text[start..<range.lowerBound].last?.isWhitespace == true, !before.isEmpty { before += " " }
        if text[range.upperBound..<end].first?.isWhitespace == true, !after.isEmpty { after = " " + after }
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
