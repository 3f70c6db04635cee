import FoundationEssentials
import Glibc

/// A copy of one result row, independent of the statement that produced it.
public struct Row: Sendable {
    public var columnNames: [String]
    public var values: [SQLValue]

    public init(columnNames: [String], values: [SQLValue]) {
        precondition(columnNames.count == values.count, "a row needs one name per value")
        self.columnNames = columnNames
        self.values = values
    }

    public var count: Int { values.count }

    public subscript(_ index: Int) -> SQLValue {
        values[index]
    }

    /// The value of the first column with that name, or .null when there is none.
    public subscript(_ name: String) -> SQLValue {
        guard let index = index(of: name) else { return .null }
        return values[index]
    }

    public func index(of name: String) -> Int? {
        if let exact = columnNames.firstIndex(of: name) { return exact }
        // SQLite itself matches column names without regard to ASCII case.
        let folded = name.lowercased()
        return columnNames.firstIndex { $0.lowercased() == folded }
    }

    // The typed accessors convert only where SQLite would without losing
    // information: integer <-> real when exact, never text to number.

    public func int64(_ name: String) -> Int64? {
        switch self[name] {
        case .integer(let value): return value
        case .real(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    public func int(_ name: String) -> Int? {
        int64(name).flatMap { Int(exactly: $0) }
    }

    public func double(_ name: String) -> Double? {
        switch self[name] {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    public func string(_ name: String) -> String? {
        if case .text(let value) = self[name] { return value }
        return nil
    }

    public func bool(_ name: String) -> Bool? {
        switch self[name] {
        case .integer(let value): return value != 0
        case .real(let value): return value != 0
        default: return nil
        }
    }

    public func blob(_ name: String) -> [UInt8]? {
        if case .blob(let value) = self[name] { return value }
        return nil
    }

    /// A date stored as unix seconds (integer or real), as Date binds itself.
    public func date(_ name: String) -> Date? {
        double(name).map { Date(timeIntervalSince1970: $0) }
    }
}

extension Row: Equatable {}

extension Row {
    /// The value of a column that must have one, read by `read` (`Row.int`, `Row.string`…).
    public func required<Value>(_ name: String, _ read: (Row) -> (String) -> Value?) throws -> Value {
        guard let value = read(self)(name) else { throw MissingValue(column: name) }
        return value
    }
}
