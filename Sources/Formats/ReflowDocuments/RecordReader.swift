/// Reads the records libibook-reflow.so writes (little-endian u32s, u8 kinds, and strings as a
/// u32 length and UTF-8 bytes); a short or corrupt buffer ends the reading rather than trapping.
struct RecordReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { offset >= bytes.count }

    mutating func u8() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32() -> UInt32? {
        guard bytes.count - offset >= 4 else { return nil }
        defer { offset += 4 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    /// A double as the engine stores it (IEEE 754, little-endian on every machine ibook runs on).
    mutating func f64() -> Double? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        var bits: UInt64 = 0
        for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[offset + index]) }
        return Double(bitPattern: bits)
    }

    mutating func string() -> String? {
        guard let length = u32().map(Int.init), bytes.count - offset >= length else { return nil }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
}
