/// Where to search.
public enum SearchScope: Sendable {
    case book(Book)
    case all
    /// The books a `list` query selected (`search --in QUERY`).
    case books(Set<Int>)
}
