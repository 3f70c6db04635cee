/// What the text typed on the status line is for; each kind ends in its own effect.
public enum ShelfPromptKind: Equatable, Sendable {
    /// A `list` query that filters the shelf (`/`).
    case filter
    /// Words searched in the text of every book (`?`).
    case search
    /// y or n: remove the selected book from the library (`d`).
    case confirmRemove(bookID: Int, title: String)
    /// The selected book's title, then its author (`e`).
    case editTitle(bookID: Int)
    case editAuthor(bookID: Int, title: String)
    /// +tag and -tag words for the selected book (`t`).
    case tags(bookID: Int)
}
