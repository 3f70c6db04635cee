/// What an update asks the session to do beyond changing the state.
public enum ShelfEffect: Equatable, Sendable {
    case redraw
    /// Open the book with this id in the reader, where it stopped.
    case open(bookID: Int)
    /// Open the book with this id in the reader at this page (a search hit's).
    case openAt(bookID: Int, page: Int)
    /// Select the books this query (the `list` query language) matches; an empty one shows them all.
    case filter(String)
    /// Search the text of every book, as `ibook search --all` does; the hits come back through `ShelfUpdate.searched`.
    case search(String)
    /// Take the book out of the library (its file stays), as `ibook remove` does.
    case remove(bookID: Int)
    /// Set the title and the authors, as `ibook edit --title --author` does; nil leaves one as it is.
    case edit(bookID: Int, title: String?, authors: [String]?)
    /// Add and remove tags, as `ibook tag BOOK +tag -tag` does.
    case tag(bookID: Int, adding: [String], removing: [String])
    /// Show the details panel of the book with this id (what `ibook info` says of it).
    case details(bookID: Int)
    case suspend
    case quit
}
