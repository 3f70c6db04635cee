import FoundationEssentials
import Glibc

/// A parsed `list` query: field terms and free words combined with AND
/// (implicit), OR, `-` (not) and parentheses.
public indirect enum BookQuery: Equatable, Sendable {
    case all
    case term(QueryTerm)
    case not(BookQuery)
    case and([BookQuery])
    case or([BookQuery])
}

/// One `field:value` term, or free words (field nil) matched against title and author.
public struct QueryTerm: Equatable, Sendable {
    public enum Field: String, CaseIterable, Sendable {
        case title, author, tag, collection, year, pages, rating, added, read, has, saved, id
        case language, publisher, series, isbn, doi, description, file, format
    }

    public enum Comparison: String, Sendable {
        case equal = "=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    public var field: Field?
    public var comparison: Comparison
    public var value: String
    /// As written, for error messages.
    public var text: String

    public init(field: Field?, comparison: Comparison = .equal, value: String, text: String) {
        self.field = field
        self.comparison = comparison
        self.value = value
        self.text = text
    }
}
