import PDF
import Reader
import TerminalIO
import XCTest

/// Links of every page in view in continuous and two-page mode: each placed
/// where its own page is drawn, labelled in reading order, followed by its
/// label or a click whichever page it is on.
final class ViewLinksTests: XCTestCase {
    private func link(_ target: PageLink.Target, x: Double = 0.1, y: Double, text: String = "") -> PageLink {
        PageLink(area: PageRectangle(x: x, y: y, width: 0.3, height: 0.02), target: target, text: text)
    }

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        keys.flatMap { ReaderUpdate.handle($0, &state) }
    }

    /// Pages 800×1000 stacked 20 pixels apart on an 800×600 screen of 80
    /// columns and 30 rows (10×20 cells), the view 700 pixels down page 1:
    /// page 1's last 300 rows, the gap, then page 2 from y 320.
    private func column() -> ReaderState {
        var state = ReaderState(title: "Linked Manual", pageCount: 10, page: 1)
        state.mode = .continuous
        state.screen = (800, 600)
        state.screenColumns = 80
        state.textRows = 30
        state.strip = ContinuousLayout(gap: 20, estimate: 1000)
        state.pageSize = (800, 1000)
        state.viewSizes = [2: (800, 1000), 3: (800, 1000)]
        state.scrollY = 700
        state.links = (1, [link(.page(7, top: nil), y: 0.1), link(.page(5, top: 0.5), y: 0.8)])
        state.viewLinks = [2: [link(.page(9, top: 0.25), y: 0.1), link(.uri("https://example.org"), y: 0.5)],
                           3: [link(.page(4, top: nil), y: 0.1)]]
        return state
    }

    func testLinksOfTwoStackedPagesAreWhereEachPageIsInTheColumn() throws {
        let state = column()
        XCTAssertEqual(LinkHints.pagesInView(state), [1, 2])
        let bottomOfOne = try XCTUnwrap(LinkHints.position(of: state.links.links[1], onPage: 1, state))
        XCTAssertEqual(bottomOfOne.x, 80)
        XCTAssertEqual(bottomOfOne.y, 800 - 700)
        XCTAssertEqual(bottomOfOne.right, 80 + 240)
        XCTAssertEqual(bottomOfOne.bottom, 100 + 20)
        let topOfTwo = try XCTUnwrap(LinkHints.position(of: state.viewLinks[2]![0], onPage: 2, state))
        XCTAssertEqual(topOfTwo.y, 320 + 100, "page 2 starts under page 1's end and the gap")
        XCTAssertEqual(topOfTwo.x, 80)
        let lowerOnTwo = try XCTUnwrap(LinkHints.position(of: state.viewLinks[2]![1], onPage: 2, state))
        XCTAssertEqual(lowerOnTwo.y, 320 + 500, "below the screen's bottom")
        XCTAssertNil(LinkHints.position(of: state.viewLinks[3]![0], onPage: 3, state), "page 3 is not in view")
    }

    func testLabelsRunDownTheColumnAndALabelOnTheSecondPageIsFollowed() {
        var state = column()
        press([.character("f")], &state)
        // Page 1's first link is scrolled past, page 2's second is below the screen, page 3 is not in view.
        XCTAssertEqual(state.hints?.hints.map(\.label), ["a", "s"])
        XCTAssertEqual(state.hints?.hints.map(\.page), [1, 2])
        XCTAssertEqual(state.hints?.hints.map(\.link.target), [.page(5, top: 0.5), .page(9, top: 0.25)])
        XCTAssertEqual(press([.character("s")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 9)
        XCTAssertEqual(state.reveal, .position(top: 0.25))
        XCTAssertEqual(state.back, [1])
        press([.control("o")], &state)
        XCTAssertEqual(state.page, 1)
    }

    func testAClickOnALinkOfTheSecondPageFollowsIt() {
        var state = column()
        // Column 20 is x 190–200, row 22 is y 420–440: page 2's first link.
        XCTAssertEqual(press([.mouse(MouseEvent(button: .left, column: 20, row: 22)),
                              .mouse(MouseEvent(button: .left, pressed: false, column: 20, row: 22))], &state), [.pageChanged])
        XCTAssertEqual(state.page, 9)
        XCTAssertEqual(state.back, [1])
    }

    /// Pages 2 and 3 of 339×480 on an 800×480 screen of 80 columns: page 2
    /// from x 56, page 3 from x 405 (a 10-pixel cell between them).
    private func spread() -> ReaderState {
        var state = ReaderState(title: "Linked Manual", pageCount: 10, page: 2)
        state.mode = .spread
        state.screen = (800, 480)
        state.screenColumns = 80
        state.textRows = 24
        state.pageSize = (339, 480)
        state.viewSizes = [3: (339, 480)]
        state.links = (2, [link(.page(6, top: nil), x: 0.5, y: 0.5, text: "Left link")])
        state.viewLinks = [3: [link(.page(8, top: nil), x: 0.5, y: 0.25, text: "Right link")]]
        return state
    }

    func testBothPagesOfASpreadHaveTheirLinksInTheirOwnColumn() throws {
        var state = spread()
        XCTAssertEqual(LinkHints.pagesInView(state), [2, 3])
        let left = try XCTUnwrap(LinkHints.position(of: state.links.links[0], onPage: 2, state))
        XCTAssertEqual(left.x, 56 + 169)
        XCTAssertEqual(left.y, 240)
        let right = try XCTUnwrap(LinkHints.position(of: state.viewLinks[3]![0], onPage: 3, state))
        XCTAssertEqual(right.x, 405 + 169)
        XCTAssertEqual(right.y, 120)
        press([.character("f")], &state)
        // The left page before the right, though the right page's link is higher.
        XCTAssertEqual(state.hints?.hints.map(\.page), [2, 3])
        XCTAssertEqual(state.hints?.hints.map(\.label), ["a", "s"])
        XCTAssertEqual(press([.character("s")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 8)
    }

    func testTextModeLabelsEachPagesLinksInItsOwnText() {
        var state = spread()
        state.textMode = true
        state.pageSize = (0, 0)
        state.viewSizes = [:]
        press([.character("f")], &state)
        let hints = try! XCTUnwrap(state.hints)
        XCTAssertEqual(hints.hints.map(\.label), ["a", "s"])
        XCTAssertEqual(LinkHints.labelled("See the Left link.", hints, page: 2), "See the [a]Left link.")
        XCTAssertEqual(LinkHints.labelled("See the Right link.", hints, page: 3), "See the [s]Right link.")
        XCTAssertEqual(LinkHints.labelled("See the Right link.", hints, page: 2), "See the Right link.", "not page 2's link")
    }

    func testOnePageModeIgnoresOtherPagesLinks() {
        var state = column()
        state.mode = .single
        state.scrollY = 0
        state.overflow = (0, 400)
        press([.character("f")], &state)
        XCTAssertEqual(state.hints?.hints.map(\.link.target), [.page(7, top: nil)])
    }
}
