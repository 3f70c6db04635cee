import BookLibrary
import Foundation
import TestSupport
import XCTest

/// `ibook notes` as a person reads it: text, Markdown, and its refusals.
final class NotesCommandTests: XCTestCase {
    func testTextAndMarkdownGroupByChapter() throws {
        let library = try TestLibrary("notes-output")
        let path = try ReadingAnnotationsTests.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)

        let text = try library.ibook("notes")
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.stdoutLines
        XCTAssertEqual(lines.first, "Annotated Harbours — 8 highlights and notes")
        XCTAssertEqual(Array(lines[1...4]), [
            "Chapter 1. Harbours  p. 1 (i)",
            "  #2  p. 1 (i)  underline  “quiet harbour”",
            "  #1  p. 1 (i)  highlight  “kept the lantern burning”",
            "      Ann: Keep this",
        ])

        let markdown = try library.ibook("notes", "1", "--markdown")
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.stdout.hasPrefix("# Annotated Harbours\n\n*Unknown* — 8 highlights and notes\n\n## Part One\n\n### Chapter 1. Harbours\n\n> quiet harbour\n\n*underline, p. 1 (i)* <!-- ibook #2 -->\n\n> kept the lantern burning\n\nKeep this\n\n*highlight, p. 1 (i), Ann* <!-- ibook #1 -->\n"), markdown.stdout)
        XCTAssertTrue(markdown.stdout.contains("### Chapter 2. Columns\n\n> begins with"), "one heading for the part")
        XCTAssertTrue(markdown.stdout.contains("## Notes\n\nCheck the margin  \nand the index\n\n*note, p. 5 (4), Ann*"), markdown.stdout)

        let all = try library.ibook("notes", "--all", "--json")
        let books = try JSONDecoder.iso8601.decode([BookNotes].self, from: Data(all.stdout.utf8))
        XCTAssertEqual(books.map(\.annotationCount), [8])
    }

    func testRefusals() throws {
        let library = try TestLibrary("notes-usage")
        let path = try ReadingAnnotationsTests.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        XCTAssertEqual(try library.ibook("notes", "--json", "--markdown").status, 64)
        XCTAssertEqual(try library.ibook("notes", "--all", "1").status, 64)
        XCTAssertEqual(try library.ibook("notes", "--delete", "zero").status, 64)
        let empty = try library.ibook("note", "2", "  ")
        XCTAssertEqual(empty.status, 1)
        XCTAssertEqual(empty.stderr, "Error: the note is empty\n")
        XCTAssertEqual(try library.ibook("note", "9", "x").stderr, "Error: page 9 is out of range: the book has 5 pages\n")
    }
}
