import BookLibrary
import Foundation
import PDF
import Reader
import TerminalIO
import TestSupport
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

    /// `a` again on a hit already highlighted makes no second highlight.
    /// The hit's box is poppler's, on lighthouses.pdf page 7; the highlight
    /// over it has its boxes in points, as `ibook highlight` stores them.
    func testASecondAOnTheSameHitMakesNoSecondHighlight() throws {
        let document = try PDFDocument(path: Fixtures.sampleBook("lighthouses.pdf"), password: nil)
        let page = try XCTUnwrap(document.page(at: 6))
        let boxes = page.find("lens")
        XCTAssertGreaterThan(boxes.count, 2)
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 7)
        state.search = ReaderState.SearchResults(query: "lens", hits: boxes.indices.map { .init(page: 7, occurrence: $0) }, backward: false)
        state.search?.current = 1
        ReaderScroll.laidOut(PageLayout(page: 7, width: 595, height: 842, matches: boxes), &state)
        XCTAssertEqual(ReaderUpdate.handle(.character("a"), &state), [.highlightHit(page: 7, query: "lens", occurrence: 1), .redraw])

        // What the session adds once the highlight is made: over hit 1.
        let size = page.size, hit = boxes[1]
        let stored: [String: Any] = [
            "id": 41, "bookID": 1, "bookTitle": "A Field Guide", "page": 7, "kind": "highlight", "source": "ibook", "text": "lens",
            "boxes": [["x1": hit.x * size.width, "y1": hit.y * size.height,
                       "x2": (hit.x + hit.width) * size.width, "y2": (hit.y + hit.height) * size.height]],
            "pageWidth": size.width, "pageHeight": size.height,
        ]
        let made = try JSONDecoder().decode(Annotation.self, from: JSONSerialization.data(withJSONObject: stored))
        state.annotations.append(made)
        XCTAssertEqual(ReaderUpdate.handle(.character("a"), &state), [.redraw])
        XCTAssertEqual(state.message, "Already highlighted (#41)")
        // Another hit of the same word on the page is still free to highlight.
        state.search?.current = 2
        XCTAssertEqual(ReaderUpdate.handle(.character("a"), &state), [.highlightHit(page: 7, query: "lens", occurrence: 2), .redraw])
    }
}
