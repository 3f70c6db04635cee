/// What an update asks the session to do beyond changing the state.
public enum ShelfEffect: Equatable, Sendable {
    case redraw
    /// Open the book with this id in the reader, where it stopped.
    case open(bookID: Int)
    case suspend
    case quit
}
