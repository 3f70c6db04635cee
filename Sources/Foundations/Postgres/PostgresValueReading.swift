import FoundationEssentials
import Store

/// A column's values as the server sends them in text format, read as the SQLite
/// layer gives them: integers, reals, text and blobs, by the column's type.
enum PostgresValueReading: Sendable {
    case integer, real, boolean, bytea, text

    // Type OIDs from the server's pg_type.h; stable across releases.
    private static let booleanType: UInt32 = 16
    private static let byteaType: UInt32 = 17
    private static let integerTypes: Set<UInt32> = [20, 21, 23, 26]
    private static let realTypes: Set<UInt32> = [700, 701, 1700]

    init(type: UInt32) {
        self = Self.integerTypes.contains(type) ? .integer : Self.realTypes.contains(type) ? .real
            : type == Self.booleanType ? .boolean : type == Self.byteaType ? .bytea : .text
    }

    /// The value whose text is `bytes` (no terminating NUL).
    func value(_ bytes: UnsafeBufferPointer<UInt8>) -> SQLValue {
        switch self {
        case .integer: if let number = Self.integer(bytes) { return .integer(number) }
        case .real: if let number = Double(String(decoding: bytes, as: UTF8.self)) { return .real(number) }
        case .boolean: return .integer(bytes.first == UInt8(ascii: "t") ? 1 : 0)
        case .bytea: if let blob = Self.hexBytes(bytes) { return .blob(blob) }
        case .text: break
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// An integer column's value, read from its digits without making a String of them.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// bytea in the server's default output format: `\x` then two hex digits a byte.
    private static func hexBytes(_ digits: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard digits.count >= 2, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x"), digits.count % 2 == 0
        else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((digits.count - 2) / 2)
        var index = 2
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
