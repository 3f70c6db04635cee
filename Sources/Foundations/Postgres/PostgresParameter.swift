import FoundationEssentials
import Glibc
import Store

/// One bound value as libpq sends it: text in the server's input syntax,
/// except blobs, sent as raw bytes (binary format) for bytea.
struct PostgresParameter {
    /// nil is SQL NULL.
    var bytes: [UInt8]?
    var isBinary = false

    init(_ value: SQLValue) {
        switch value {
        case .null: bytes = nil
        case .integer(let number): bytes = Array(String(number).utf8)
        case .real(let number): bytes = Array(Self.text(of: number).utf8)
        case .text(let text): bytes = Array(text.utf8)
        case .blob(let blob):
            bytes = blob
            isBinary = true
        }
    }

    /// Swift's shortest round-tripping spelling, with PostgreSQL's names for the special values.
    private static func text(of number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }
}
