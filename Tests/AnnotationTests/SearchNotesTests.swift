import BookLibrary
import Foundation
import TestSupport
import XCTest

/// Search over what was marked: `--notes` searches highlighted text and
/// notes alone; ordinary search says which hits fall inside a highlight.
final class SearchNotesTests: XCTestCase {
    func testNotesSearchAndMarkedHits() throws {
        let library = try TestLibrary("search-notes")
        let path = try ReadingAnnotationsTests.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        let made = try library.ibook("highlight", "harbour master", "--note", "Who was the Harbour Master?")
        XCTAssertEqual(made.status, 0, made.stderr)

        let notes = try library.ibook("search", "--notes", "harbour")
        XCTAssertEqual(notes.status, 0, notes.stderr)
        XCTAssertEqual(notes.stdoutLines, [
            "p. 1 (i) underline #2: quiet [harbour]",
            "p. 1 (i) highlight #9: [harbour] master",
            "p. 1 (i) highlight #9 note: Who was the [Harbour] Master?",
        ])
        XCTAssertEqual(notes.stderr, "3 matches in 2 highlights and notes\n")

        // Accents, case and the line break inside the highlight ignored.
        let json = try library.ibook("search", "--notes", "--json", "LANTÉRN   burning")
        let hits = try json.stdoutLines.map { try JSONDecoder.iso8601.decode(NoteHit.self, from: Data($0.utf8)) }
        XCTAssertEqual(hits.map(\.annotation.id), [1])
        XCTAssertEqual(hits.first?.match, "lantern burning")
        XCTAssertEqual(hits.first?.field, .text)
        XCTAssertEqual(try library.ibook("search", "--notes", "margin").stdoutLines,
                       ["p. 5 (4) note #8 note: Check the [margin] and the index"])
        XCTAssertEqual(try library.ibook("search", "--notes", "gulls breakwater").stdout, "", "breakwater is not highlighted")

        // Only the books a query selects, with --in.
        XCTAssertEqual(try library.ibook("tag", "+sea").status, 0)
        XCTAssertEqual(try library.ibook("search", "--notes", "harbour", "--in", "tag:sea").stdoutLines.count, 4, "the book, then its 3 hits")
        XCTAssertEqual(try library.ibook("search", "--notes", "harbour", "--in", "tag:mountains").stdout, "")

        // Ordinary search: the hits inside a highlight or underline say which.
        let pages = try library.ibook("search", "harbour")
        XCTAssertEqual(pages.stdoutLines.map { $0.hasSuffix("(marked #2)") || $0.hasSuffix("(marked #9)") }, [false, true, true],
                       pages.stdout)
        let pageHits = try library.ibook("search", "--json", "harbour").stdoutLines
        let highlights = try pageHits.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .map { $0?["highlight"] as? Int }
        XCTAssertEqual(highlights, [nil, 2, 9])
        // Japanese across the line break, marked by the PDF's own highlight.
        let japanese = try library.ibook("search", "--json", "人で").stdoutLines
        XCTAssertEqual(try japanese.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .map { $0?["highlight"] as? Int }, [5])
        // Not one hit outside the marked text is marked.
        let unmarked = try library.ibook("search", "--json", "nights").stdoutLines
        XCTAssertEqual(unmarked.count, 1)
        XCTAssertFalse(unmarked[0].contains("\"highlight\""))
    }
}
