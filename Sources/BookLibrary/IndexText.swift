/// Prepares text for the full-text index. SQLite's unicode61 tokenizer folds
/// case and diacritics but treats a run of CJK characters as one word; putting
/// each CJK character on its own makes any substring findable as a phrase,
/// far smaller than a trigram index over everything.
package enum IndexText {
    package static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,   // Hiragana, Katakana
             0x3100...0x312F,   // Bopomofo
             0x31F0...0x31FF,   // Katakana extensions
             0x3400...0x4DBF,   // CJK extension A
             0x4E00...0x9FFF,   // CJK unified ideographs
             0xAC00...0xD7AF,   // Hangul syllables
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFF66...0xFF9F,   // half-width Katakana
             0x20000...0x3FFFF: // CJK extensions B and later
            return true
        default:
            return false
        }
    }

    /// The text with a space on each side of every CJK character. Text
    /// without CJK is returned unchanged, so the common case costs one scan.
    package static func segmented(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isCJK) else { return text }
        var result = String.UnicodeScalarView()
        result.reserveCapacity(text.unicodeScalars.count * 2)
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                result.append(" ")
                result.append(scalar)
                result.append(" ")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
