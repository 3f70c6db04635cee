import Glibc

/// A text's lines as ranges of its UTF-8 bytes, and what chapters and paragraphs are told by:
/// blank or not, indented or not, how wide in columns. Works on bytes so that a 20 MB book
/// is read in one pass and no line is copied until it is written out.
struct TextLines {
    let bytes: [UInt8]
    /// Each line's bytes, without its \n.
    let ranges: [Range<Int>]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(bytes.count / 40 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                guard let found = memchr(base + start, 0x0A, buffer.count - start) else { break }
                let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                ranges.append(start..<end)
                start = end + 1
            }
            if start < buffer.count { ranges.append(start..<buffer.count) }
        }
        self.ranges = ranges
    }

    var count: Int { ranges.count }

    /// The line without the spaces, tabs, no-break and ideographic spaces around it.
    func trimmed(_ line: Int) -> Range<Int> {
        var lower = ranges[line].lowerBound, upper = ranges[line].upperBound
        while lower < upper, let length = spaceLength(at: lower) { lower += length }
        while upper > lower, let length = spaceLength(endingAt: upper) { upper -= length }
        return lower..<upper
    }

    func isBlank(_ line: Int) -> Bool { trimmed(line).isEmpty }

    /// Columns of white space before the line's text: an ideographic space counts two.
    func indent(_ line: Int) -> Int {
        var index = ranges[line].lowerBound, columns = 0
        let upper = ranges[line].upperBound
        while index < upper, let length = spaceLength(at: index) {
            columns += bytes[index] == 0x09 ? 4 : (length == 3 ? 2 : 1)
            index += length
        }
        return columns
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Characters (scalars) in the bytes.
    func characterCount(_ range: Range<Int>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Terminal columns, East Asian wide characters counting two: how hard-wrapped lines were measured.
    func width(_ range: Range<Int>) -> Int {
        var columns = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = bytes[index]
            if lead < 0x80 { columns += 1; index += 1; continue }
            if lead < 0xE0 { columns += 1; index += 2; continue }
            if lead >= 0xF0 { columns += 2; index += 4; continue }
            guard index + 2 < bytes.count else { columns += 1; break }
            let scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
            columns += Self.isWide(scalar) ? 2 : 1
            index += 3
        }
        return columns
    }

    /// Columns of the first word: a line's first character alone when it is CJK, which wraps anywhere.
    func firstWordWidth(_ range: Range<Int>) -> Int {
        var end = range.lowerBound
        while end < range.upperBound, bytes[end] != 0x20, bytes[end] != 0x09 {
            if bytes[end] >= 0xE0 {
                if end == range.lowerBound { return width(end..<min(range.upperBound, end + 3)) }
                break
            }
            end += 1
        }
        return width(range.lowerBound..<end)
    }

    static func isWide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
            return true
        default:
            return false
        }
    }

    /// Whether the bytes at the index start a CJK character (ideograph, kana, Hangul, CJK punctuation).
    func isCJK(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let lead = bytes[index]
        if lead >= 0xF0 { return true }
        guard lead >= 0xE0, index + 2 < bytes.count else { return false }
        let scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
        return Self.isWide(scalar)
    }

    /// The index of the first byte of the character ending at `end`.
    func characterStart(endingAt end: Int) -> Int {
        var index = end - 1
        while index > 0, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    private func spaceLength(at index: Int) -> Int? {
        switch bytes[index] {
        case 0x20, 0x09: return 1
        case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0: return 2
        case 0xE3 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80: return 3
        default: return nil
        }
    }

    private func spaceLength(endingAt end: Int) -> Int? {
        switch bytes[end - 1] {
        case 0x20, 0x09: return 1
        case 0xA0 where end >= 2 && bytes[end - 2] == 0xC2: return 2
        case 0x80 where end >= 3 && bytes[end - 3] == 0xE3 && bytes[end - 2] == 0x80: return 3
        default: return nil
        }
    }
}
