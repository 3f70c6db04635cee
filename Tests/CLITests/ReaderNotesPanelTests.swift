import Foundation
import TestSupport
import XCTest

/// The highlights and notes panel (`A`) in `ibook view`, over marks made
/// with `ibook highlight` and `ibook note`: listed, gone to, deleted in the
/// library; on a laid-out book, gone to on its reference page at any type size.
final class ReaderNotesPanelTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("notes-panel")
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func succeed(_ arguments: String...) throws {
        let run = try library.ibook(arguments)
        XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
    }

    func testListingGoingToAndDeletingMarksOfAPDF() throws {
        try succeed("add", Fixtures.sampleBook("lighthouses.pdf"))
        try succeed("highlight", "quiet harbour", "--occurrence", "1", "--note", "The oldest image in the book")
        try succeed("note", "9", "Compare the lenses with the atlas")
        let session = try TmuxSession("exec '\(Run.ibookPath)' view lighthouses 9 --graphics text", columns: 110, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 9 of 40") }, session.screen())
        XCTAssertTrue(session.statusLine().contains("✎ 1"), session.statusLine())

        try session.send("A")
        XCTAssertTrue(session.waitFor { $0.contains("Highlights and notes") && $0.contains("“quiet harbour”")
            && $0.contains("Compare the lenses with the atlas") }, session.screen())
        // It opens on page 9's note; k selects the highlight on page 8, Enter goes there.
        try session.send("k", "Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 8 of 40") }, session.statusLine())
        XCTAssertFalse(session.screen().contains("Highlights and notes"), session.screen())

        try session.send("A", "d")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("? (y/n)") }, session.statusLine())
        try session.send("y")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Deleted #1: “quiet harbour”") }, session.statusLine())
        // Gone from the list (the status line still names it).
        XCTAssertTrue(session.waitFor { !$0.contains("highlight  “quiet harbour”") && $0.contains("Compare the lenses") }, session.screen())
        try session.send("Escape", "q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })

        let notes = try library.ibook("notes")
        XCTAssertEqual(notes.status, 0, notes.stderr)
        XCTAssertFalse(notes.stdout.contains("quiet harbour"), notes.stdout)
        XCTAssertTrue(notes.stdout.contains("Compare the lenses with the atlas"), notes.stdout)
    }

    /// A note made from the command line while the book is open is in the list the next time it opens.
    func testANoteOfALaidOutBookIsGoneToOnItsReferencePage() throws {
        try succeed("add", Fixtures.sampleBook("voyage.epub"))
        let session = try TmuxSession("exec '\(Run.ibookPath)' view voyage 1 --graphics blocks --timeout 120", columns: 100, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor(timeout: 90) { _ in session.statusLine().contains("p. 1 of 27") }, session.statusLine())
        try succeed("note", "7", "The captain's log begins", "--book", "voyage")
        try session.send("+", "+")
        XCTAssertTrue(session.waitFor(timeout: 60) { _ in session.statusLine().contains("13 pt") && !session.statusLine().contains("rendering") },
                      session.statusLine())
        try session.send("A")
        XCTAssertTrue(session.waitFor(timeout: 10) { $0.contains("p. 7") && $0.contains("The captain's log begins") }, session.screen())
        try session.send("Enter")
        XCTAssertTrue(session.waitFor(timeout: 60) { _ in session.statusLine().contains("p. 7 of 27") && session.statusLine().contains("✎ 1") },
                      session.statusLine())
        try session.send("q")
        XCTAssertTrue(session.waitFor(timeout: 10) { _ in session.hasExited })
    }
}
