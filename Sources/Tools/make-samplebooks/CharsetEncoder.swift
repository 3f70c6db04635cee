// Text in a legacy charset, as glibc's iconv writes it: plain-text books
// come in GB18030, Big5 or Shift_JIS as often as in UTF-8.

import Glibc

enum CharsetEncoder {
    static func encode(_ text: String, to charset: String) throws -> [UInt8] {
        guard let converter = iconv_open(charset, "UTF-8"), converter != iconv_t(bitPattern: -1) else {
            throw WriterError(description: "iconv does not know \(charset)")
        }
        defer { iconv_close(converter) }
        var input = Array(text.utf8)
        // GB18030 takes at most four bytes for a character UTF-8 writes in one to four.
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let written: Int = input.withUnsafeMutableBytes { source in
            output.withUnsafeMutableBytes { target in
                var inPointer = source.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = source.count
                var outPointer = target.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = target.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0,
                      iconv(converter, nil, nil, &outPointer, &outLeft) != -1 else { return -1 }
                return target.count - outLeft
            }
        }
        guard written >= 0 else { throw WriterError(description: "the text cannot be written in \(charset)") }
        return Array(output.prefix(written))
    }
}
