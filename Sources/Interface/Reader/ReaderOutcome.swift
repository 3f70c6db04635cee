import BookLibrary
import TerminalIO

/// What the session found out doing an effect (a `ReaderEffect`), handed
/// back to the pure update (`ReaderUpdate.apply`), which alone changes the
/// state from it: the session reads and writes the library, the clipboard
/// and other programs, and never decides what the reader shows.
public enum ReaderOutcome: Sendable {
    case bookmarksLoaded([Bookmark])
    case bookmarkSaved(page: Int, created: Bool, bookmarks: [Bookmark])
    case bookmarkDeleted(page: Int, bookmarks: [Bookmark])
    case annotationsLoaded([Annotation])
    case annotationDeleted(Annotation, annotations: [Annotation])
    /// `:` was answered with this reference page.
    case located(page: Int)
    /// The search's hits, in the order of the book (view pages).
    case searched(query: String, hits: [ReaderState.SearchResults.Hit], backward: Bool)
    /// The page's words, read for `key`, which is taken again.
    case wordsLoaded(PageWords, then: Key)
    case copied(words: Int, program: String?, droppedByTmux: Bool)
    case notCopied(words: Int, bytes: Int)
    case highlighted(Annotation, query: String)
    case linkOpened(String)
    /// A link the session does not open (not a web or mail address, or no xdg-open): shown.
    case linkShown(String, reason: String?)
    /// The page now shown was recorded in the history; its label, when worth showing.
    case pageRecorded(label: String?)
    /// An effect that could not be done, in one line.
    case failed(String)
    /// What drawing measured, which decides how far the next keys scroll:
    /// the text's first line shown and the last one a screen can start at,
    case textMeasured(firstLine: Int, lastFirstLine: Int)
    /// the part of the page image on screen and how far it overflows it,
    case pageRegionShown(x: Int, y: Int, overflow: (x: Int, y: Int))
    /// and how many pages a row of the overview holds.
    case overviewMeasured(columns: Int)
}
