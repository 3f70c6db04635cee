/// Finds the words of a text on its UTF-8 bytes, the one definition of a word
/// that the index, the query and the matcher share: runs of letters, digits
/// and combining marks; each CJK character alone; superscript and subscript
/// digits a word of their own (`x²`, `copyright¹`); soft hyphens and
/// zero-width characters inside a word ignored.
///
/// It also finds words hyphenated at a line end (`copy-⏎right`, with a
/// hyphen, U+2010 or a soft hyphen): such a word is marked `joinsNext`, and
/// whoever reads the words decides what the pair stands for.
package struct WordScanner {
    package enum Kind: Equatable, Sendable {
        case text, cjk, superscript
    }

    /// A word as byte offsets into the text's UTF-8.
    package struct Word: Equatable, Sendable {
        package var start: Int
        package var end: Int
        package var kind: Kind
        package var isASCII: Bool
        /// The word is the first half of one hyphenated at a line end; the
        /// next word is its second half.
        package var joinsNext = false
    }

    private enum Class {
        case word, cjk, superscript, ignorable, hyphen, softHyphen, lineBreak, space, other
    }

    package static func words(in text: String) -> [Word] {
        var text = text
        return text.withUTF8 { words(in: $0) }
    }

    /// The words of the text, or, from `start`, the first `limit` of them.
    /// A scan from where a word starts (after a character that is not
    /// part of one, see `WordStartSearch`) finds the words a scan of the
    /// whole text finds from there.
    package static func words(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, limit: Int = .max) -> [Word] {
        var words: [Word] = []
        words.reserveCapacity(min(limit, (bytes.count - start) / 5))
        var open: Word?
        var lastWasLetter = false
        var lastWasDigit = false
        var position = start
        let count = bytes.count

        func close() {
            if let word = open { words.append(word) }
            open = nil
        }

        while position < count && words.count < limit {
            // ASCII letters, spaces and line breaks without classify's
            // Unicode lookups: most text of most books, and what decides
            // how fast search reads the pages it prints.
            let lead = bytes[position]
            if lead < 0x80 && lead != 0x2D && !(lead >= 0x30 && lead <= 0x39) {
                if (lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A {
                    var end = position + 1
                    while end < count, (bytes[end] | 0x20) >= 0x61, (bytes[end] | 0x20) <= 0x7A { end += 1 }
                    if var word = open, word.kind == .text, !(lastWasDigit && lead >= 0x41 && lead <= 0x5A) {
                        word.end = end
                        open = word
                    } else {
                        close()
                        open = Word(start: position, end: end, kind: .text, isASCII: true)
                    }
                    lastWasLetter = true
                    lastWasDigit = false
                    position = end
                } else {
                    close()
                    lastWasLetter = false
                    lastWasDigit = false
                    position += 1
                }
                continue
            }
            let (scalar, length) = decode(bytes, at: position)
            let kind = classify(scalar)
            switch kind {
            case .word:
                let isDigit = scalar >= 0x30 && scalar <= 0x39
                // A number run into a capitalised word is two words: poppler glues a
                // section number to its title ("2Copyright") where the PDF left a gap.
                if var word = open, word.kind == .text, !(lastWasDigit && isUppercase(scalar)) {
                    word.end = position + length
                    if scalar >= 0x80 { word.isASCII = false }
                    open = word
                } else {
                    close()
                    open = Word(start: position, end: position + length, kind: .text, isASCII: scalar < 0x80)
                }
                lastWasLetter = isLetter(scalar)
                lastWasDigit = isDigit
            case .superscript:
                lastWasDigit = false
                if var word = open, word.kind == .superscript {
                    word.end = position + length
                    open = word
                } else {
                    close()
                    open = Word(start: position, end: position + length, kind: .superscript, isASCII: false)
                }
                lastWasLetter = false
            case .cjk:
                lastWasDigit = false
                close()
                lastWasLetter = false
                // A voicing mark belongs to the kana before it; one that follows none is no word.
                guard !isVoicingMark(scalar) else { break }
                var end = position + length
                if isKana(scalar) {
                    // ｶﾞ (half-width) and か + U+3099 (decomposed) are one kana, as NFKC composes them: ガ, が.
                    while end < count, case let (next, nextLength) = decode(bytes, at: end), isVoicingMark(next) {
                        end += nextLength
                    }
                }
                words.append(Word(start: position, end: end, kind: .cjk, isASCII: false))
                position = end
                continue
            case .ignorable, .softHyphen:
                lastWasDigit = false
                if kind == .softHyphen, open?.kind == .text, lastWasLetter, lineEndJoin(bytes, after: position + length) {
                    open?.joinsNext = true
                    close()
                } else if open?.kind == .text, position + length < count,
                          classify(decode(bytes, at: position + length).0) == .word {
                    // Inside a word: the word goes on as if it were not there.
                    open?.end = position + length
                    open?.isASCII = false
                } else {
                    close()
                }
            case .hyphen:
                lastWasDigit = false
                if open?.kind == .text, lastWasLetter, lineEndJoin(bytes, after: position + length) {
                    open?.joinsNext = true
                }
                close()
                lastWasLetter = false
            case .lineBreak, .space, .other:
                lastWasDigit = false
                close()
                lastWasLetter = false
            }
            position += length
        }
        if words.count < limit { close() }
        return words
    }

    /// Hiragana and katakana letters, full- and half-width.
    static func isKana(_ scalar: UInt32) -> Bool {
        isFullWidthKana(scalar) || (0xFF66...0xFF9D).contains(scalar)
    }

    /// Hiragana and katakana letters, not the half-width ones; not the spacing
    /// voicing marks U+309B and U+309C either, which fold to a space and a mark.
    static func isFullWidthKana(_ scalar: UInt32) -> Bool {
        (0x3041...0x3096).contains(scalar) || (0x30A1...0x30FA).contains(scalar)
    }

    /// The combining voiced and semi-voiced sound marks and their half-width forms (ﾞ ﾟ).
    package static func isVoicingMark(_ scalar: UInt32) -> Bool {
        scalar == 0x3099 || scalar == 0x309A || scalar == 0xFF9E || scalar == 0xFF9F
    }

    /// Whether a character is never part of a word nor joins two: a space,
    /// a line break, punctuation or a symbol.
    package static func separates(_ scalar: UInt32) -> Bool {
        switch scalar {
        // What most pages have besides ASCII: no-break space, ©, « », dashes, quotes, bullet, ellipsis.
        case 0xA0, 0xA9, 0xAB, 0xBB, 0x2013, 0x2014, 0x2018...0x201F, 0x2022, 0x2026: return true
        default: break
        }
        switch classify(scalar) {
        case .space, .lineBreak, .other: return true
        case .word, .cjk, .superscript, .ignorable, .hyphen, .softHyphen: return false
        }
    }

    /// After a hyphen: more hyphens (typesetters write a soft hyphen and
    /// the hyphen shown), optional spaces, one line break, optional spaces,
    /// then a letter that starts the second half.
    private static func lineEndJoin(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Bool {
        var position = start
        while position < bytes.count {
            let (scalar, length) = decode(bytes, at: position)
            guard scalar == 0x2D || scalar == 0x2010 || scalar == 0xAD else { break }
            position += length
        }
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        var sawBreak = false
        if position < bytes.count, bytes[position] == 0x0D { position += 1; sawBreak = true }
        if position < bytes.count, bytes[position] == 0x0A { position += 1; sawBreak = true }
        guard sawBreak else { return false }
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        guard position < bytes.count else { return false }
        let scalar = decode(bytes, at: position).0
        return classify(scalar) == .word && isLetter(scalar)
    }

    private static func isUppercase(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar >= 0x41 && scalar <= 0x5A }
        return Unicode.Scalar(scalar)?.properties.isUppercase ?? false
    }

    private static func isLetter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A }
        return Unicode.Scalar(scalar)?.properties.isAlphabetic ?? false
    }

    private static func classify(_ value: UInt32) -> Class {
        if value < 0x80 {
            switch value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .word
            case 0x2D: return .hyphen
            case 0x0A, 0x0D: return .lineBreak
            case 0x20, 0x09: return .space
            default: return .other
            }
        }
        switch value {
        case 0xAD: return .softHyphen
        case 0x200B...0x200D, 0x2060, 0xFEFF: return .ignorable
        case 0x2010: return .hyphen
        case 0xB2, 0xB3, 0xB9, 0x2070...0x209F: return .superscript
        case 0x2028, 0x2029, 0x85: return .lineBreak
        // A modifier apostrophe (donʼt) separates like ' and ’ do.
        case 0x2BC: return .other
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return .other }
        if IndexText.isCJK(scalar) { return .cjk }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return .word }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .privateUse: return .word
        default: return isWhitespace(value) ? .space : .other
        }
    }

    /// Unicode's White_Space, as `Unicode.Scalar.Properties.isWhitespace`
    /// says, without its table lookup: snippets ask it of every character
    /// around a match on pages that are not all ASCII.
    static func isWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The scalar at `position` and its length in bytes; a malformed byte is
    /// taken as one unknown character.
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int) {
        let lead = bytes[position]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC0...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF7: length = 4; value = UInt32(lead & 0x07)
        default: return (0xFFFD, 1)
        }
        guard position + length <= bytes.count else { return (0xFFFD, 1) }
        for offset in 1..<length {
            let byte = bytes[position + offset]
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }
}
