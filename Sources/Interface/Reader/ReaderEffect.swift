import TerminalIO

/// What an update asks the session to do beyond changing the state.
public enum ReaderEffect: Equatable, Sendable {
    /// The page changed: record it in the history, look up its label, render it.
    case pageChanged
    /// Same page, different view (zoom, rotation, colours, scroll, a panel).
    case redraw
    /// `:` was answered: a page number or label for the session to resolve.
    case goTo(String)
    case search(String, backward: Bool)
    case saveBookmark(page: Int, note: String?)
    case deleteBookmark(page: Int)
    /// A link's address: show it, and open it with xdg-open where there is one.
    case openURI(String)
    /// Highlight the search hit on screen: its page, the query and which occurrence on the page.
    case highlightHit(page: Int, query: String, occurrence: Int)
    /// The mode or the fit changed: keep them for the book's next opening.
    case viewModeChanged
    /// A laid-out book's type size changed: lay it out again, keeping the place.
    case relayout
    /// Read the words of the page shown into `words`, then take the key again.
    case loadWords(then: Key)
    /// Put the text on the clipboard (`count` words of the page).
    case copy(String, words: Int)
    /// The bookmarks list is about to be shown.
    case loadBookmarks
    /// The highlights and notes list is about to be shown: read them again,
    /// as `ibook note` may have added one while the book was open.
    case loadAnnotations
    case deleteAnnotation(id: Int)
    case suspend
    case quit
}
