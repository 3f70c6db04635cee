import BookLibrary
import Reader
import TerminalIO
import XCTest

/// `a` in the reader highlights the search hit on screen, and only that.
final class HighlightKeyTests: XCTestCase {
    func testAHighlightsTheCurrentHitOnThisPage() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 5)
        XCTAssertEqual(ReaderUpdate.handle(.character("a"), &state), [.redraw])
        XCTAssertEqual(state.message, "Search with / first: a highlights the hit on screen")

        state.search = ReaderState.SearchResults(query: "quiet harbour", hits: [.init(page: 5, occurrence: 0), .init(page: 5, occurrence: 1),
                                                                               .init(page: 9, occurrence: 0)], backward: false)
        state.search?.current = 1
        XCTAssertEqual(ReaderUpdate.handle(.character("a"), &state),
                       [.highlightHit(page: 5, query: "quiet harbour", occurrence: 1), .redraw])
        // The current hit is on another page than the one shown: nothing to highlight here.
        state.search?.current = 2
        XCTAssertEqual(ReaderUpdate.handle(.character("a"), &state), [.redraw])
    }
}
