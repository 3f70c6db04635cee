/// A column that must have a value held none (NULL, or a value of another
/// type): a damaged row, which is an error to report, never a zero or an
/// empty string to go on with.
public struct MissingValue: Error, CustomStringConvertible, Equatable {
    public var column: String

    public init(column: String) {
        self.column = column
    }

    public var description: String { "a row of the library has no value for \(column), which ibook always writes: it was changed outside ibook" }
}
