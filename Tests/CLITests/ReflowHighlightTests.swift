import Foundation
import TestSupport
import XCTest

/// Highlights and notes on a book that is not a PDF: `highlight` finds the passage in the
/// reference layout's text and keeps it as letters of its chapter, listed, searched and
/// written out as a PDF's are. On voyage.epub (SampleBooks), so it runs on a plain clone.
final class ReflowHighlightTests: XCTestCase {
    struct Kept: Decodable {
        var id: Int
        var page: Int
        var text: String?
        var boxes: [Box]
        var pageWidth: Double?
        var chapterRange: Range?
        struct Box: Decodable { var x1, y1, x2, y2: Double }
        struct Range: Decodable, Equatable { var chapter, firstLetter, lastLetter: Int }
    }

    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("reflow-highlights")
        let added = try library.ibook("add", Fixtures.sampleBook("voyage.epub"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    func testAHighlightOnAnEPUBIsKeptListedSearchedAndExported() throws {
        let passage = "The captain described the ice on the rigging for almost an hour"
        let made = try library.ibook("highlight", "7", passage, "--note", "How cold was it?", "--json")
        XCTAssertEqual(made.status, 0, made.stderr)
        let kept = try JSONDecoder().decode(Kept.self, from: Data(made.stdout.utf8))
        XCTAssertEqual(kept.page, 7)
        XCTAssertEqual(kept.text, passage)
        XCTAssertEqual(kept.pageWidth, 450, "boxes on the reference page")
        XCTAssertEqual(kept.boxes.count, 2, "the passage runs over two lines")
        let range = try XCTUnwrap(kept.chapterRange)
        XCTAssertEqual(range.lastLetter - range.firstLetter + 1, passage.filter { !$0.isWhitespace }.count)

        let listed = try library.ibook("notes")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("#1  p. 7 (2)  highlight  “\(passage)”"), listed.stdout)
        // Under the section it is in, though a later heading starts on its page.
        XCTAssertTrue(listed.stdout.contains("The Coastal Express  p. 6 (1)\n  #1  p. 7 (2)  highlight"), listed.stdout)
        let markdown = try library.ibook("notes", "--markdown")
        XCTAssertTrue(markdown.stdout.contains("> \(passage)"), markdown.stdout)
        XCTAssertTrue(markdown.stdout.contains("How cold was it?"), markdown.stdout)

        let notes = try library.ibook("search", "--notes", "rigging")
        XCTAssertEqual(notes.stdoutLines.count, 1, notes.stdout)
        XCTAssertTrue(notes.stdoutLines.first?.hasPrefix("p. 7 (2) highlight #1:") == true, notes.stdout)
        let pages = try library.ibook("search", "captain described")
        XCTAssertTrue(pages.stdoutLines.contains { $0.hasPrefix("The Coastal Express, p. 7 (2):") && $0.hasSuffix("(marked #1)") },
                      pages.stdout)
        // A heading further down the page starts the next chapter there.
        XCTAssertEqual(try library.ibook("search", "upper deck").stdoutLines.first?.hasPrefix("A Cabin on the Upper Deck, p. 7 (2):"),
                       true)

        // The same words, once only; another occurrence of a common phrase asks which.
        let again = try library.ibook("highlight", "frozen coastline")
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("occurs"), again.stderr)
        XCTAssertTrue(again.stderr.contains("[frozen coastline]"), again.stderr)
        let second = try library.ibook("highlight", "7", "frozen coastline", "--occurrence", "2", "--json")
        XCTAssertEqual(second.status, 0, second.stderr)
        let other = try JSONDecoder().decode(Kept.self, from: Data(second.stdout.utf8))
        XCTAssertNotEqual(other.chapterRange, kept.chapterRange)
        XCTAssertEqual(other.boxes.count, 1)

        let note = try library.ibook("note", "9", "Lofoten at last")
        XCTAssertEqual(note.status, 0, note.stderr)
        XCTAssertEqual(note.stdout, "Noted #3 on page 9 (4) of A Voyage to the Northern Lights\n")
        XCTAssertTrue(try library.ibook("notes").stdout.contains("#3  p. 9 (4)  note\n      Lofoten at last"))

        // What only a PDF has still says so: the highlights go into a PDF's copy.
        let annotate = try library.ibook("annotate", "-o", library.root.appendingPathComponent("copy.pdf").path)
        XCTAssertEqual(annotate.status, 1)
        XCTAssertEqual(annotate.stderr, "Error: \(Fixtures.sampleBook("voyage.epub")) is an EPUB: 'ibook annotate' works on PDFs only\n")
    }
}
