import BookLibrary
import Foundation
import Reader
import TerminalIO
import XCTest

/// What the session found out doing an effect goes back through the pure
/// update: the state changes there, and nowhere else.
final class ReaderOutcomeTests: XCTestCase {
    private func bookmark(_ page: Int) -> Bookmark {
        Bookmark(bookID: 1, bookTitle: "A Field Guide", page: page, label: nil, note: nil, createdAt: Date(), updatedAt: Date())
    }

    func testASearchGoesToTheFirstHitFromThePageShownAsNDoes() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 10)
        let hits = [3, 12, 30].map { ReaderState.SearchResults.Hit(page: $0, occurrence: 0) }
        let effects = ReaderUpdate.apply(.searched(query: "lantern", hits: hits, backward: false), &state)
        XCTAssertEqual(effects, [.pageChanged])
        XCTAssertEqual(state.page, 12)
        XCTAssertEqual(state.search?.current, 1)
        // Backwards (?), the last hit before it.
        var backwards = ReaderState(title: "A Field Guide", pageCount: 40, page: 10)
        _ = ReaderUpdate.apply(.searched(query: "lantern", hits: hits, backward: true), &backwards)
        XCTAssertEqual(backwards.page, 3)
        // No hits: the page stays and the status line says so.
        var none = ReaderState(title: "A Field Guide", pageCount: 40, page: 10)
        XCTAssertEqual(ReaderUpdate.apply(.searched(query: "zymurgy", hits: [], backward: false), &none), [.redraw])
        XCTAssertEqual(none.page, 10)
        XCTAssertEqual(none.message, "No matches for \"zymurgy\"")
    }

    func testBookmarksSavedAndDeletedAreShownAndTheListKeepsItsSelectionInRange() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 10)
        _ = ReaderUpdate.apply(.bookmarkSaved(page: 10, created: true, bookmarks: [bookmark(4), bookmark(10)]), &state)
        XCTAssertEqual(state.message, "Bookmarked page 10")
        XCTAssertEqual(state.bookmarks.map(\.page), [4, 10])
        _ = ReaderUpdate.apply(.bookmarkSaved(page: 10, created: false, bookmarks: [bookmark(4), bookmark(10)]), &state)
        XCTAssertEqual(state.message, "Bookmark on page 10 updated")
        state.panel = .bookmarks(selected: 1)
        _ = ReaderUpdate.apply(.bookmarkDeleted(page: 10, bookmarks: [bookmark(4)]), &state)
        XCTAssertEqual(state.message, "Deleted the bookmark on page 10")
        XCTAssertEqual(state.panel, .bookmarks(selected: 0))
    }

    func testAnAnsweredGoToMovesAndFailuresAndCopiesAreOneLine() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 10)
        XCTAssertEqual(ReaderUpdate.apply(.located(page: 25), &state), [.pageChanged])
        XCTAssertEqual(state.page, 25)
        XCTAssertEqual(ReaderUpdate.apply(.located(page: 25), &state), [.redraw])
        _ = ReaderUpdate.apply(.failed("no page labelled 'xiv'"), &state)
        XCTAssertEqual(state.message, "no page labelled 'xiv'")
        _ = ReaderUpdate.apply(.copied(words: 1, program: "wl-copy", droppedByTmux: false), &state)
        XCTAssertEqual(state.message, "Copied 1 word (and to wl-copy)")
        _ = ReaderUpdate.apply(.notCopied(words: 9000, bytes: 2_000_000), &state)
        XCTAssertTrue(state.message?.hasPrefix("Not copied: 9000 words are 1953 KB") == true, state.message ?? "")
        _ = ReaderUpdate.apply(.pageRecorded(label: "xii"), &state)
        XCTAssertEqual(state.label, "xii")
        XCTAssertNil(state.words)
    }

    func testWordsReadForAKeyAreKeptAndTheKeyIsTakenAgain() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 10)
        let words = PageWords(page: 10, text: "The stone lantern swept across the headland")
        let effects = ReaderUpdate.apply(.wordsLoaded(words, then: .character("v")), &state)
        XCTAssertEqual(state.words, words)
        XCTAssertNotEqual(effects, [.loadWords(then: .character("v"))], "the key must not ask for the words again")
    }

    func testWhatDrawingMeasuredDecidesHowFarKeysScroll() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 10)
        XCTAssertEqual(ReaderUpdate.apply(.textMeasured(firstLine: 50, lastFirstLine: 30), &state), [])
        XCTAssertEqual(state.textLine, 30, "a screen starts no lower than the last line a screen can start at")
        XCTAssertEqual(state.textLimit, 30)
        _ = ReaderUpdate.apply(.pageRegionShown(x: 0, y: 40, overflow: (x: 500, y: 900)), &state)
        XCTAssertEqual(state.scrollY, 40)
        // The page overflows sideways: l pans rather than turning the page.
        XCTAssertEqual(ReaderUpdate.handle(.character("l"), &state), [.redraw])
        XCTAssertEqual(state.page, 10)
        XCTAssertEqual(state.scrollX, state.scrollStep)
        _ = ReaderUpdate.apply(.overviewMeasured(columns: 6), &state)
        XCTAssertEqual(state.overviewColumns, 6)
    }
}
