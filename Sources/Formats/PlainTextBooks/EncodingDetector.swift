import CUchardet

/// Which charset a book's bytes are in, and the bytes converted to UTF-8: a BOM first, then
/// UTF-16 told by its zero bytes, then UTF-8 if the bytes are UTF-8, then uchardet's guess,
/// converted by iconv and, if that guess turns out wrong, the charsets that never fail.
enum EncodingDetector {
    struct Decoded {
        var encoding: String
        var utf8: [UInt8]
    }

    /// How much uchardet is given: enough for its statistics, bounded for a 64 MiB file.
    static let detectionSampleSize = 256 * 1024

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Decoded {
        if let decoded = try decodeByByteOrderMark(bytes) { return decoded }
        if let charset = utf16WithoutByteOrderMark(bytes) {
            let decoded = try convert(bytes, from: charset, reportedAs: charset)
            // Zero bytes in every other place are also what 16-bit numbers (sound, tables) look like;
            // as UTF-16 those make control characters, which text has few of.
            if let reason = decoded.utf8.withUnsafeBufferPointer(BinaryContent.reason) { throw PlainTextError.notText(reason) }
            return decoded
        }
        if let reason = BinaryContent.reason(bytes) { throw PlainTextError.notText(reason) }
        if isUTF8(bytes) { return Decoded(encoding: "UTF-8", utf8: Array(bytes)) }

        let sample = detectionSample(bytes)
        let guess = sample.withUnsafeBufferPointer(uchardetGuess)
        // More broken sequences than `isUTF8` lets pass, but uchardet still sees UTF-8 in the good ones:
        // each broken one becomes U+FFFD rather than the whole book Latin-1 mojibake.
        if guess == "UTF-8" { return Decoded(encoding: "UTF-8", utf8: Array(bytes)) }
        let nonASCII = bytes.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
        // A guess that needs more replacements than this is wrong, not a damaged file.
        let tolerance = 2 + nonASCII / 200
        for group in candidates(for: guess, sample: sample) {
            // Within a family (a charset and its supersets) the one that decodes cleanly, or with fewest
            // replacements; a later group only when none of this one's is within the tolerance.
            var best: (charset: String, result: IconvConverter.Result)?
            for charset in group {
                guard let result = IconvConverter.convert(bytes, from: charset, stopAfter: best?.result.replacements ?? tolerance),
                      result.replacements < best?.result.replacements ?? .max else { continue }
                best = (charset, result)
                if result.replacements == 0 { break }
            }
            if let best { return Decoded(encoding: best.charset, utf8: best.result.utf8) }
        }
        // ISO-8859-1 gives every byte a character, so iconv cannot have refused it.
        throw PlainTextError.undecodable("iconv cannot convert ISO-8859-1")
    }

    private static func convert(_ bytes: UnsafeBufferPointer<UInt8>, from charset: String, reportedAs name: String) throws -> Decoded {
        guard let result = IconvConverter.convert(bytes, from: charset) else {
            throw PlainTextError.undecodable("iconv does not know \(charset)")
        }
        return Decoded(encoding: name, utf8: result.utf8)
    }

    // MARK: Unicode

    private static func decodeByByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Decoded? {
        let marks: [(mark: [UInt8], charset: String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32BE"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32LE"),
            ([0xEF, 0xBB, 0xBF], "UTF-8"), ([0xFE, 0xFF], "UTF-16BE"), ([0xFF, 0xFE], "UTF-16LE"),
        ]
        for (mark, charset) in marks where bytes.starts(with: mark) {
            let rest = UnsafeBufferPointer(rebasing: bytes[mark.count...])
            // UTF-8 is repaired (U+FFFD) when the text is made; iconv would stop at the first bad byte.
            if charset == "UTF-8" { return Decoded(encoding: charset, utf8: Array(rest)) }
            return try convert(rest, from: charset, reportedAs: charset)
        }
        return nil
    }

    /// UTF-16 without a BOM, told by Latin text's zero high bytes: one in every pair, always on the same side.
    private static func utf16WithoutByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let pairs = min(bytes.count, 8192) / 2
        guard pairs >= 2 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for pair in 0..<pairs {
            if bytes[2 * pair] == 0 { evenZeros += 1 }
            if bytes[2 * pair + 1] == 0 { oddZeros += 1 }
        }
        if oddZeros * 10 >= pairs * 3 && evenZeros * 50 <= pairs { return "UTF-16LE" }
        if evenZeros * 10 >= pairs * 3 && oddZeros * 50 <= pairs { return "UTF-16BE" }
        return nil
    }

    /// UTF-8, allowing a few broken sequences (a file cut mid-character, a bad copy) among many good ones;
    /// those become U+FFFD. Text in a legacy charset makes few valid multibyte sequences and many broken ones.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if String(validating: bytes, as: UTF8.self) != nil { return true }
        var valid = 0, broken = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            var good = length > 0 && index + length <= count
            if good {
                for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { good = false; break }
            }
            if good { valid += 1; index += length } else { broken += 1; index += 1 }
        }
        return valid > 0 && broken * 50 <= valid
    }

    // MARK: Legacy charsets

    /// Lines with bytes over 0x7F, from places spread over the file: what tells charsets apart,
    /// without the pages of ASCII a Gutenberg book opens with.
    private static func detectionSample(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let pieces = 32
        let pieceSize = detectionSampleSize / pieces
        var sample: [UInt8] = []
        sample.reserveCapacity(detectionSampleSize)
        var start = 0
        for piece in 0..<pieces {
            start = max(start, bytes.count / pieces * piece)
            guard start < bytes.count else { break }
            if start > 0 {
                // Begin on a line, not inside a multibyte character.
                guard let newline = bytes[start...].firstIndex(of: 0x0A) else { break }
                start = newline + 1
            }
            let end = min(bytes.count, start + pieceSize)
            var lineStart = start
            while lineStart < end {
                let lineEnd = bytes[lineStart..<end].firstIndex(of: 0x0A).map { $0 + 1 } ?? end
                if bytes[lineStart..<lineEnd].contains(where: { $0 >= 0x80 }) {
                    sample.append(contentsOf: bytes[lineStart..<lineEnd])
                }
                lineStart = lineEnd
            }
            start = end
        }
        return sample
    }

    private static func uchardetGuess(_ sample: UnsafeBufferPointer<UInt8>) -> String? {
        guard let detector = uchardet_new() else { return nil }
        defer { uchardet_delete(detector) }
        let status = sample.withMemoryRebound(to: CChar.self) { uchardet_handle_data(detector, $0.baseAddress, $0.count) }
        guard status == 0 else { return nil }
        uchardet_data_end(detector)
        guard let name = uchardet_get_charset(detector) else { return nil }
        let guess = String(cString: name).uppercased()
        return guess.isEmpty ? nil : guess
    }

    /// Western charsets uchardet confuses on English with a few curly quotes (it says WINDOWS-1250).
    private static let latinGuesses: Set<String> = [
        "ASCII", "WINDOWS-1250", "WINDOWS-1252", "WINDOWS-1254", "WINDOWS-1257", "ISO-8859-1", "ISO-8859-2",
        "ISO-8859-3", "ISO-8859-4", "ISO-8859-9", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15",
        "ISO-8859-16", "MAC-CENTRALEUROPE", "IBM852",
    ]

    /// Supersets iconv knows, for files a strict charset refuses (a vendor's extra characters).
    private static let supersets: [String: [String]] = [
        "GB2312": ["GB18030"], "GBK": ["GB18030"], "HZ-GB-2312": ["GB18030"],
        "BIG5": ["BIG5-HKSCS"], "SHIFT_JIS": ["CP932"], "EUC-JP": ["EUC-JP-MS"],
        // uchardet names Korean UHC (CP949); most files are its subset EUC-KR, the name people know.
        "UHC": ["EUC-KR", "UHC"], "EUC-KR": ["UHC"],
    ]

    private static let windowsVariants: [String: String] = [
        "ISO-8859-1": "WINDOWS-1252", "ISO-8859-15": "WINDOWS-1252", "ISO-8859-2": "WINDOWS-1250",
        "ISO-8859-5": "WINDOWS-1251", "ISO-8859-7": "WINDOWS-1253", "ISO-8859-8": "WINDOWS-1255",
        "ISO-8859-6": "WINDOWS-1256", "ISO-8859-9": "WINDOWS-1254", "ISO-8859-13": "WINDOWS-1257",
    ]

    private static let cjkGuesses: Set<String> = [
        "GB18030", "GB2312", "GBK", "HZ-GB-2312", "BIG5", "EUC-TW", "SHIFT_JIS", "EUC-JP", "ISO-2022-JP",
        "ISO-2022-CN", "ISO-2022-KR", "EUC-KR", "UHC",
    ]

    /// Charsets to try, in groups: the guess with its supersets, GB18030 for a CJK guess, then the Western
    /// charsets, ISO-8859-1 last or next to last (it never fails).
    static func candidates(for guess: String?, sample: [UInt8]) -> [[String]] {
        var groups: [[String]] = []
        let hasC1Bytes = sample.contains(where: { (0x80...0x9F).contains($0) })
        if var guess, !latinGuesses.contains(guess) {
            // Bytes 0x80-0x9F are controls in ISO-8859 charsets, never text: the file is in Windows' variant.
            if hasC1Bytes, let windows = windowsVariants[guess] { guess = windows }
            groups.append((guess == "UHC" ? [] : [guess]) + (supersets[guess] ?? []))
            // Not in the guess's group: GB18030 takes almost any pair of high bytes, and would read a
            // damaged Shift-JIS file with fewer replacements than Shift-JIS itself.
            if cjkGuesses.contains(guess) { groups.append(["GB18030"]) }
        } else if var guess, !sample.withUnsafeBufferPointer(readsAsWesternEuropean) {
            if hasC1Bytes, let windows = windowsVariants[guess] { guess = windows }
            groups.append([guess])
        }
        groups += hasC1Bytes ? [["WINDOWS-1252"], ["ISO-8859-1"]] : [["ISO-8859-1"], ["WINDOWS-1252"]]
        return groups
    }

    /// Whether WINDOWS-1252 makes words of the bytes: every byte over 0x7F between two ASCII
    /// letters a letter there (é, ñ, œ), as Central European text in 1252 is not (¹, ³, ¿ inside words).
    private static func readsAsWesternEuropean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isLetterIn1252(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x83, 0x8A, 0x8C, 0x8E, 0x9A, 0x9C, 0x9E, 0x9F, 0xAA, 0xB5, 0xBA: return true
            case 0xD7, 0xF7: return false
            default: return byte >= 0xC0
            }
        }
        var inWords = 0, misfits = 0
        guard bytes.count >= 3 else { return true }
        for index in 1..<(bytes.count - 1) where bytes[index] >= 0x80 {
            // Quotes, dashes and the ellipsis stand between words in any Western text ("odd—even").
            if bytes[index] == 0x85 || (0x91...0x97).contains(bytes[index]) { continue }
            let before = bytes[index - 1], after = bytes[index + 1]
            guard isASCIILetter(before) || before >= 0x80, isASCIILetter(after) || after >= 0x80 else { continue }
            guard isASCIILetter(before) || isASCIILetter(after) else { continue }
            inWords += 1
            if !isLetterIn1252(bytes[index]) { misfits += 1 }
        }
        return misfits * 50 <= inWords
    }
}
