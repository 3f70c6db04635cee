import FoundationEssentials
import Glibc

/// A Swift value that can be bound to a statement parameter.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
}

extension Int: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLBindable {
    public var sqlValue: SQLValue { .integer(self) }
}

extension Int32: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLBindable {
    // SQLite stores NaN as NULL on its own; nothing to do here.
    public var sqlValue: SQLValue { .real(self) }
}

extension Bool: SQLBindable {
    // SQLite has no boolean type; 0/1 is what its own TRUE/FALSE keywords produce.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension String: SQLBindable {
    public var sqlValue: SQLValue { .text(self) }
}

extension Array: SQLBindable where Element == UInt8 {
    public var sqlValue: SQLValue { .blob(self) }
}

extension Date: SQLBindable {
    // Unix seconds as REAL keeps sub-second precision and works with SQLite's
    // date functions through the 'unixepoch' modifier.
    public var sqlValue: SQLValue { .real(timeIntervalSince1970) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue {
        switch self {
        case .none: return .null
        case .some(let wrapped): return wrapped.sqlValue
        }
    }
}
