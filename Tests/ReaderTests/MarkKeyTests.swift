import BookLibrary
import Reader
import TerminalIO
import XCTest

/// Marks (`m` and a letter, `'` and the letter, `''`) and the bookmark
/// keys they displaced (`B`, `M`), with the bookmarks panel's `d` and `e`.
final class MarkKeyTests: XCTestCase {
    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        keys.flatMap { ReaderUpdate.handle($0, &state) }
    }

    private func type(_ text: String) -> [Key] { text.map { .character($0) } }

    private func bookmark(_ page: Int, _ note: String?) -> Bookmark {
        Bookmark(bookID: 1, bookTitle: "A Field Guide", page: page, label: nil, note: note, createdAt: .init(), updatedAt: .init())
    }

    func testMarksSetGoBackAndQuoteQuoteReturns() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 7)
        state.overflow = (x: 0, y: 900)
        state.scrollY = 300
        XCTAssertEqual(press(type("ma"), &state), [.redraw, .redraw])
        XCTAssertEqual(state.message, "Mark a set on page 7")
        XCTAssertNil(state.prompt, "m is no longer the bookmark prompt")
        press(type("20G"), &state)
        XCTAssertEqual(press(type("'a"), &state), [.redraw, .pageChanged])
        XCTAssertEqual(state.page, 7)
        XCTAssertEqual(state.scrollY, 300, "back to the place on the page, not just its top")
        XCTAssertEqual(state.back, [7, 20], "a mark is a jump: Ctrl-O knows it")
        // '' goes back to before the last jump, and again returns.
        press(type("''"), &state)
        XCTAssertEqual(state.page, 20)
        press(type("''"), &state)
        XCTAssertEqual(state.page, 7)
        press(type("'z"), &state)
        XCTAssertEqual(state.message, "No mark z: mz sets it")
        XCTAssertEqual(state.page, 7)
        // Escape after m sets nothing; the next key is the reader's again.
        press([.character("m"), .escape, .character("J")], &state)
        XCTAssertEqual(state.page, 8)
        XCTAssertTrue(ReaderView.statusLine({ var s = state; s.pendingMark = .set; return s }(), columns: 100).hasSuffix("· m"))
    }

    func testBookmarkKeyShowsTheNoteThePageHasAndMOpensTheList() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 3)
        state.bookmarks = [bookmark(3, "good bit")]
        press(type("B"), &state)
        XCTAssertEqual(state.prompt?.kind, .bookmarkNote(page: 3))
        XCTAssertEqual(state.prompt?.text, "good bit")
        XCTAssertTrue(ReaderView.statusLine(state, columns: 100).contains("note (Enter to save, Esc to cancel): good bit"))
        // Emptying it clears the note; on a page without one, Enter saves none.
        XCTAssertEqual(press([.control("u"), .enter], &state), [.redraw, .saveBookmark(page: 3, note: ""), .redraw])
        press(type("J"), &state)
        XCTAssertEqual(press(type("B") + [.enter], &state).suffix(2), [.saveBookmark(page: 4, note: nil), .redraw])
        XCTAssertEqual(press(type("M"), &state), [.loadBookmarks, .redraw])
        XCTAssertEqual(state.panel, .bookmarks(selected: 0))
        press(type("M"), &state)
        XCTAssertEqual(state.panel, .none, "M closes the list it opened")
    }

    func testTheBookmarksPanelDeletesAfterYesAndEditsTheNote() {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: 1)
        press(type("M"), &state)
        state.bookmarks = [bookmark(3, "good bit"), bookmark(9, nil)]
        press(type("j") + type("d"), &state)
        XCTAssertEqual(state.prompt?.kind, .deleteBookmark(page: 9))
        XCTAssertTrue(ReaderView.statusLine(state, columns: 100).hasPrefix("Delete the bookmark on page 9? (y/n)"))
        XCTAssertEqual(press(type("n"), &state), [.redraw])
        XCTAssertEqual(state.message, "Bookmark kept")
        XCTAssertEqual(state.panel, .bookmarks(selected: 1), "the list stays open")
        XCTAssertEqual(press(type("dy"), &state), [.redraw, .deleteBookmark(page: 9), .redraw])
        XCTAssertNil(state.prompt)

        press(type("k") + type("e"), &state)
        XCTAssertEqual(state.prompt?.kind, .bookmarkNote(page: 3))
        XCTAssertEqual(state.prompt?.text, "good bit")
        XCTAssertEqual(press(type("s!") + [.enter], &state).suffix(2), [.saveBookmark(page: 3, note: "good bits!"), .redraw])
        XCTAssertEqual(state.panel, .bookmarks(selected: 0))
        XCTAssertEqual(state.page, 1, "editing a note goes nowhere")
    }
}
