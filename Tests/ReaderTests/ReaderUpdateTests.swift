import BookLibrary
import Reader
import TerminalIO
import XCTest

/// Every key of the reader, without a terminal: a state in, keys pressed,
/// the state and effects out.
final class ReaderUpdateTests: XCTestCase {
    private func reader(pages: Int = 40, at page: Int = 1) -> ReaderState {
        ReaderState(title: "A Field Guide", pageCount: pages, page: page)
    }

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        for key in keys { effects += ReaderUpdate.handle(key, &state) }
        return effects
    }

    private func type(_ text: String) -> [Key] { text.map { .character($0) } }

    func testPageTurnsStopAtTheEnds() {
        var state = reader(pages: 3)
        XCTAssertEqual(press([.character(" ")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 2)
        press([.pageDown, .character("J")], &state)
        XCTAssertEqual(state.page, 3)
        XCTAssertEqual(press([.character(" ")], &state), [.redraw])
        XCTAssertEqual(state.message, "This is the last page")
        press([.character("b"), .pageUp], &state)
        XCTAssertEqual(state.page, 1)
        press([.character("K")], &state)
        XCTAssertEqual(state.message, "This is the first page")
        // h and l turn pages while nothing overflows sideways, and pan once it does.
        press([.character("l")], &state)
        XCTAssertEqual(state.page, 2)
        state.overflow = (x: 500, y: 0)
        press([.character("l")], &state)
        XCTAssertEqual(state.page, 2)
        XCTAssertEqual(state.scrollX, state.scrollStep)
        press([.left, .left], &state)
        XCTAssertEqual(state.scrollX, 0)
    }

    func testNumericPrefixesAndGotoKeys() {
        var state = reader()
        XCTAssertEqual(press(type("12G"), &state).last, .pageChanged)
        XCTAssertEqual(state.page, 12)
        press(type("gg"), &state)
        XCTAssertEqual(state.page, 1)
        press(type("G"), &state)
        XCTAssertEqual(state.page, 40)
        press(type("7gg"), &state)
        XCTAssertEqual(state.page, 7)
        press(type("3 "), &state)
        XCTAssertEqual(state.page, 10)
        press(type("2b"), &state)
        XCTAssertEqual(state.page, 8)
        // 0 alone is no count; a count is cleared after use.
        press(type("0"), &state)
        XCTAssertEqual(state.count, "")
        press(type("99"), &state)
        XCTAssertEqual(state.count, "99")
        press([.escape], &state)
        XCTAssertEqual(state.count, "")
        press(type("500G"), &state)
        XCTAssertEqual(state.page, 40, "clamped to the last page")
    }

    func testJumpsGoBackAndForward() {
        var state = reader()
        press(type("20G"), &state)
        press(type("30G"), &state)
        XCTAssertEqual(state.back, [1, 20])
        XCTAssertEqual(press([.control("o")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 20)
        press([.control("o")], &state)
        XCTAssertEqual(state.page, 1)
        press([.control("o")], &state)
        XCTAssertEqual(state.message, "No earlier position")
        press([.tab], &state)
        XCTAssertEqual(state.page, 20)
        press([.control("i")], &state)
        XCTAssertEqual(state.page, 30)
        // Turning pages is not a jump.
        press(type(" "), &state)
        XCTAssertEqual(state.back, [1, 20])
    }

    func testScrollingRunsOnToTheNextAndPreviousPage() {
        var state = reader(at: 5)
        state.overflow = (x: 0, y: 100)
        state.scrollStep = 60
        XCTAssertEqual(press([.character("j")], &state), [.redraw])
        XCTAssertEqual(state.scrollY, 60)
        press([.down], &state)
        XCTAssertEqual(state.scrollY, 100)
        XCTAssertEqual(press([.character("j")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 6)
        XCTAssertEqual(state.scrollY, 0)
        XCTAssertEqual(press([.character("k")], &state), [.pageChanged])
        XCTAssertEqual(state.page, 5)
        XCTAssertEqual(state.scrollY, Int.max, "the previous page is shown from its bottom")
    }

    /// `/` and `?` bring back this session's searches with Up (newest first) and Down, as a shell does.
    func testUpAndDownBringBackEarlierSearches() {
        var state = reader()
        for query in ["lens", "keeper", "fog signal", "lens"] { press([.character("/")] + type(query) + [.enter], &state) }
        XCTAssertEqual(state.searchHistory, ["keeper", "fog signal", "lens"], "a search made again moves to the end")
        press([.character("?"), .up], &state)
        XCTAssertEqual(state.prompt?.text, "lens")
        press([.up, .up, .up], &state)
        XCTAssertEqual(state.prompt?.text, "keeper", "the oldest stays")
        press([.down], &state)
        XCTAssertEqual(state.prompt?.text, "fog signal")
        XCTAssertEqual(press([.enter], &state), [.search("fog signal", backward: true), .redraw])
        press([.character("/"), .up, .down], &state)
        XCTAssertEqual(state.prompt?.text, "", "Down past the newest is a new search")
        press([.escape, .character(":"), .up], &state)
        XCTAssertEqual(state.prompt?.text, "", "go-to has no search history")
    }

    func testPromptsGoToSearchAndBookmark() {
        var state = reader()
        press([.character(":")], &state)
        XCTAssertEqual(state.prompt?.kind, .goTo)
        XCTAssertEqual(press(type("xiv") + [.backspace, .character("i"), .enter], &state).suffix(2), [.goTo("xii"), .redraw])
        XCTAssertNil(state.prompt)
        press([.character("/")] + type("lens"), &state)
        XCTAssertEqual(ReaderView.statusLine(state, columns: 40).trimmingCharacters(in: .whitespaces), "/lens")
        XCTAssertEqual(press([.enter], &state), [.search("lens", backward: false), .redraw])
        press([.character("?")] + type("keeper") + [.enter], &state)
        press([.character("B")] + type("read again") + [.enter], &state)
        XCTAssertEqual(press([.character("B"), .enter], &state).suffix(2), [.saveBookmark(page: 1, note: nil), .redraw])
        // Escape and a backspace on an empty prompt cancel it.
        press([.character(":"), .character("3"), .escape], &state)
        XCTAssertNil(state.prompt)
        press([.character("/"), .backspace], &state)
        XCTAssertNil(state.prompt)
        XCTAssertEqual(state.page, 1)
    }

    func testSearchHitsInOrderWrappingBothWays() {
        var state = reader(at: 10)
        state.search = .init(query: "lens", hits: [.init(page: 3, occurrence: 0), .init(page: 12, occurrence: 0),
                                                   .init(page: 12, occurrence: 1), .init(page: 30, occurrence: 0)],
                             backward: false)
        XCTAssertEqual(press(type("n"), &state), [.pageChanged])
        XCTAssertEqual(state.page, 12)
        XCTAssertEqual(state.search?.current, 1)
        XCTAssertEqual(press(type("n"), &state), [.redraw], "the second hit is on the same page")
        XCTAssertEqual(state.search?.current, 2)
        press(type("n"), &state)
        XCTAssertEqual(state.page, 30)
        press(type("n"), &state)
        XCTAssertEqual(state.page, 3)
        XCTAssertEqual(state.message, "Search wrapped to the first page")
        press(type("N"), &state)
        XCTAssertEqual(state.page, 30)
        XCTAssertEqual(state.message, "Search wrapped to the last page")
        // A backward search makes n go back.
        state.search?.backward = true
        press(type("n"), &state)
        XCTAssertEqual(state.page, 12)
        XCTAssertEqual(state.search?.current, 2)
        XCTAssertTrue(ReaderView.statusLine(state, columns: 120).contains("?lens 3/4"))
        state.search = .init(query: "zzz", hits: [], backward: false)
        press(type("n"), &state)
        XCTAssertEqual(state.message, "No matches for \"zzz\"")
    }

    func testOutlineBookmarksOverviewAndHelpPanels() {
        var state = reader(at: 9)
        state.outline = [TOCEntry(title: "Part I", depth: 0, page: 5, label: "1"),
                         TOCEntry(title: "Chapter 1", depth: 1, page: 5, label: "1"),
                         TOCEntry(title: "Chapter 2", depth: 1, page: 9, label: "5"),
                         TOCEntry(title: "Appendix", depth: 0, page: 35, label: "A-1")]
        press(type("t"), &state)
        XCTAssertEqual(state.panel, .outline(selected: 2), "opens at the chapter holding the page")
        let lines = ReaderView.panelLines(state, rows: 10, columns: 60) ?? []
        XCTAssertTrue(lines.contains { $0.hasPrefix("›     Chapter 2") && $0.trimmingCharacters(in: .whitespaces).hasSuffix("p. 9 (5)") },
                      lines.joined(separator: "\n"))
        press([.character("j"), .enter], &state)
        XCTAssertEqual(state.page, 35)
        XCTAssertEqual(state.panel, .none)
        XCTAssertEqual(state.back, [9])

        XCTAssertEqual(press(type("M"), &state), [.loadBookmarks, .redraw])
        state.bookmarks = [Bookmark(bookID: 1, bookTitle: "A Field Guide", page: 3, label: "iii", note: "good",
                                    createdAt: .init(), updatedAt: .init())]
        press([.enter], &state)
        XCTAssertEqual(state.page, 3)

        state.overviewColumns = 4
        press(type("o"), &state)
        XCTAssertEqual(state.panel, .overview(selected: 2))
        press([.down, .right], &state)
        XCTAssertEqual(state.panel, .overview(selected: 7))
        press([.enter], &state)
        XCTAssertEqual(state.page, 8)

        press([.function(1)], &state)
        XCTAssertEqual(state.panel, .help)
        XCTAssertEqual(press(type("q"), &state), [.redraw], "q closes help rather than quitting")
        XCTAssertEqual(state.panel, .none)
        XCTAssertEqual(press(type("q"), &state), [.quit])
        XCTAssertEqual(press([.control("c")], &state), [.quit])
    }

    func testOutlineFoldsAndUnfolds() {
        var state = reader(pages: 300, at: 120)
        // 3 parts of 20 chapters with 2 sections each: 129 entries, more than a screenful.
        var entries: [TOCEntry] = []
        for part in 0..<3 {
            entries.append(TOCEntry(title: "Part \(part + 1)", depth: 0, page: part * 100 + 1, label: nil))
            for chapter in 0..<20 {
                entries.append(TOCEntry(title: "Chapter \(part * 20 + chapter + 1)", depth: 1, page: part * 100 + chapter * 5 + 1, label: nil))
                entries.append(TOCEntry(title: "Section A", depth: 2, page: part * 100 + chapter * 5 + 2, label: nil))
                entries.append(TOCEntry(title: "Section B", depth: 2, page: part * 100 + chapter * 5 + 4, label: nil))
            }
        }
        state.outline = entries
        press(type("t"), &state)
        guard case .outline(let selected) = state.panel else { return XCTFail("no outline") }
        XCTAssertEqual(entries[selected].title, "Section B", "page 120 is in part 2, chapter 24, section B")
        // Folded to the top level, with the way to the current entry open.
        let shown = state.outlineTree.visible(entries).map { entries[$0].title }
        XCTAssertEqual(shown.filter { $0.hasPrefix("Part") }, ["Part 1", "Part 2", "Part 3"])
        XCTAssertEqual(shown.count, 3 + 20 + 2, "the parts, part 2's chapters, chapter 24's sections")
        press([.left], &state)
        XCTAssertEqual(state.panel, .outline(selected: selected - 2), "← on a leaf goes to its chapter")
        press([.left], &state)
        XCTAssertEqual(state.outlineTree.visible(entries).count, 3 + 20, "← on an open chapter folds it")
        press([.right, .down], &state)
        XCTAssertEqual(state.panel, .outline(selected: selected - 1), "→ unfolds; ↓ enters the sections")
        let lines = ReaderView.panelLines(state, rows: 30, columns: 70) ?? []
        XCTAssertTrue(lines.contains { $0.contains("▸ Part 1") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("▾ Chapter 24") }, lines.joined(separator: "\n"))
        press([.character("*")], &state)
        XCTAssertEqual(state.outlineTree.visible(entries).count, entries.count)
        press([.enter], &state)
        XCTAssertEqual(state.page, 117)
    }

    func testViewKeysZoomFitRotateInvert() {
        var state = reader()
        press(type("++"), &state)
        XCTAssertEqual(state.zoom, 1.5625, accuracy: 0.0001)
        press(type("-"), &state)
        XCTAssertEqual(state.zoom, 1.25, accuracy: 0.0001)
        press(type("w"), &state)
        XCTAssertEqual(state.fit, .width)
        XCTAssertEqual(state.zoom, 1)
        press(type("rri"), &state)
        XCTAssertEqual(state.rotation, 2)
        XCTAssertTrue(state.inverted)
        XCTAssertTrue(ReaderView.statusLine(state, columns: 120).contains("fit width 180° dark"))
        state.rendering = true
        XCTAssertTrue(ReaderView.statusLine(state, columns: 120).contains("· rendering…"), "the old page is still up")
        press(type("="), &state)
        XCTAssertEqual(state.fit, .page)
        XCTAssertEqual(press([.control("z")], &state), [.suspend])
    }

    func testGeometryFitsPagesAndScrolls() {
        let viewport = (width: 800, height: 600)
        XCTAssertTrue(PageGeometry(viewport: viewport, fit: .page, zoom: 1, rotation: 0).renderBox == (800, 600))
        XCTAssertTrue(PageGeometry(viewport: viewport, fit: .page, zoom: 2, rotation: 0).renderBox == (1600, 1200))
        XCTAssertTrue(PageGeometry(viewport: viewport, fit: .page, zoom: 1, rotation: 1).renderBox == (600, 800))
        XCTAssertTrue(PageGeometry(viewport: viewport, fit: .width, zoom: 1, rotation: 0).renderBox == (800, 8192))
        XCTAssertTrue(PageGeometry(viewport: viewport, fit: .width, zoom: 1, rotation: 3).renderBox == (8192, 800))
        let region = PageGeometry.visibleRegion(image: (800, 1035), viewport: viewport, scroll: (0, 5000))
        XCTAssertEqual(region.y, 435)
        XCTAssertEqual(region.height, 600)
        XCTAssertTrue(region.overflow == (0, 435))
        let small = PageGeometry.visibleRegion(image: (424, 600), viewport: viewport, scroll: (30, 30))
        XCTAssertTrue((small.x, small.y, small.width, small.height) == (0, 0, 424, 600))
    }

    func testTextModeWrapsAndScrolls() {
        var state = reader()
        state.textMode = true
        let text = (1...50).map { "line \($0)" }.joined(separator: "\n") + "\n" + String(repeating: "x", count: 25)
        let first = ReaderView.textLines(text, state: state, rows: 10, columns: 10)
        XCTAssertEqual(first.lines.first, "line 1")
        press(type("j"), &state)
        XCTAssertEqual(state.textLine, 1)
        state.textLine = 1000
        let last = ReaderView.textLines(text, state: state, rows: 10, columns: 10)
        XCTAssertEqual(last.lines.suffix(3), ["xxxxxxxxxx", "xxxxxxxxxx", "xxxxx"])
        XCTAssertEqual(last.firstLine, 43)
        XCTAssertEqual(ReaderView.textLines("", state: state, rows: 5, columns: 80).lines,
                       ["(this page has no text: it is probably a scanned image)"])
    }
}
