import BookLibrary
import PageRendering
import PDF
import Reader
import TerminalIO
import XCTest

/// The keys of a reflowable book laid out for the screen, without a
/// terminal: `+` `-` `=` change the type size and ask for a new layout (on a
/// PDF they zoom as before), numbers name reference pages, and a new layout
/// keeps the place.
final class ReflowKeyTests: XCTestCase {
    /// Ten reference pages of 100 letters; view pages of `letters` letters each.
    private func map(letters: UInt64, fontSize: Double = 11) -> PageMap {
        PageMap(layout: RenderLayout(width: 600, height: 348, fontSize: fontSize),
                referencePositions: (0..<10).map { $0 * 100 },
                viewPositions: stride(from: 0, to: 1000, by: Int(letters)).map { UInt64($0) })
    }

    private func laidOut(page: Int = 1, map: PageMap? = nil) -> ReaderState {
        var state = ReaderState(title: "Moby-Dick", pageCount: 10, page: page)
        state.reflow = ReflowView()
        state.adopt(map ?? self.map(letters: 50))
        return state
    }

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        for key in keys { effects += ReaderUpdate.handle(key, &state) }
        return effects
    }

    func testPlusAndMinusChangeTheTypeSizeAndAskForALayout() {
        var state = laidOut()
        XCTAssertEqual(press([.character("+")], &state), [.relayout, .redraw])
        XCTAssertEqual(state.reflow?.fontSize, 12)
        XCTAssertEqual(state.zoom, 1, "type, not zoom")
        XCTAssertEqual(press([.character("-"), .character("-")], &state), [.relayout, .redraw, .relayout, .redraw])
        XCTAssertEqual(state.reflow?.fontSize, 10)
        press(Array("3+").map { .character($0) }, &state)
        XCTAssertEqual(state.reflow?.fontSize, 13, "a count repeats")
        XCTAssertEqual(press([.character("=")], &state), [.relayout, .redraw])
        XCTAssertEqual(state.reflow?.fontSize, ReflowView.defaultFontSize)
        XCTAssertEqual(press([.character("=")], &state), [.redraw], "already at 11 pt: nothing to lay out")
    }

    func testTheTypeSizeStaysWithinSixAndThirtyTwoPoints() {
        var state = laidOut()
        press(Array("40+").map { .character($0) }, &state)
        XCTAssertEqual(state.reflow?.fontSize, 32)
        XCTAssertEqual(press([.character("+")], &state), [.redraw])
        XCTAssertEqual(state.message, "The type is at its largest (32 pt)")
        press(Array("40-").map { .character($0) }, &state)
        XCTAssertEqual(state.reflow?.fontSize, 6)
        XCTAssertEqual(press([.character("-")], &state), [.redraw])
        XCTAssertEqual(state.message, "The type is at its smallest (6 pt)")
    }

    func testOnAPDFPlusAndMinusStillZoom() {
        var state = ReaderState(title: "Lighthouses", pageCount: 40, page: 3)
        XCTAssertEqual(press([.character("+")], &state), [.redraw])
        XCTAssertEqual(state.zoom, 1.25)
        XCTAssertEqual(press([.character("-"), .character("-")], &state), [.redraw, .redraw])
        XCTAssertEqual(state.zoom, 0.8, accuracy: 1e-9)
        XCTAssertEqual(press([.character("=")], &state), [.redraw])
        XCTAssertEqual(state.zoom, 1)
        XCTAssertNil(state.reflow)
    }

    func testTheFirstLayoutOpensWhereTheReferencePageStarts() {
        let state = laidOut(page: 4)
        XCTAssertEqual(state.pageCount, 20)
        XCTAssertEqual(state.page, 7, "reference page 4 starts at letter 300, on view page 7")
        XCTAssertEqual(state.referencePage, 4)
    }

    func testNumbersNameReferencePages() {
        var state = laidOut()
        XCTAssertEqual(press(Array("6G").map { .character($0) }, &state).last, .pageChanged)
        XCTAssertEqual(state.page, 11)
        XCTAssertEqual(state.referencePage, 6)
        press([.character("g"), .character("g")], &state)
        XCTAssertEqual(state.page, 1)
        press([.character("G")], &state)
        XCTAssertEqual(state.page, 20, "G alone is the last view page")
        XCTAssertEqual(state.referencePage, 10)
        press([.character("B")], &state)
        XCTAssertEqual(state.prompt?.kind, .bookmarkNote(page: 10), "bookmarks are kept in reference pages")
    }

    func testAViewPageHoldingSeveralReferencePagesShowsTheOneAskedFor() {
        // View pages of 250 letters: page 2 holds the starts of reference pages 4 (300) and 5 (400).
        var state = laidOut(map: map(letters: 250))
        press(Array("5G").map { .character($0) }, &state)
        XCTAssertEqual(state.page, 2)
        XCTAssertEqual(state.referencePage, 5)
        press([.character("K")], &state)
        press([.character("J")], &state)
        XCTAssertEqual(state.referencePage, 4, "turned to, the page stands for the first reference page starting on it")
    }

    func testANewLayoutShowsThePageHoldingTheOldTop() {
        var state = laidOut()
        press(Array("7J").map { .character($0) }, &state)
        XCTAssertEqual(state.page, 8)
        press(Array("ma").map { .character($0) }, &state)
        // Larger type: pages of 20 letters. The old page 8 began at letter 350, now on page 18.
        state.adopt(map(letters: 20, fontSize: 12))
        XCTAssertEqual(state.pageCount, 50)
        XCTAssertEqual(state.page, 18)
        XCTAssertEqual(state.marks["a"]?.page, 18, "marks move with the place too")
    }

    /// The worker's links lead to pages of the layout they came with: a new layout drops them,
    /// and the labels showing them, until its own pages bring theirs.
    func testANewLayoutDropsTheOldLayoutsLinks() {
        var state = laidOut(page: 3)
        let link = PageLink(area: PageRectangle(x: 0.1, y: 0.1, width: 0.2, height: 0.05), target: .page(7, top: nil))
        state.links = (state.page, [link])
        state.viewLinks = [4: [link]]
        XCTAssertEqual(press([.character("f")], &state), [.redraw])
        XCTAssertTrue(ReaderView.statusLine(state, columns: 80).contains("a page 7"),
                      "a screen page, as the status line names them: its p. is the book's own")
        state.adopt(map(letters: 20, fontSize: 12))
        XCTAssertNil(state.hints)
        XCTAssertTrue(state.links.links.isEmpty)
        XCTAssertTrue(state.viewLinks.isEmpty)
        press([.character("f")], &state)
        XCTAssertEqual(state.message, "No links on screen")
    }

    func testTheStatusLineSaysTheViewPageAndTheReferencePage() {
        var state = laidOut(page: 4)
        state.reflow?.fontSize = 14
        let status = ReaderView.statusLine(state, columns: 100)
        XCTAssertTrue(status.contains("page 7 of 20 · p. 4 of 10 · 31%"), status)
        XCTAssertTrue(status.contains("14 pt"), status)
    }

    func testPageMapsFindTheViewPageHoldingAPlace() {
        let map = map(letters: 30)
        XCTAssertEqual(map.viewPage(ofReference: 1), 1)
        XCTAssertEqual(map.viewPage(ofReference: 2), 4, "letter 100 is on the page starting at 90")
        XCTAssertEqual(map.referencePage(ofView: 4), 2, "reference page 2 starts on view page 4")
        XCTAssertEqual(map.referencePage(ofView: 5), 2, "none starts on view page 5 (120-149): its top is in page 2")
        XCTAssertEqual(map.viewPage(holding: 999_999), map.viewPageCount)
    }
}

extension ReflowKeyTests {
    func testASearchHitShowsTheReferencePageItWasFoundOn() {
        // View pages of 250 letters: reference pages 4 and 5 both start on view page 2.
        var state = laidOut(map: map(letters: 250))
        var search = ReaderState.SearchResults(query: "whale", hits: [.init(page: 2, occurrence: 0, reference: 5)], backward: false)
        search.current = nil
        state.search = search
        XCTAssertEqual(ReaderUpdate.handle(.character("n"), &state), [.pageChanged])
        XCTAssertEqual(state.page, 2)
        XCTAssertEqual(state.referencePage, 5)
    }
}

extension ReflowKeyTests {
    func testPagesWithoutLettersPairOffInOrder() {
        // A cover and a picture page start where the text does, in both layouts.
        let map = PageMap(layout: RenderLayout(width: 600, height: 348, fontSize: 11),
                          referencePositions: [0, 0, 0, 100], viewPositions: [0, 0, 0, 50, 100, 150])
        XCTAssertEqual((1...4).map(map.viewPage(ofReference:)), [1, 2, 3, 5])
        XCTAssertEqual((1...6).map(map.referencePage(ofView:)), [1, 2, 3, 3, 4, 4])
        let fewer = PageMap(layout: map.layout, referencePositions: [0, 0, 100], viewPositions: [0, 100])
        XCTAssertEqual((1...3).map(fewer.viewPage(ofReference:)), [1, 1, 2])
    }
}

extension ReflowKeyTests {
    func testANewLayoutKeepsTheCoverOnTheCover() {
        let layout = RenderLayout(width: 600, height: 348, fontSize: 11)
        var state = laidOut(map: PageMap(layout: layout, referencePositions: [0, 0, 100], viewPositions: [0, 0, 50, 100]))
        XCTAssertEqual(state.page, 1)
        state.adopt(PageMap(layout: RenderLayout(width: 600, height: 348, fontSize: 14), referencePositions: [0, 0, 100],
                            viewPositions: [0, 0, 30, 60, 90, 100]))
        XCTAssertEqual(state.page, 1, "the cover, not the first page of text starting at the same place")
    }
}
