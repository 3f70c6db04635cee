import Foundation

/// The search rules the documentation states (docs/search.md, "What search
/// matches"), written anew on Foundation's Unicode support and regular
/// expressions, sharing no code with the engine (`WordScanner`,
/// `TermFolding`, `TextMatcher`, the indexes): what a reader's find box would
/// find on a page, to compare the engine with, page for page.
///
/// A word is a run of letters, marks and digits; a digit followed by a
/// capital starts a new word; a superscript digit is a word of its own;
/// each Chinese, Japanese or Korean character is a word. Words are folded
/// by NFKC, then case, accents and width as Foundation folds them, with `ß`
/// as `ss`, `æ`/`œ` as `ae`/`oe` and `ı` as `i`; soft hyphens and zero-width
/// characters inside a word are dropped. A word hyphenated at line ends is
/// a word whole and each of its parts. A query's words match consecutive
/// words, the last as a beginning.
struct ReferenceMatcher {
    /// One page's words, folded: as printed (the parts of a hyphenated word
    /// apart) and with words hyphenated at line ends joined.
    struct Page {
        var parts: [String]
        var joined: [String]
    }

    static func page(_ text: String) -> Page {
        let joinedText = lineEndHyphen.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                                withTemplate: "")
        let apartText = lineEndHyphen.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                               withTemplate: "\n")
        return Page(parts: words(apartText).map(fold), joined: words(joinedText).map(fold))
    }

    /// A hyphen (or several: a soft one and the one shown), spaces, one line
    /// break and spaces, between a letter and a letter or digit.
    private static let lineEndHyphen = try! NSRegularExpression(
        pattern: "(?<=\\p{L})[-\u{2010}\u{00AD}]+[ \\t]*\\r?\\n[ \\t]*(?=[\\p{L}\\p{Nd}])")

    static func fold(_ word: String) -> String {
        var folded = word.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        for (letter, spelled) in [("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("ı", "i")] where folded.contains(letter) {
            folded = folded.replacingOccurrences(of: letter, with: spelled)
        }
        return folded
    }

    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        [0xAD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF].contains(scalar.value)
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3100...0x312F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF,
             0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// The words of a text, as printed.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        func close() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            let properties = scalar.properties
            if isIgnorable(scalar) { continue }
            if isCJK(scalar) {
                close()
                var word = String.UnicodeScalarView([scalar])
                // A kana's voicing mark written apart (か + U+3099, ｶ + ﾞ) belongs to it.
                while index < scalars.count, [0x3099, 0x309A, 0xFF9E, 0xFF9F].contains(scalars[index].value) {
                    word.append(scalars[index])
                    index += 1
                }
                words.append(String(word))
                previous = nil
                continue
            }
            if properties.numericType != nil && properties.generalCategory == .otherNumber {
                // A superscript number is a word of its own.
                close()
                words.append(String(scalar))
                previous = nil
                continue
            }
            let isLetter = properties.isAlphabetic
            let isDigit = properties.generalCategory == .decimalNumber
            let isMark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
            if isLetter || isDigit || (isMark && !current.isEmpty) {
                if let previous, previous.properties.generalCategory == .decimalNumber, properties.isUppercase { close() }
                current.append(scalar)
                previous = scalar
            } else {
                close()
                previous = nil
            }
        }
        close()
        return words
    }

    /// Whether `query`'s words (folded) occur on the page, the last as a beginning.
    static func finds(_ query: [String], on page: Page) -> Bool {
        occurs(query, in: page.parts) || occurs(query, in: page.joined)
    }

    private static func occurs(_ query: [String], in words: [String]) -> Bool {
        guard !query.isEmpty, words.count >= query.count else { return false }
        for start in 0...(words.count - query.count) {
            var matched = true
            for (offset, term) in query.enumerated() {
                let word = words[start + offset]
                if offset == query.count - 1 ? !word.hasPrefix(term) : word != term {
                    matched = false
                    break
                }
            }
            if matched { return true }
        }
        return false
    }
}
