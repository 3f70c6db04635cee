/// What an update asks the session to do beyond changing the state.
public enum ShelfEffect: Equatable, Sendable {
    case redraw
    case suspend
    case quit
}
