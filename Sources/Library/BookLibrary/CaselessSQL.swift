import Store

/// Names compared without regard to case (tags, collections, saved
/// searches): SQLite's columns are NOCASE; PostgreSQL's have unique
/// indexes on `lower(…)`, which these conditions use.
extension SQLDialect {
    /// `column` equals the bound value, case aside.
    func sameName(_ column: String) -> String {
        switch self {
        case .sqlite: return "\(column) = ? COLLATE NOCASE"
        case .postgres: return "lower(\(column)) = lower(?)"
        }
    }

    /// `column` matches the bound LIKE pattern (escaped with `\`), case aside.
    func likeName(_ column: String) -> String {
        switch self {
        case .sqlite: return "\(column) LIKE ? ESCAPE '\\'"
        case .postgres: return "\(column) ILIKE ? ESCAPE '\\'"
        }
    }

    /// Whether the folded `haystack` expression holds the bound (already folded) value.
    func containsFolded(_ haystack: String) -> String {
        switch self {
        case .sqlite: return "instr(\(QuerySQL.foldFunction)(\(haystack)), ?) > 0"
        case .postgres: return "strpos(\(QuerySQL.foldFunction)(\(haystack)), ?) > 0"
        }
    }

    /// The year (UTC) of a unix time in seconds, as an integer.
    func year(ofUnixTime expression: String) -> String {
        switch self {
        case .sqlite: return "CAST(strftime('%Y', \(expression), 'unixepoch') AS INTEGER)"
        case .postgres: return "CAST(extract(year FROM to_timestamp(\(expression)) AT TIME ZONE 'UTC') AS INTEGER)"
        }
    }
}
