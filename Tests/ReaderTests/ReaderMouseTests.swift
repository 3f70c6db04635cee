import PDF
import Reader
import TerminalIO
import XCTest

/// The mouse on the reader's page: the wheel as j/k, clicks on the thirds as K/J.
final class ReaderMouseTests: XCTestCase {
    private func reader(pages: Int = 40, at page: Int = 1) -> ReaderState {
        var state = ReaderState(title: "A Field Guide", pageCount: pages, page: page)
        state.screenColumns = 90
        state.textRows = 29
        return state
    }

    private func click(_ column: Int, _ row: Int) -> Key { .mouse(MouseEvent(button: .left, column: column, row: row)) }
    private func release(_ column: Int, _ row: Int) -> Key { .mouse(MouseEvent(button: .left, pressed: false, column: column, row: row)) }

    /// A click as a terminal reports it: the press, then the release in the
    /// same cell, which is when the reader acts (a press may become a drag).
    private func tap(_ column: Int, _ row: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        XCTAssertEqual(ReaderUpdate.handle(click(column, row), &state), [], "nothing happens on the press")
        return ReaderUpdate.handle(release(column, row), &state)
    }

    func testClicksOnTheLeftAndRightThirdsTurnPages() {
        var state = reader(at: 5)
        XCTAssertEqual(tap(80, 10, &state), [.pageChanged])
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(ReaderUpdate.handle(release(80, 10), &state), [], "a release does nothing")
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(tap(1, 1, &state), [.pageChanged])
        XCTAssertEqual(state.page, 5)
        XCTAssertEqual(tap(30, 29, &state), [.pageChanged], "column 30 is the left third's last")
        XCTAssertEqual(state.page, 4)
        XCTAssertEqual(tap(61, 3, &state), [.pageChanged], "column 61 the right third's first")
        XCTAssertEqual(state.page, 5)
        XCTAssertEqual(tap(31, 10, &state), [], "the middle third")
        XCTAssertEqual(tap(60, 10, &state), [])
        XCTAssertEqual(tap(80, 30, &state), [], "the status line")
        XCTAssertEqual(ReaderUpdate.handle(.mouse(MouseEvent(button: .right, column: 80, row: 10)), &state), [])
        XCTAssertEqual(state.page, 5)
    }

    /// A click on a link follows it, as its `f` hint would; a click beside it turns the page as before.
    func testAClickOnALinkFollowsItAndCtrlOComesBack() {
        var state = reader(at: 5)
        state.screen = (width: 900, height: 580)
        state.pageSize = (width: 900, height: 580)
        // A link across the left third, a fifth of the way down: cells 1-30, rows 5-7 of 29.
        state.links = (5, [PageLink(area: PageRectangle(x: 0.0, y: 0.2, width: 0.3, height: 0.03),
                                    target: .page(30, top: nil), text: "see chapter 9")])
        XCTAssertEqual(tap(10, 7, &state), [.pageChanged])
        XCTAssertEqual(state.page, 30, "followed, not turned back")
        XCTAssertEqual(state.back, [5])
        _ = ReaderUpdate.handle(.control("o"), &state)
        XCTAssertEqual(state.page, 5)
        XCTAssertEqual(tap(10, 20, &state), [.pageChanged], "below the link, the left third turns back")
        XCTAssertEqual(state.page, 4)
    }

    func testClicksStopAtTheEndsAsKeysDo() {
        var state = reader(pages: 2, at: 1)
        _ = tap(2, 2, &state)
        XCTAssertEqual(state.message, "This is the first page")
        _ = tap(89, 2, &state)
        _ = tap(89, 2, &state)
        XCTAssertEqual(state.page, 2)
        XCTAssertEqual(state.message, "This is the last page")
    }

    func testTheWheelScrollsThreeRowsAsJAndKDo() {
        var byWheel = reader(), byKeys = reader()
        byWheel.overflow = (x: 0, y: 2_000)
        byKeys.overflow = (x: 0, y: 2_000)
        let wheelDown = Key.mouse(MouseEvent(button: .wheelDown, column: 40, row: 10))
        let wheelUp = Key.mouse(MouseEvent(button: .wheelUp, column: 40, row: 10))
        _ = ReaderUpdate.handle(.character("3"), &byKeys)
        XCTAssertEqual(ReaderUpdate.handle(wheelDown, &byWheel), ReaderUpdate.handle(.character("j"), &byKeys))
        XCTAssertEqual(byWheel.scrollY, 3 * byWheel.scrollStep)
        XCTAssertEqual(byWheel.scrollY, byKeys.scrollY)
        _ = ReaderUpdate.handle(wheelUp, &byWheel)
        XCTAssertEqual(byWheel.scrollY, 0)
        // Past the bottom of the page, the wheel goes on to the next as j does.
        var atEnd = reader()
        for _ in 0..<40 { _ = ReaderUpdate.handle(wheelDown, &atEnd) }
        var keysAtEnd = reader()
        for _ in 0..<120 { _ = ReaderUpdate.handle(.character("j"), &keysAtEnd) }
        XCTAssertEqual(atEnd.page, keysAtEnd.page)
        XCTAssertEqual(atEnd.scrollY, keysAtEnd.scrollY)
    }

    func testNothingButKeysWhileChoosingALinkTypingOrInAPanel() {
        var state = reader(at: 5)
        state.hints = LinkHints([])
        XCTAssertEqual(tap(80, 10, &state), [])
        XCTAssertEqual(ReaderUpdate.handle(.mouse(MouseEvent(button: .wheelDown, column: 80, row: 10)), &state), [])
        XCTAssertNotNil(state.hints, "the link hints stay")
        state.hints = nil
        _ = ReaderUpdate.handle(.character(":"), &state)
        XCTAssertEqual(tap(80, 10, &state), [])
        XCTAssertNotNil(state.prompt, "the prompt stays")
        state.prompt = nil
        state.panel = .help
        XCTAssertEqual(tap(80, 10, &state), [])
        XCTAssertEqual(state.panel, .help)
        XCTAssertEqual(state.page, 5)
    }
}
