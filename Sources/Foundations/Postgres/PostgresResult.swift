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

    init(_ result: OpaquePointer) {
        let columnCount = PQnfields(result)
        let names = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        let types = (0..<columnCount).map { PQftype(result, $0) }
        rows = (0..<PQntuples(result)).map { row in
            let values = (0..<columnCount).map { column -> SQLValue in
                guard PQgetisnull(result, row, column) == 0 else { return .null }
                let text = String(cString: PQgetvalue(result, row, column))
                return Self.value(text, type: types[Int(column)])
            }
            return Row(columnNames: names, values: values)
        }
    }

    private static func value(_ text: String, type: Oid) -> SQLValue {
        if integerTypes.contains(type), let number = Int64(text) { return .integer(number) }
        if realTypes.contains(type), let number = Double(text) { return .real(number) }
        if type == booleanType { return .integer(text == "t" ? 1 : 0) }
        if type == byteaType, let bytes = hexBytes(text) { return .blob(bytes) }
        return .text(text)
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
