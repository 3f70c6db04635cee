import Glibc

/// Bytes in a named charset converted to UTF-8 by glibc's iconv, with every byte iconv
/// cannot convert replaced by U+FFFD and counted, so that a caller can tell a wrong guess
/// (many replacements) from a damaged file in the right charset (a few).
enum IconvConverter {
    struct Result {
        var utf8: [UInt8]
        var replacements: Int
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Nil when iconv does not know the charset. With `stopAfter`, gives up (nil) as soon as
    /// more bytes than that have been replaced: a guess that bad is not worth finishing.
    static func convert(_ input: UnsafeBufferPointer<UInt8>, from charset: String, stopAfter limit: Int = .max) -> Result? {
        guard let converter = iconv_open("UTF-8", charset), converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var result = Result(utf8: [], replacements: 0)
        result.utf8.reserveCapacity(input.count + input.count / 2 + 16)
        guard let base = input.baseAddress, input.count > 0 else { return result }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var inPointer = UnsafeMutablePointer<CChar>(OpaquePointer(UnsafeMutablePointer(mutating: base)))
        var inLeft = input.count
        var flushed = false
        // UTF-16 and UTF-32 resynchronise on the next code unit, not the next byte.
        let unit = charset.hasPrefix("UTF-16") ? 2 : charset.hasPrefix("UTF-32") ? 4 : 1
        while true {
            var failure: Int32 = 0
            let produced: Int = chunk.withUnsafeMutableBufferPointer { out in
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: CChar.self)
                var outLeft = out.count
                var source: UnsafeMutablePointer<CChar>? = inLeft > 0 ? inPointer : nil
                let status = inLeft > 0 ? iconv(converter, &source, &inLeft, &outPointer, &outLeft)
                                        : iconv(converter, nil, nil, &outPointer, &outLeft)
                if status == -1 { failure = errno }
                if let source { inPointer = source }
                return out.count - outLeft
            }
            result.utf8.append(contentsOf: chunk[0..<produced])
            switch failure {
            case 0:
                if inLeft > 0 { continue }
                if flushed { return result }
                flushed = true // the shift sequence a stateful charset (ISO-2022-JP) may still owe
            case E2BIG:
                continue
            case EINVAL:
                // A multibyte sequence cut off by the end of the file.
                result.utf8.append(contentsOf: replacement)
                result.replacements += 1
                inLeft = 0
            default:
                // EILSEQ: skip the byte (or code unit) and resynchronise on the next.
                result.utf8.append(contentsOf: replacement)
                result.replacements += 1
                if result.replacements > limit { return nil }
                let skipped = min(unit, inLeft)
                inPointer += skipped
                inLeft -= skipped
                iconv(converter, nil, nil, nil, nil)
            }
        }
    }
}
