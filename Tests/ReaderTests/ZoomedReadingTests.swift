import BookLibrary
import Foundation
import PDF
import Reader
import TerminalIO
import TestSupport
import XCTest

/// Reading a page taller than the screen (fit width, zoomed): keys scroll by
/// lines, half screens and screens, cross to the next page only from the
/// end of this one, and a jump brings its hit or heading into view. Page
/// sizes and hit boxes come from real PDFs through poppler.
final class ZoomedReadingTests: XCTestCase {
    private let screen = (width: 800, height: 600)

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        for key in keys { effects += ReaderUpdate.handle(key, &state) }
        return effects
    }

    private func type(_ text: String) -> [Key] { text.map { .character($0) } }

    /// lighthouses.pdf, A4, laid out 800 pixels wide as the session would: 1132 high.
    private func lighthouses() throws -> PDFDocument {
        try PDFDocument(path: Fixtures.sampleBook("lighthouses.pdf"), password: nil)
    }

    private func layout(_ document: PDFDocument, _ state: ReaderState, find query: String? = nil) throws -> PageLayout {
        let page = try XCTUnwrap(document.page(at: state.page - 1))
        let size = page.pixelSize(fittingWidth: screen.width, height: 8192)
        return PageLayout(page: state.page, width: size.width, height: size.height, matches: query.map(page.find) ?? [])
    }

    private func fitWidth(at page: Int, _ document: PDFDocument) throws -> ReaderState {
        var state = ReaderState(title: "A Field Guide", pageCount: document.pageCount, page: page)
        state.screen = screen
        press([.character("w")], &state)
        ReaderScroll.laidOut(try layout(document, state), &state)
        return state
    }

    func testSpaceScrollsAScreenAndTurnsOnlyFromTheEndOfThePage() throws {
        let document = try lighthouses()
        var state = try fitWidth(at: 5, document)
        let overflow = state.overflow.y
        XCTAssertGreaterThan(overflow, 400, "an A4 page 800 pixels wide is taller than 600")
        XCTAssertEqual(press([.character(" ")], &state), [.redraw])
        XCTAssertEqual(state.page, 5, "the unseen bottom of the page comes first")
        XCTAssertEqual(state.scrollY, overflow)
        XCTAssertEqual(press([.pageDown], &state), [.pageChanged])
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(state.scrollY, 0)
        ReaderScroll.laidOut(try layout(document, state), &state)
        // Back: the previous page from its bottom, then up a screen less a line.
        XCTAssertEqual(press([.character("b")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 5)
        ReaderScroll.laidOut(try layout(document, state), &state)
        XCTAssertEqual(state.scrollY, overflow)
        press([.shiftSpace], &state)
        XCTAssertEqual(state.scrollY, max(0, overflow - (screen.height - state.scrollStep)))
        XCTAssertEqual(state.page, 5)
    }

    func testAScreenKeepsALineOfTheLastInView() throws {
        var state = try fitWidth(at: 5, try lighthouses())
        state.screen = (800, 300)
        ReaderScroll.laidOut(try layout(try lighthouses(), state), &state)
        press([.character(" ")], &state)
        XCTAssertEqual(state.scrollY, 300 - state.scrollStep)
        XCTAssertLessThan(state.scrollY, 300, "what was the last line on screen is now the first")
    }

    func testHalfScreensLinesAndCounts() throws {
        let document = try lighthouses()
        var state = try fitWidth(at: 5, document)
        // About a line of text: A4 body text is 14 points leading on 842.
        XCTAssertEqual(state.scrollStep, 1132 / 50)
        press([.control("d")], &state)
        XCTAssertEqual(state.scrollY, 300)
        press([.control("u")], &state)
        XCTAssertEqual(state.scrollY, 0)
        press([.character("j")], &state)
        XCTAssertEqual(state.scrollY, state.scrollStep)
        press(type("5j"), &state)
        XCTAssertEqual(state.scrollY, 6 * state.scrollStep)
        press(type("2k"), &state)
        XCTAssertEqual(state.scrollY, 4 * state.scrollStep)
        // A count runs over the end of the page: to its end, then over.
        press(type("3"), &state)
        XCTAssertEqual(press([.control("d")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(state.scrollY, 0)
        ReaderScroll.laidOut(try layout(document, state), &state)
        press(type(" "), &state)
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(state.scrollY, state.overflow.y)
        // J and K are page keys: the next page's top, whatever is left of this one.
        press(type("k"), &state)
        XCTAssertEqual(press([.character("J")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 7)
        XCTAssertEqual(state.scrollY, 0)
    }

    func testAtFitPageAScreenIsAPageAndCountsCount() throws {
        let document = try lighthouses()
        var state = ReaderState(title: "A Field Guide", pageCount: document.pageCount, page: 5)
        state.screen = screen
        let page = try XCTUnwrap(document.page(at: 4))
        let size = page.pixelSize(fittingWidth: screen.width, height: screen.height)
        ReaderScroll.laidOut(PageLayout(page: 5, width: size.width, height: size.height), &state)
        XCTAssertEqual(state.overflow.y, 0)
        XCTAssertEqual(press(type("5j"), &state).last, .pageChanged)
        XCTAssertEqual(state.page, 10)
        press(type("3 "), &state)
        XCTAssertEqual(state.page, 13)
        press([.control("u")], &state)
        XCTAssertEqual(state.page, 12)
        press(type("2"), &state)
        press([.control("d")], &state)
        XCTAssertEqual(state.page, 14)
    }

    func testASearchHitOffScreenIsScrolledToAThirdFromTheTop() throws {
        let document = try lighthouses()
        var state = try fitWidth(at: 1, document)
        // "lens" on page 7: eleven hits, the last 59% down the page — below a 600-pixel screen at 800 wide.
        let boxes = try XCTUnwrap(document.page(at: 6)).find("lens")
        XCTAssertEqual(boxes.count, 11)
        state.search = ReaderState.SearchResults(query: "lens", hits: (0..<11).map { .init(page: 7, occurrence: $0) }, backward: false)
        XCTAssertEqual(press([.character("n")], &state), [.pageChanged])
        ReaderScroll.laidOut(try layout(document, state, find: "lens"), &state)
        XCTAssertEqual(state.scrollY, 0, "the first hit, 20% down, is on screen as the page opens")
        press(type("10n"), &state)
        XCTAssertEqual(state.search?.current, 10)
        XCTAssertEqual(state.reveal, .hit(occurrence: 10))
        let layout = try layout(document, state, find: "lens")
        ReaderScroll.laidOut(layout, &state)
        let top = Int(boxes[10].y * Double(layout.height)), bottom = Int((boxes[10].y + boxes[10].height) * Double(layout.height))
        XCTAssertGreaterThan(bottom, screen.height, "the hit was below the screen")
        XCTAssertEqual(state.scrollY, top - screen.height / 3)
        XCTAssertTrue(top >= state.scrollY && bottom <= state.scrollY + screen.height)
        // Back to the first hit: up again, since it is above the screen now.
        press([.character("n")], &state)
        ReaderScroll.laidOut(try self.layout(document, state, find: "lens"), &state)
        XCTAssertEqual(state.scrollY, Int(boxes[0].y * Double(layout.height)) - screen.height / 3)
        XCTAssertEqual(state.message, "Search wrapped to the first page")
    }

    func testAHitOnATurnedPageIsFoundWhereTheTurnPutsIt() throws {
        let document = try lighthouses()
        var state = try fitWidth(at: 7, document)
        press([.character("r"), .character("r")], &state)
        let boxes = try XCTUnwrap(document.page(at: 6)).find("lens")
        state.search = ReaderState.SearchResults(query: "lens", hits: [.init(page: 7, occurrence: 0)], backward: false)
        press([.character("n")], &state)
        let layout = try layout(document, state, find: "lens")
        ReaderScroll.laidOut(layout, &state)
        // Upside down, 20% from the top is 78% from it (less the box's own height).
        let top = Int((1 - boxes[0].y - boxes[0].height) * Double(layout.height))
        XCTAssertEqual(state.scrollY, min(state.overflow.y, top - screen.height / 3))
        XCTAssertGreaterThan(state.scrollY, 0)
    }

    func testAContentsEntryLandsOnItsHeading() throws {
        // A heading halfway down its page, its outline entry pointing at it.
        var pdf = RawPDF()
        pdf.set(1, "<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>")
        pdf.set(2, "<< /Type /Pages /Kids [3 0 R 8 0 R] /Count 2 >>")
        pdf.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>")
        pdf.setStream(4, data: Array("BT /F1 11 Tf 72 720 Td (The keeper's year) Tj ET BT /F1 18 Tf 72 400 Td (Lamp Rooms) Tj ET".utf8))
        pdf.set(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        pdf.set(6, "<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>")
        pdf.set(7, "<< /Title (Lamp Rooms) /Parent 6 0 R /Dest [3 0 R /XYZ 0 420 0] >>")
        pdf.set(8, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 9 0 R /Resources << /Font << /F1 5 0 R >> >> >>")
        pdf.setStream(9, data: Array("BT /F1 11 Tf 72 720 Td (Second page) Tj ET".utf8))
        let folder = try Fixtures.temporaryDirectory("outline-top")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("lamps.pdf")
        try pdf.write(to: url)
        let document = try PDFDocument(path: url.path, password: nil)
        let entry = try XCTUnwrap(document.outline().first)
        let top = try XCTUnwrap(entry.top)
        XCTAssertEqual(top, 1 - 420.0 / 792, accuracy: 0.001)
        let heading = try XCTUnwrap(document.page(at: 0)?.find("Lamp Rooms").first)
        XCTAssertLessThan(top, heading.y, "the destination is just above the heading's box")

        var state = ReaderState(title: "Lamps", pageCount: 2, page: 2)
        state.screen = screen
        press([.character("w")], &state)
        state.outline = [TOCEntry(title: entry.title, depth: 0, page: entry.page, label: nil, top: entry.top)]
        press([.character("t")], &state)
        XCTAssertEqual(press([.enter], &state), [.pageChanged])
        XCTAssertEqual(state.page, 1)
        let layout = try layout(document, state)
        ReaderScroll.laidOut(layout, &state)
        let headingTop = Int(heading.y * Double(layout.height))
        XCTAssertEqual(state.scrollY, Int(top * Double(layout.height)) - screen.height / 3)
        XCTAssertTrue(headingTop > state.scrollY && headingTop < state.scrollY + screen.height / 2,
                      "the heading shows in the upper part of the screen")
    }

    func testAKeyBeforeTheLayoutArrivesCancelsTheReveal() throws {
        let document = try lighthouses()
        var state = try fitWidth(at: 1, document)
        state.search = ReaderState.SearchResults(query: "lens", hits: [.init(page: 7, occurrence: 10)], backward: false)
        press([.character("n"), .character("j")], &state)
        XCTAssertNil(state.reveal, "scrolling by hand wins over the pending jump")
    }

    func testTextModeScrollsByScreensOfLinesAndTurnsAtTheEnd() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 5)
        state.textMode = true
        state.textRows = 10
        let text = (1...25).map { "line \($0)" }.joined(separator: "\n")
        state.textLimit = ReaderView.textLines(text, state: state, rows: 10, columns: 40).lastFirstLine
        XCTAssertEqual(state.textLimit, 15)
        press([.character(" ")], &state)
        XCTAssertEqual(state.textLine, 9)
        press([.control("d")], &state)
        XCTAssertEqual(state.textLine, 14)
        press([.character(" ")], &state)
        XCTAssertEqual(state.textLine, 15)
        XCTAssertEqual(state.page, 5)
        XCTAssertEqual(press([.character(" ")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(state.textLine, 0)
        // Back to the previous page's end, and on again before its text is wrapped: no turn, its end is not known.
        press([.character("k")], &state)
        XCTAssertEqual(state.page, 5)
        XCTAssertEqual(state.textLimit, Int.max)
        press([.character("j")], &state)
        XCTAssertEqual(state.page, 5)
    }
}
