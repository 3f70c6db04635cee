import LeanBasics

/// One value as SQLite stores it: its five storage classes.
public enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value if SQLite holds an integer, as `count(*)` gives.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }
}

extension SQLValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.replacingEvery("'", with: "''") + "'"
        case .blob(let bytes): return "x'" + bytes.map { CFormat.string("%02X", $0) }.joined() + "'"
        }
    }
}
