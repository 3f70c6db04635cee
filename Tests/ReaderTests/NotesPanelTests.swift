import BookLibrary
import Foundation
import Reader
import TerminalIO
import XCTest

/// The highlights and notes panel (`A`): where it opens, Enter, `d` and
/// `y`, and the status line's mark for a page that has a note.
final class NotesPanelTests: XCTestCase {
    @discardableResult
    private func press(_ keys: [Key], _ state: inout ReaderState) -> [ReaderEffect] {
        keys.flatMap { ReaderUpdate.handle($0, &state) }
    }

    private func type(_ text: String) -> [Key] { text.map { .character($0) } }

    /// As the library hands them out (`ibook notes --json` has the same fields).
    private func annotation(_ id: Int, page: Int, kind: String, text: String?, note: String?) throws -> Annotation {
        var fields: [String: Any] = ["id": id, "bookID": 1, "bookTitle": "A Field Guide", "page": page, "label": String(page - 4),
                                     "kind": kind, "source": "ibook", "boxes": []]
        if let text { fields["text"] = text }
        if let note { fields["note"] = note }
        return try JSONDecoder().decode(Annotation.self, from: JSONSerialization.data(withJSONObject: fields))
    }

    private func guide(page: Int) throws -> ReaderState {
        var state = ReaderState(title: "A Field Guide", pageCount: 40, page: page)
        state.annotations = [
            try annotation(1, page: 8, kind: "highlight", text: "quiet harbour", note: "The oldest image in the book"),
            try annotation(2, page: 8, kind: "highlight", text: "The rotating beam lit the open sea", note: nil),
            try annotation(4, page: 9, kind: "note", text: nil, note: "Compare the lenses with the atlas"),
            try annotation(3, page: 22, kind: "highlight", text: "zephyrine", note: "Look this word up"),
        ]
        return state
    }

    func testOpensAtTheFirstMarkFromThePageReadAndEnterGoesToIt() throws {
        var state = try guide(page: 9)
        XCTAssertEqual(press(type("A"), &state), [.loadAnnotations, .redraw])
        XCTAssertEqual(state.panel, .notes(selected: 2), "the note on page 9, not the book's first highlight")
        press([.character("k")], &state)
        XCTAssertEqual(state.panel, .notes(selected: 1))
        XCTAssertEqual(press([.enter], &state), [.pageChanged])
        XCTAssertEqual(state.page, 8)
        XCTAssertEqual(state.panel, .none)
        XCTAssertEqual(state.back, [9], "going to a note is a jump: Ctrl-O comes back")

        // Past the last mark it opens on the last one; Esc and A close it.
        press(type("30G"), &state)
        press(type("A"), &state)
        XCTAssertEqual(state.panel, .notes(selected: 0))
        press([.escape], &state)
        XCTAssertEqual(state.panel, .none)
        XCTAssertEqual(state.page, 30)
    }

    func testDeleteAsksFirstAndTheListFollowsTheLibrary() throws {
        var state = try guide(page: 22)
        press(type("A"), &state)
        XCTAssertEqual(state.panel, .notes(selected: 3))
        XCTAssertEqual(press(type("d"), &state), [.redraw])
        XCTAssertEqual(ReaderView.statusLine(state, columns: 80), "Delete #3? (y/n) ".padding(toLength: 80, withPad: " ", startingAt: 0))
        XCTAssertEqual(press(type("n"), &state), [.redraw])
        XCTAssertEqual(state.message, "Kept #3")
        press(type("d"), &state)
        XCTAssertEqual(press(type("y"), &state), [.deleteAnnotation(id: 3), .redraw])

        // The session deleted it and read the book's marks again.
        let deleted = state.annotations[3]
        _ = ReaderUpdate.apply(.annotationDeleted(deleted, annotations: Array(state.annotations.prefix(3))), &state)
        XCTAssertEqual(state.message, "Deleted #3: “zephyrine”")
        XCTAssertEqual(state.panel, .notes(selected: 2), "the selection stays on the list")
        _ = ReaderUpdate.apply(.annotationsLoaded([]), &state)
        XCTAssertEqual(state.panel, .notes(selected: 0))
        XCTAssertEqual(press([.enter], &state), [.redraw], "nothing to go to")
    }

    func testThePanelShowsKindTextAndNoteAndTheStatusLineCountsNotes() throws {
        var state = try guide(page: 8)
        press(type("A"), &state)
        let lines = try XCTUnwrap(ReaderView.panelLines(state, rows: 12, columns: 100)).joined(separator: "\n")
        XCTAssertTrue(lines.contains("Highlights and notes — Enter to go, d deletes, Esc to close"), lines)
        XCTAssertTrue(lines.contains("p. 8 (4)  highlight  “quiet harbour”"), lines)
        XCTAssertTrue(lines.contains("The oldest image in the book"), lines)
        XCTAssertTrue(lines.contains("p. 9 (5)  note"), lines)
        XCTAssertTrue(lines.contains("Compare the lenses with the atlas"), lines)

        // Page 8 has two highlights, one with a note; page 9 a note; page 10 none.
        press([.escape], &state)
        XCTAssertTrue(ReaderView.statusLine(state, columns: 100).contains("✎ 1"), ReaderView.statusLine(state, columns: 100))
        // A message has the room first (on 80 columns it would be cut short).
        state.message = "Highlighted “the harbour master” (#5)"
        XCTAssertFalse(ReaderView.statusLine(state, columns: 100).contains("✎"), ReaderView.statusLine(state, columns: 100))
        state.message = nil
        press(type("J"), &state)
        XCTAssertTrue(ReaderView.statusLine(state, columns: 100).contains("✎ 1"))
        press(type("J"), &state)
        XCTAssertFalse(ReaderView.statusLine(state, columns: 100).contains("✎"), ReaderView.statusLine(state, columns: 100))

        state.annotations = []
        press(type("A"), &state)
        let empty = try XCTUnwrap(ReaderView.panelLines(state, rows: 12, columns: 120)).joined(separator: "\n")
        XCTAssertTrue(empty.contains("No highlights or notes in this book yet"), empty)
    }
}
