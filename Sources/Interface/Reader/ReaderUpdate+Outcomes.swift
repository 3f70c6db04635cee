import BookLibrary
import TerminalIO

extension ReaderUpdate {
    /// The state after the session did an effect and found `outcome`; the
    /// effects that follow from it.
    public static func apply(_ outcome: ReaderOutcome, _ state: inout ReaderState) -> [ReaderEffect] {
        switch outcome {
        case .bookmarksLoaded(let bookmarks):
            state.bookmarks = bookmarks
            keepBookmarkSelection(&state)
        case .bookmarkSaved(let page, let created, let bookmarks):
            state.message = created ? "Bookmarked page \(page)" : "Bookmark on page \(page) updated"
            state.bookmarks = bookmarks
            keepBookmarkSelection(&state)
        case .bookmarkDeleted(let page, let bookmarks):
            state.message = "Deleted the bookmark on page \(page)"
            state.bookmarks = bookmarks
            keepBookmarkSelection(&state)
        case .annotationsLoaded(let annotations):
            state.annotations = annotations
            keepNoteSelection(&state)
        case .annotationDeleted(let annotation, let annotations):
            state.message = "Deleted #\(annotation.id)" + (annotation.text.map { ": “\($0)”" } ?? "")
            state.annotations = annotations
            keepNoteSelection(&state)
        case .located(let page):
            let before = state.referencePage
            if state.jump(toReference: page) || state.referencePage != before { return [.pageChanged] }
        case .searched(let query, let hits, let backward):
            state.search = ReaderState.SearchResults(query: query, hits: hits, backward: backward)
            // The first hit from here on, as `n` finds it.
            return nextHit(forward: true, 1, &state)
        case .wordsLoaded(let words, let key):
            state.words = words
            return handle(key, &state)
        case .copied(let words, let program, let droppedByTmux):
            state.message = "Copied \(count(words))" + (program.map { " (and to \($0))" } ?? "")
                + (droppedByTmux ? ", but tmux drops it: " + ClipboardSequence.tmuxAdvice : "")
        case .notCopied(let words, let bytes):
            state.message = "Not copied: \(count(words)) are \(bytes / 1_024) KB, more than a terminal's clipboard takes "
                + "(\(ClipboardSequence.maximumTextBytes / 1_024) KB)"
        case .highlighted(let annotation, let query):
            state.annotations.append(annotation)
            state.message = "Highlighted “\(annotation.text ?? query)” (#\(annotation.id))"
        case .linkOpened(let uri):
            state.message = "Opening \(uri)"
        case .linkShown(let uri, let reason):
            state.message = "Link: \(uri)" + (reason.map { " (\($0))" } ?? "")
        case .pageRecorded(let label):
            // Read again when next needed: a laid-out book's screen page may now stand for another page of the book.
            state.words = nil
            state.label = label
        case .failed(let reason):
            state.message = reason
        case .textMeasured(let first, let last):
            state.textLimit = max(0, last)
            state.textLine = min(max(0, first), state.textLimit)
            return []
        case .pageRegionShown(let x, let y, let overflow):
            state.overflow = overflow
            state.scrollX = x
            state.scrollY = y
            return []
        case .overviewMeasured(let columns):
            state.overviewColumns = columns
            return []
        }
        return [.redraw]
    }

    private static func count(_ words: Int) -> String { words == 1 ? "1 word" : "\(words) words" }

    private static func keepNoteSelection(_ state: inout ReaderState) {
        if case .notes(let selected) = state.panel {
            state.panel = .notes(selected: max(0, min(selected, state.annotations.count - 1)))
        }
    }

    private static func keepBookmarkSelection(_ state: inout ReaderState) {
        if case .bookmarks(let selected) = state.panel {
            state.panel = .bookmarks(selected: max(0, min(selected, state.bookmarks.count - 1)))
        }
    }
}
