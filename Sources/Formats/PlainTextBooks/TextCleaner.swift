import TextFolding

/// UTF-8 bytes made into the book's text: line ends as \n, no BOM, no control characters but
/// tab and newline (XML refuses them and a reader has no use for them), broken sequences as
/// U+FFFD, and NFC, so that the same word is the same bytes however the file spelled it.
enum TextCleaner {
    static func text(from utf8: [UInt8]) -> String {
        let cleaned = utf8.withUnsafeBufferPointer(clean)
        let text = String(decoding: cleaned, as: UTF8.self)
        if cleaned.withUnsafeBufferPointer(isNFCWithoutChecking) { return text }
        return UnicodeFold.canonicalComposed(text)
    }

    private static func clean(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            index += 1
            if byte >= 0x20 && byte != 0x7F {
                // U+2028 and U+2029, the line and paragraph separators, are line ends too.
                if byte == 0xE2, index + 1 < count, bytes[index] == 0x80, bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9 {
                    out.append(0x0A)
                    index += 2
                } else {
                    out.append(byte)
                }
            } else if byte == 0x0A || byte == 0x09 {
                out.append(byte)
            } else if byte == 0x0D {
                out.append(0x0A)
                if index < count, bytes[index] == 0x0A { index += 1 }
            }
        }
        return out
    }

    /// Whether every character is one NFC leaves alone and none combines with another: ASCII,
    /// Latin-1 and Latin Extended letters already composed, CJK ideographs, kana, Hangul syllables,
    /// common punctuation and full-width forms. Such text, almost every book, skips utf8proc's
    /// normalisation, which builds a second copy of the whole text.
    private static func isNFCWithoutChecking(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            switch lead {
            case 0..<0x80:
                index += 1
            case 0xC2...0xCB: // U+0080-U+02FF
                index += 2
            case 0xE2: // general punctuation to currency signs, but the two spaces that decompose
                guard index + 2 < count else { return false }
                let second = bytes[index + 1], third = bytes[index + 2]
                guard (second == 0x80 && third >= 0x82) || second == 0x81 || (second == 0x82 && third < 0xC0) else { return false }
                index += 3
            case 0xE3: // CJK punctuation and kana, but the combining voicing marks
                guard index + 2 < count else { return false }
                if bytes[index + 1] == 0x82 && (bytes[index + 2] == 0x99 || bytes[index + 2] == 0x9A) { return false }
                index += 3
            case 0xE4...0xE9: // CJK ideographs
                index += 3
            case 0xEA: // Hangul syllables start at U+AC00
                guard index + 1 < count, bytes[index + 1] >= 0xB0 else { return false }
                index += 3
            case 0xEB, 0xEC:
                index += 3
            case 0xED: // Hangul syllables end at U+D7A3; surrogates cannot occur
                guard index + 1 < count, bytes[index + 1] <= 0x9E else { return false }
                index += 3
            case 0xEF: // full-width forms and U+FFFD, not the compatibility ideographs
                guard index + 1 < count, bytes[index + 1] >= 0xBC else { return false }
                index += 3
            case 0xF0: // CJK extensions B-F and emoji
                guard index + 1 < count, (0xA0...0xAE).contains(bytes[index + 1]) || bytes[index + 1] == 0x9F else { return false }
                index += 4
            default:
                return false
            }
        }
        return true
    }
}
