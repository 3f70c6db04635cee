/// The shelf's parts, as iBooks' tabs, on the keys 1 to 4.
public enum ShelfSection: Equatable, Sendable {
    /// The books with a place in the history.
    case readingNow
    /// Every book (the shelf as it opens).
    case library
    /// The collections, one a line; Enter shows a collection's books.
    case collections
    /// Every bookmark of every book, one a line; Enter reads at it.
    case bookmarks
}
