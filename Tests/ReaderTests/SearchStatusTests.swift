import BookLibrary
import Reader
import TerminalIO
import XCTest

/// The search's place on the status line (`/lens 3/4`) is shown while its
/// hit is on the page, and leaves once the reader jumps elsewhere.
final class SearchStatusTests: XCTestCase {
    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        for key in keys { effects += ReaderUpdate.handle(key, &state) }
        return effects
    }

    private func searched() -> ReaderState {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 1)
        state.outline = [TOCEntry(title: "Preface", depth: 0, page: 3, label: "iii"),
                         TOCEntry(title: "Chapter 2", depth: 0, page: 9, label: "5")]
        state.search = .init(query: "lens", hits: [.init(page: 7, occurrence: 0), .init(page: 12, occurrence: 0),
                                                   .init(page: 12, occurrence: 1), .init(page: 30, occurrence: 0)],
                             backward: false)
        press([.character("n"), .character("n"), .character("n")], &state)
        XCTAssertEqual(state.page, 12)
        XCTAssertTrue(ReaderView.statusLine(state, columns: 120).contains("/lens 3/4"))
        return state
    }

    func testAContentsJumpClearsTheSearchPlace() {
        var state = searched()
        press([.character("t"), .character("g"), .character("j"), .enter], &state)
        XCTAssertEqual(state.page, 9)
        XCTAssertFalse(ReaderView.statusLine(state, columns: 120).contains("/lens"), ReaderView.statusLine(state, columns: 120))
        // n goes on from here, and the place comes back with the hit.
        press([.character("n")], &state)
        XCTAssertEqual(state.page, 12)
        XCTAssertTrue(ReaderView.statusLine(state, columns: 120).contains("/lens 2/4"))
    }

    func testGoingToAPageClearsTheSearchPlace() {
        var state = searched()
        press(Array("20G").map { .character($0) }, &state)
        XCTAssertFalse(ReaderView.statusLine(state, columns: 120).contains("/lens"))
        press([.control("o")], &state)
        XCTAssertEqual(state.page, 12)
        XCTAssertTrue(ReaderView.statusLine(state, columns: 120).contains("/lens 3/4"), "back on the hit's page")
        press([.character("J")], &state)
        XCTAssertFalse(ReaderView.statusLine(state, columns: 120).contains("/lens"), "a page turn leaves the hit too")
    }
}
