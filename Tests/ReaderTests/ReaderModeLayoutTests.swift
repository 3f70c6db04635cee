import PDF
import Reader
import TerminalIO
import XCTest

/// The arithmetic of continuous and two-page modes: which pages are in view
/// at a place in the column, how moves cross page boundaries, which pages
/// face each other; and the keys that switch modes and turn spreads.
final class ReaderModeLayoutTests: XCTestCase {
    typealias Position = ContinuousLayout.Position

    /// Pages 1000 pixels high with 20 between them, page 3 measured at 600.
    private var column: ContinuousLayout {
        var layout = ContinuousLayout(gap: 20, estimate: 1000)
        layout.heights[3] = 600
        return layout
    }

    func testTheViewShowsTheEndOfOnePageTheGapAndTheStartOfTheNext() {
        let slices = column.slices(from: Position(page: 1, offset: 700), viewHeight: 500, pageCount: 10)
        XCTAssertEqual(slices, [
            .init(page: 1, top: 700, screenY: 0, height: 300),
            .init(page: 2, top: 0, screenY: 320, height: 180),
        ])
        // A short page and the one after it both fit under the end of the one before.
        XCTAssertEqual(column.slices(from: Position(page: 2, offset: 900), viewHeight: 1000, pageCount: 10).map(\.page), [2, 3, 4])
        // Nothing past the last page.
        XCTAssertEqual(column.slices(from: Position(page: 10, offset: 800), viewHeight: 500, pageCount: 10).map(\.page), [10])
    }

    func testMovesCrossPageBoundariesBothWaysAndStopAtTheEnds() {
        let layout = column
        XCTAssertEqual(layout.moved(Position(page: 1, offset: 900), by: 150, pageCount: 10, viewHeight: 500),
                       Position(page: 2, offset: 30))
        XCTAssertEqual(layout.moved(Position(page: 2, offset: 30), by: -150, pageCount: 10, viewHeight: 500),
                       Position(page: 1, offset: 900))
        // Several pages at once, over the short one.
        XCTAssertEqual(layout.moved(Position(page: 2, offset: 0), by: 1020 + 620 + 10, pageCount: 10, viewHeight: 500),
                       Position(page: 4, offset: 10))
        XCTAssertEqual(layout.moved(Position(page: 1, offset: 100), by: -500, pageCount: 10, viewHeight: 500),
                       Position(page: 1, offset: 0))
        // The last page's bottom stops at the view's bottom…
        let end = layout.end(pageCount: 10, viewHeight: 500)
        XCTAssertEqual(end, Position(page: 10, offset: 500))
        XCTAssertEqual(layout.moved(Position(page: 9, offset: 900), by: 5000, pageCount: 10, viewHeight: 500), end)
        // …and a jump that put the view's top lower is not moved back up by a move down.
        XCTAssertEqual(layout.moved(Position(page: 10, offset: 800), by: 60, pageCount: 10, viewHeight: 500),
                       Position(page: 10, offset: 800))
    }

    func testAPlacePastAPagesEndIsOnTheNextPage() {
        XCTAssertEqual(column.normalized(Position(page: 3, offset: 650), pageCount: 10), Position(page: 4, offset: 30))
        XCTAssertEqual(column.normalized(Position(page: 4, offset: -10), pageCount: 10), Position(page: 3, offset: 610))
        XCTAssertEqual(column.normalized(Position(page: 1, offset: -10), pageCount: 10), Position(page: 1, offset: 0))
    }

    func testTheCoverStandsAloneAndThenFacingPagesPair() {
        XCTAssertEqual(SpreadLayout.pages(showing: 1, pageCount: 40), [1])
        XCTAssertEqual(SpreadLayout.pages(showing: 2, pageCount: 40), [2, 3])
        XCTAssertEqual(SpreadLayout.pages(showing: 3, pageCount: 40), [2, 3])
        XCTAssertEqual(SpreadLayout.pages(showing: 40, pageCount: 40), [40])
        XCTAssertEqual(SpreadLayout.pages(showing: 39, pageCount: 39), [38, 39])
        XCTAssertEqual(SpreadLayout.page(from: 1, steps: 1, pageCount: 40), 2)
        XCTAssertEqual(SpreadLayout.page(from: 3, steps: 2, pageCount: 40), 6)
        XCTAssertEqual(SpreadLayout.page(from: 7, steps: -3, pageCount: 40), 1)
        XCTAssertNil(SpreadLayout.page(from: 2, steps: -2, pageCount: 40))
        XCTAssertNil(SpreadLayout.page(from: 40, steps: 1, pageCount: 40))
        XCTAssertEqual(SpreadLayout.pages(showing: 1, pageCount: 1), [1])
    }

    func testTheKeptValueRoundTripsAndAnythingElseIsIgnored() {
        for mode in ViewMode.allCases {
            for fit in [ReaderState.Fit.page, .width] {
                let parsed = ViewMode.parse(ViewMode.stored(mode, fit: fit))
                XCTAssertEqual(parsed?.mode, mode)
                XCTAssertEqual(parsed?.fit, fit)
            }
        }
        XCTAssertNil(ViewMode.parse("sideways page"))
        XCTAssertNil(ViewMode.parse("continuous"))
        XCTAssertNil(ViewMode.parse(""))
    }

    func testKeysSwitchModesScrollTheColumnAndTurnBySpreads() {
        var state = ReaderState(title: "t", pageCount: 40, page: 5)
        state.screen = (800, 600)
        state.strip = ContinuousLayout(gap: 10, estimate: 1132)
        XCTAssertEqual(ReaderUpdate.handle(.character("c"), &state), [.viewModeChanged, .redraw])
        XCTAssertEqual(state.mode, .continuous)
        // Half screens of 300 pixels: the fourth crosses into page 6.
        for _ in 0..<3 { XCTAssertEqual(ReaderUpdate.handle(.control("d"), &state), [.redraw]) }
        XCTAssertEqual(state.scrollY, 900)
        XCTAssertEqual(ReaderUpdate.handle(.control("d"), &state), [.pageChanged])
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(state.scrollY, 1200 - 1142)
        XCTAssertEqual(ReaderUpdate.handle(.character("k"), &state), [.pageChanged])
        XCTAssertEqual(state.page, 5)
        // d replaces continuous with two pages; J turns a spread, K back, a count several.
        XCTAssertEqual(ReaderUpdate.handle(.character("d"), &state), [.viewModeChanged, .redraw])
        XCTAssertEqual(state.mode, .spread)
        XCTAssertEqual(ReaderUpdate.handle(.character("J"), &state), [.pageChanged])
        XCTAssertEqual(state.page, 6)
        _ = ReaderUpdate.handle(.character("2"), &state)
        _ = ReaderUpdate.handle(.character("J"), &state)
        XCTAssertEqual(state.page, 10)
        _ = ReaderUpdate.handle(.character("K"), &state)
        XCTAssertEqual(state.page, 8)
        _ = ReaderUpdate.handle(.character("g"), &state)
        _ = ReaderUpdate.handle(.character("g"), &state)
        XCTAssertEqual(ReaderUpdate.handle(.character("K"), &state), [.redraw])
        XCTAssertEqual(state.message, "This is the first page")
        // At fit page a spread fills the screen: space goes on to the next one.
        state.overflow = (0, 0)
        XCTAssertEqual(ReaderUpdate.handle(.character(" "), &state), [.pageChanged])
        XCTAssertEqual(state.page, 2)
        XCTAssertEqual(ReaderUpdate.handle(.character("d"), &state), [.viewModeChanged, .redraw])
        XCTAssertEqual(state.mode, .single)
    }

    /// A key before any page of the column was measured moves as far as
    /// with pages as tall as the one last laid out, not a page a pixel.
    func testAMoveBeforeAnyPageIsMeasuredTakesTheLastPagesHeight() {
        var state = ReaderState(title: "t", pageCount: 40, page: 2)
        state.screen = (800, 480)
        state.pageSize = (800, 1132)
        _ = ReaderUpdate.handle(.character("c"), &state)
        for _ in 0..<4 { _ = ReaderUpdate.handle(.control("d"), &state) }
        XCTAssertEqual(state.page, 2)
        XCTAssertEqual(state.scrollY, 960)
    }

    /// A hit low on its page is brought a third down the view, even where
    /// that puts the view's top past the point one page alone would stop
    /// at: below the page are the next ones.
    func testAJumpInContinuousModeBringsItsTargetAThirdDownTheView() {
        var state = ReaderState(title: "t", pageCount: 40, page: 3)
        state.screen = (800, 600)
        state.mode = .continuous
        state.reveal = .hit(occurrence: 0)
        let hit = PageRectangle(x: 0.1, y: 0.95, width: 0.2, height: 0.01)
        ContinuousScroll.laidOut(PageLayout(page: 3, width: 800, height: 1132, matches: [hit]), &state)
        XCTAssertEqual(state.scrollY, Int(0.95 * 1132) - 200)
        XCTAssertGreaterThan(state.scrollY, 1132 - 600, "past where one page alone stops")
        XCTAssertNil(state.reveal)
        // A heading already in the top third stays where it is.
        state.reveal = .position(top: 0.95)
        let before = state.scrollY
        ContinuousScroll.laidOut(PageLayout(page: 3, width: 800, height: 1132), &state)
        XCTAssertEqual(state.scrollY, before)
    }

    /// Two pages 339×480 on an 800×480 screen of 80 columns (a 10-pixel
    /// cell between them): page 2 from x 56, page 3 from x 405. A link's
    /// label goes where the link is on the page the status line names.
    func testLinksOfATwoPageSpreadAreWhereTheirPageLies() throws {
        XCTAssertEqual(SpreadLayout.origin(of: 2, image: (339, 480), screen: (800, 480), gap: 10, scrollY: 0).x, 56)
        XCTAssertEqual(SpreadLayout.origin(of: 3, image: (339, 480), screen: (800, 480), gap: 10, scrollY: 0).x, 405)
        XCTAssertEqual(SpreadLayout.origin(of: 1, image: (339, 400), screen: (800, 480), gap: 10, scrollY: 0).y, 40)
        XCTAssertEqual(SpreadLayout.origin(of: 2, image: (395, 900), screen: (800, 480), gap: 10, scrollY: 100).y, -100)
        var state = ReaderState(title: "t", pageCount: 40, page: 3)
        state.mode = .spread
        state.screen = (800, 480)
        state.screenColumns = 80
        state.pageSize = (339, 480)
        let link = PageLink(area: PageRectangle(x: 0.5, y: 0.25, width: 0.1, height: 0.05), target: .page(9, top: nil))
        let place = try XCTUnwrap(LinkHints.position(of: link, state))
        XCTAssertEqual(place.x, 405 + 169)
        XCTAssertEqual(place.y, 120)
    }
}
