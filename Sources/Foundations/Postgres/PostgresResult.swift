import CPQ
import FoundationEssentials
import Glibc
import Store

/// A query's rows copied out of a PGresult as the SQLite layer gives them:
/// integers, reals, text and blobs, by the column's type.
struct PostgresResult {
    let rows: [Row]

    // Type OIDs from the server's pg_type.h; stable across releases.
    private static let booleanType: Oid = 16
    private static let byteaType: Oid = 17
    private static let integerTypes: Set<Oid> = [20, 21, 23, 26]
    private static let realTypes: Set<Oid> = [700, 701, 1700]

    /// How a column's values are read, from its type.
    private enum Kind {
        case integer, real, boolean, bytea, text

        init(_ type: Oid) {
            self = integerTypes.contains(type) ? .integer : realTypes.contains(type) ? .real
                : type == booleanType ? .boolean : type == byteaType ? .bytea : .text
        }
    }

    init(_ result: OpaquePointer) {
        let columnCount = PQnfields(result)
        let names = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        // Once a column, not once a value: a search's ranking is thousands of values.
        let kinds = (0..<columnCount).map { Kind(PQftype(result, $0)) }
        rows = (0..<PQntuples(result)).map { row in
            let values = (0..<columnCount).map { column -> SQLValue in
                guard PQgetisnull(result, row, column) == 0 else { return .null }
                return Self.value(PQgetvalue(result, row, column), kind: kinds[Int(column)])
            }
            return Row(columnNames: names, values: values)
        }
    }

    private static func value(_ text: UnsafePointer<CChar>, kind: Kind) -> SQLValue {
        switch kind {
        case .integer: if let number = integer(text) { return .integer(number) }
        case .real: if let number = Double(String(cString: text)) { return .real(number) }
        case .boolean: return .integer(text.pointee == CChar(UInt8(ascii: "t")) ? 1 : 0)
        case .bytea: if let bytes = hexBytes(String(cString: text)) { return .blob(bytes) }
        case .text: break
        }
        return .text(String(cString: text))
    }

    /// An integer column's value, read from its digits without making a String of them.
    private static func integer(_ text: UnsafePointer<CChar>) -> Int64? {
        var pointer = text
        let negative = pointer.pointee == CChar(UInt8(ascii: "-"))
        if negative { pointer += 1 }
        var magnitude: UInt64 = 0
        var digits = 0
        while case let byte = UInt8(bitPattern: pointer.pointee), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            digits += 1
            pointer += 1
        }
        guard digits > 0, pointer.pointee == 0 else { return nil }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// bytea in the server's default output format: `\x` then two hex digits a byte.
    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
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
