import BookLibrary
import Foundation
import ReflowDocuments
import TestSupport
import XCTest

/// `ibook note` on a laid-out book keeps, beside its reference page, where that page starts in the
/// book's text (chapter and letter), so that a layout at another size finds the note on the same text.
final class EPUBNoteTests: XCTestCase {
    private func mobyDick() throws -> String {
        let corpus = try Fixtures.requireCorpus("Moby-Dick from IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/moby-dick.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/moby-dick.epub") }
        return path
    }

    /// The letters (as positions count them) of `text` from its `skip`th on.
    private func letters(_ text: String, skipping skip: Int = 0) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter(ReflowText.isLetter)).dropFirst(skip))
    }

    func testANoteOnAnEPUBPageKeepsWhereThePageStartsAndAnotherSizeFindsItsText() throws {
        let path = try mobyDick()
        let library = try TestLibrary("epub-note")
        XCTAssertEqual(try library.ibook("add", "--ocr", "never", path).status, 0)
        // Run by the lean ibook, which hands a laid-out book's note to ibook-full (the reflow engine's).
        let note = try library.json(Annotation.self, "note", "300", "Ahab's leg", "--json")
        XCTAssertEqual(note.page, 300)
        XCTAssertEqual(note.kind, .note)
        let start = try XCTUnwrap(note.chapterRange, "the page's start is kept")
        XCTAssertEqual(start.firstLetter, start.lastLetter, "one letter: the page's first")

        let reference = try ReflowDocument(path: path)
        let place = ReflowPosition(chapter: start.chapter, letters: start.firstLetter)
        XCTAssertEqual(place, reference.position(ofPage: 300))
        XCTAssertEqual(reference.page(at: place), 300)
        let opening = String(letters(reference.pageText(300)).prefix(40))
        XCTAssertEqual(opening.count, 40)

        // Wider and at a larger type: the page that holds the note's letter goes on with the reference page's words.
        for layout in [ReflowLayout(width: 600, height: 400, fontSize: 16), ReflowLayout(width: 300, height: 500, fontSize: 9)] {
            let other = try ReflowDocument(path: path, layout: layout)
            let page = other.page(at: place)
            XCTAssertNotEqual(page, 300, "another layout, another page number")
            let before = place.letters - other.position(ofPage: page).letters
            XCTAssertGreaterThanOrEqual(before, 0)
            let following = letters(other.pageText(page) + other.pageText(min(page + 1, other.pageCount)), skipping: before)
            XCTAssertTrue(following.hasPrefix(opening), "\(layout): page \(page) goes on with \(opening)")
        }
        // Listed with its place, as highlights are.
        let notes = try library.json(BookNotes.self, "notes", "--json")
        XCTAssertEqual(notes.chapters.flatMap(\.annotations).first?.chapterRange, start)
    }

    func testANoteOnAPDFPageHasNoPlaceInText() throws {
        let library = try TestLibrary("pdf-note")
        XCTAssertEqual(try library.ibook("add", "--ocr", "never", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let note = try library.json(Annotation.self, "note", "iii", "Read again", "--json")
        XCTAssertEqual(note.page, 3)
        XCTAssertNil(note.chapterRange, "a PDF's pages are its own")
    }
}
