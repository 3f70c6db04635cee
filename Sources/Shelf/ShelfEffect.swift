/// What an update asks the session to do beyond changing the state.
public enum ShelfEffect: Equatable, Sendable {
    case redraw
    /// Open the book with this id in the reader, where it stopped.
    case open(bookID: Int)
    /// Select the books this query (the `list` query language) matches; an empty one shows them all.
    case filter(String)
    case suspend
    case quit
}
