import PDF
import Reader
import TerminalIO
import XCTest

/// `f`: labels on the links on screen, a label typed follows its link.
final class LinkHintTests: XCTestCase {
    private func link(_ target: PageLink.Target, y: Double, text: String = "") -> PageLink {
        PageLink(area: PageRectangle(x: 0.1, y: y, width: 0.3, height: 0.02), target: target, text: text)
    }

    private func reader(links: [PageLink], at page: Int = 1) -> ReaderState {
        var state = ReaderState(title: "Linked Manual", pageCount: 40, page: page)
        state.links = (page, links)
        return state
    }

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        keys.flatMap { ReaderUpdate.handle($0, &state) }
    }

    private func type(_ text: String) -> [Key] { text.map { .character($0) } }

    func testALabelFollowsItsLinkToThePageAndItsHeadingAndCtrlOComesBack() {
        var state = reader(links: [link(.page(12, top: 0.4), y: 0.1), link(.page(30, top: nil), y: 0.5),
                                   link(.uri("https://example.org"), y: 0.8)])
        XCTAssertEqual(press(type("f"), &state), [.redraw])
        XCTAssertEqual(state.hints?.hints.map(\.label), ["a", "s", "d"])
        let status = ReaderView.statusLine(state, columns: 120)
        XCTAssertTrue(status.hasPrefix("Follow: a p. 12  s p. 30  d https://example.org"), status)
        XCTAssertEqual(press(type("a"), &state), [.pageChanged])
        XCTAssertNil(state.hints)
        XCTAssertEqual(state.page, 12)
        XCTAssertEqual(state.reveal, .position(top: 0.4), "the destination's top is brought into view as a contents entry's is")
        XCTAssertEqual(state.back, [1])
        press([.control("o")], &state)
        XCTAssertEqual(state.page, 1)
    }

    func testAnAddressIsShownAndHandedToTheSession() {
        var state = reader(links: [link(.page(12, top: nil), y: 0.1), link(.uri("https://example.org/x"), y: 0.8)])
        press(type("f"), &state)
        XCTAssertEqual(press(type("s"), &state), [.openURI("https://example.org/x"), .redraw])
        XCTAssertEqual(state.page, 1)
        XCTAssertEqual(state.message, "https://example.org/x")
        XCTAssertNil(state.hints)
    }

    func testEscapeLeavesHintModeAndAWrongLabelSaysSo() {
        var state = reader(links: [link(.page(2, top: nil), y: 0.1)])
        XCTAssertEqual(press(type("f") + [.escape], &state), [.redraw, .redraw])
        XCTAssertNil(state.hints)
        XCTAssertEqual(state.page, 1)
        press(type("fz"), &state)
        XCTAssertNil(state.hints)
        XCTAssertEqual(state.message, "No link labelled z")
        XCTAssertEqual(state.page, 1)
        // Keys are the reader's again: j scrolls, not a label.
        state.overflow = (x: 0, y: 500)
        press(type("j"), &state)
        XCTAssertEqual(state.scrollY, state.scrollStep)
    }

    func testManyLinksGetTwoLettersEachAndTheFirstNarrowsThem() {
        let links = (0..<12).map { link(.page($0 + 2, top: nil), y: Double($0) / 20) }
        var state = reader(links: links)
        press(type("f"), &state)
        let labels = state.hints?.hints.map(\.label) ?? []
        XCTAssertEqual(labels.count, 12)
        XCTAssertEqual(Set(labels).count, 12)
        XCTAssertTrue(labels.allSatisfy { $0.count == 2 }, "\(labels): no label may be the start of another")
        XCTAssertEqual(Array(labels.prefix(3)), ["aa", "as", "ad"])
        press(type("s"), &state)
        XCTAssertEqual(state.hints?.remaining.map(\.label), ["sa", "ss", "sd"])
        XCTAssertEqual(press(type("d"), &state), [.pageChanged])
        XCTAssertEqual(state.page, 13, "sd is the twelfth label (nine a-, then sa ss sd), the link to page 13")
    }

    func testOnlyLinksOnScreenGetLabels() {
        var state = reader(links: [link(.page(2, top: nil), y: 0.05), link(.page(3, top: nil), y: 0.9)])
        state.screen = (width: 800, height: 600)
        // Zoomed: the page is 2000 pixels high and the view at its top.
        ReaderScroll.laidOut(PageLayout(page: 1, width: 800, height: 2000), &state)
        press(type("f"), &state)
        XCTAssertEqual(state.hints?.hints.map(\.link.target), [.page(2, top: nil)])
        press([.escape], &state)
        state.scrollY = 1400
        press(type("f"), &state)
        XCTAssertEqual(state.hints?.hints.map(\.link.target), [.page(3, top: nil)])
        let place = state.hints.flatMap { LinkHints.position(of: $0.hints[0].link, state) }
        XCTAssertEqual(place?.y, 1800 - 1400)
        XCTAssertEqual(place?.x, 80)
        press([.escape], &state)
        // Links of another page (not read yet for this one) are none of this page's.
        state.links = (2, state.links.links)
        press(type("f"), &state)
        XCTAssertNil(state.hints)
        XCTAssertEqual(state.message, "No links on screen")
    }

    func testTextModeLabelsTheLinksInTheText() {
        var state = reader(links: [link(.page(2, top: nil), y: 0.1, text: "Chapter Two"),
                                   link(.page(3, top: nil), y: 0.2, text: "the appendix")])
        state.textMode = true
        press(type("f"), &state)
        let text = LinkHints.labelled("See Chapter Two and\nthe appendix.", state.hints!)
        XCTAssertEqual(text, "See [a]Chapter Two and\n[s]the appendix.")
        press(type("s"), &state)
        XCTAssertEqual(state.page, 3)
    }
}
