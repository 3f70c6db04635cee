import BookLibrary
import Reader
import TerminalIO
import XCTest

/// `/` in the contents panel narrows it to the titles holding what is typed.
final class ContentsFilterTests: XCTestCase {
    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        keys.flatMap { ReaderUpdate.handle($0, &state) }
    }

    private func type(_ text: String) -> [Key] { text.map { .character($0) } }

    private func reader() -> ReaderState {
        var state = ReaderState(title: "R Reference", pageCount: 90, page: 1)
        state.outline = [TOCEntry(title: "Introduction", depth: 0, page: 1, label: nil),
                         TOCEntry(title: "Data frames", depth: 0, page: 10, label: nil),
                         TOCEntry(title: "data.frame", depth: 1, page: 12, label: nil),
                         TOCEntry(title: "Lists", depth: 0, page: 20, label: nil),
                         TOCEntry(title: "as.data.frame", depth: 1, page: 25, label: nil),
                         TOCEntry(title: "Index", depth: 0, page: 80, label: nil)]
        return state
    }

    private func shown(_ state: ReaderState) -> [String] {
        (ReaderView.panelLines(state, rows: 12, columns: 70) ?? []).dropFirst(2)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func testTypingNarrowsIgnoringCaseAndEnterGoesToTheSelectedMatch() {
        var state = reader()
        press(type("t/DATA"), &state)
        XCTAssertTrue(state.outlineFiltering)
        XCTAssertEqual(state.outlineTree.visible(state.outline, filter: state.outlineFilter), [1, 2, 4])
        XCTAssertEqual(state.panel, .outline(selected: 1), "the selection moves to the first match")
        let lines = shown(state)
        XCTAssertEqual(lines.count, 3, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[2].contains("as.data.frame"), lines[2])
        XCTAssertTrue((ReaderView.panelLines(state, rows: 12, columns: 70) ?? [])[0].contains("/DATA▏  3 of 6"))
        // j and q are letters of the filter while typing; arrows move.
        press(type("q") + [.backspace, .down, .down], &state)
        XCTAssertEqual(state.panel, .outline(selected: 4))
        XCTAssertEqual(press([.enter], &state), [.pageChanged])
        XCTAssertEqual(state.page, 25)
        XCTAssertEqual(state.panel, .none)
        press(type("t"), &state)
        XCTAssertEqual(state.outlineFilter, "", "the next time the whole tree shows")
    }

    func testEscapeClearsTheFilterBeforeItClosesThePanel() {
        var state = reader()
        press(type("t/frame") + [.enter], &state)
        XCTAssertEqual(state.page, 10, "Enter goes to the first match, Data frames")
        press(type("t/frame"), &state)
        press([.escape], &state)
        XCTAssertEqual(state.outlineFilter, "")
        XCTAssertFalse(state.outlineFiltering)
        XCTAssertEqual(shown(state).count, 6)
        // A filter that matches nothing: Enter goes nowhere; Esc clears it, and a second Esc closes.
        press(type("/zzz"), &state)
        XCTAssertEqual(shown(state), ["No entry's title holds \"zzz\"."])
        XCTAssertEqual(press([.enter], &state), [.redraw])
        XCTAssertEqual(state.message, "No entry holds \"zzz\"")
        XCTAssertEqual(state.page, 10)
        XCTAssertNotEqual(state.panel, .none)
        press([.escape], &state)
        XCTAssertEqual(state.outlineFilter, "")
        XCTAssertNotEqual(state.panel, .none)
        press([.escape], &state)
        XCTAssertEqual(state.panel, .none)
    }
}
