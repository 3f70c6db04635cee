import Foundation
import TestSupport
import XCTest

/// `a` on a search hit in a laid-out book (voyage.epub in `ibook view`): the library's hit on its
/// reference page is highlighted, kept by its letters, whatever page of the screen's layout shows it.
final class ReflowReaderHighlightTests: XCTestCase {
    struct Kept: Decodable {
        struct Chapter: Decodable { var annotations: [Annotation] }
        struct Annotation: Decodable { var id: Int; var page: Int; var text: String?; var chapterRange: Range? }
        struct Range: Decodable { var chapter, firstLetter, lastLetter: Int }
        var chapters: [Chapter]
    }

    func testAOnAHitHighlightsItOnItsReferencePage() throws {
        let library = try TestLibrary("reflow-reader-highlight")
        defer { library.remove() }
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("voyage.epub")).status, 0)
        let session = try TmuxSession("exec '\(Run.ibookPath)' view voyage 7 --graphics blocks --timeout 120", columns: 100, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor(timeout: 90) { _ in session.statusLine().contains("p. 7 of 27") }, session.statusLine())
        // Larger type: the screen's pages are not the reference pages.
        try session.send("+")
        try session.send("+")
        XCTAssertTrue(session.waitFor(timeout: 60) { _ in session.statusLine().contains("13 pt") && !session.statusLine().contains("rendering") },
                      session.statusLine())
        try session.sendLiteral("/captain described")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor(timeout: 30) { _ in session.statusLine().contains("1/1") }, session.statusLine())
        try session.send("a")
        XCTAssertTrue(session.waitFor(timeout: 30) { _ in session.statusLine().contains("Highlighted “captain describe") },
                      session.statusLine())
        try session.send("q")
        XCTAssertTrue(session.waitFor(timeout: 10) { _ in session.hasExited })

        let notes = try library.ibook("notes", "--json")
        XCTAssertEqual(notes.status, 0, notes.stderr)
        let kept = try JSONDecoder().decode(Kept.self, from: Data(notes.stdout.utf8))
        let highlight = try XCTUnwrap(kept.chapters.first?.annotations.first)
        XCTAssertEqual(highlight.page, 7)
        XCTAssertEqual(highlight.text, "captain described")
        let range = try XCTUnwrap(highlight.chapterRange)
        XCTAssertEqual(range.lastLetter - range.firstLetter + 1, "captaindescribed".count)
    }
}
