import Foundation
import TestSupport
import XCTest

/// The bookmarks panel (`M`) in `ibook view`: `e` edits a note and `d`
/// deletes after `y`, in the library, not only on screen.
final class ReaderBookmarkPanelTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("bookmark-panel")
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
        for (page, note) in [("3", "lamps"), ("9", "lenses")] {
            let made = try library.ibook("bookmark", page, "--note", note)
            XCTAssertEqual(made.status, 0, made.stderr)
        }
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    func testEditingANoteAndDeletingABookmarkFromThePanel() throws {
        let session = try TmuxSession("exec '\(Run.ibookPath)' view lighthouses 1 --graphics text", columns: 100, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 1 of 40") }, session.screen())
        try session.send("M")
        XCTAssertTrue(session.waitFor { $0.contains("lamps") && $0.contains("lenses") }, session.screen())
        // e opens the note as it is; typing adds to it.
        try session.send("e")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("note (Enter to save, Esc to cancel): lamps") },
                      session.statusLine())
        try session.sendLiteral(" and oil")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { $0.contains("lamps and oil") }, session.screen())
        // d asks first: n keeps it, y deletes it.
        try session.send("j", "d")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Delete the bookmark on page 9? (y/n)") },
                      session.statusLine())
        try session.send("n")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Bookmark kept") }, session.statusLine())
        try session.send("d", "y")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Deleted the bookmark on page 9") },
                      session.statusLine())
        XCTAssertTrue(session.waitFor { !$0.contains("lenses") && $0.contains("lamps and oil") }, session.screen())
        try session.send("Escape", "q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })

        let listed = try library.ibook("bookmarks")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("lamps and oil"), listed.stdout)
        XCTAssertFalse(listed.stdout.contains("lenses"), listed.stdout)
    }
}
