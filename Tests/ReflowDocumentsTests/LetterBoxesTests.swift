import Documents
import ReflowDocuments
import TestSupport
import XCTest

/// A passage kept as positions (its first and last letter) is found again in any layout:
/// `letterBoxes` covers the same words MuPDF's own search finds there, at the reference
/// layout and at another type size and page.
final class LetterBoxesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The positions of the passage's first and last letter, found in the page's text as a
    /// highlight finds them, and the page's search boxes for it.
    private func place(_ passage: String, in document: ReflowDocument) throws
        -> (page: Int, first: ReflowPosition, last: ReflowPosition) {
        for page in 1...document.pageCount {
            let text = document.pageText(page)
            guard let range = text.range(of: passage) else { continue }
            let before = text[..<range.lowerBound].reduce(0) { $0 + ReflowText.letters(in: $1) }
            let inside = text[range].reduce(0) { $0 + ReflowText.letters(in: $1) }
            let start = document.position(ofPage: page)
            return (page, ReflowPosition(chapter: start.chapter, letters: start.letters + before),
                    ReflowPosition(chapter: start.chapter, letters: start.letters + before + inside - 1))
        }
        throw XCTSkip("“\(passage)” is on no page")
    }

    private func assertSame(_ boxes: [PageRectangle], _ found: [PageRectangle], _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(boxes.count, found.count, message, file: file, line: line)
        for (box, hit) in zip(boxes, found) {
            // MuPDF's search boxes and the letters' own may differ by a space's width at an end.
            XCTAssertEqual(box.x, hit.x, accuracy: 0.02, message, file: file, line: line)
            XCTAssertEqual(box.y, hit.y, accuracy: 0.01, message, file: file, line: line)
            XCTAssertEqual(box.x + box.width, hit.x + hit.width, accuracy: 0.02, message, file: file, line: line)
            XCTAssertEqual(box.y + box.height, hit.y + hit.height, accuracy: 0.01, message, file: file, line: line)
        }
    }

    private func assertFoundAgain(_ passage: String, in path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let document = try ReflowDocument(path: path)
        let kept = try place(passage, in: document)
        let reference = document.letterBoxes(page: kept.page, first: kept.first, last: kept.last)
        XCTAssertFalse(reference.isEmpty, file: file, line: line)
        assertSame(reference, document.find(passage, page: kept.page), "reference layout", file: file, line: line)
        for layout in [ReflowLayout(width: 300, height: 400, fontSize: 20), ReflowLayout(width: 700, height: 500, fontSize: 9)] {
            try document.relayout(layout)
            let page = document.page(at: kept.first)
            let boxes = document.letterBoxes(page: page, first: kept.first, last: kept.last)
            assertSame(boxes, document.find(passage, page: page), "at \(layout.fontSize) pt, page \(page)", file: file, line: line)
            XCTAssertNotEqual(boxes, reference, "another layout puts the words elsewhere", file: file, line: line)
            XCTAssertTrue(document.letterBoxes(page: page == 1 ? 2 : page - 1, first: kept.first, last: kept.last).isEmpty,
                          "nothing of it on another page", file: file, line: line)
        }
    }

    func testAPassageKeptAsPositionsCoversTheSameWordsInAnyLayout() throws {
        let path = try TestBooks.write(TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Boxes</dc:title>")),
                                       named: "boxes.epub", in: folder)
        try assertFoundAgain("Paragraph 17 of Chapter Two", in: path)
    }

    func testMobyDick() throws {
        let corpus = try Fixtures.requireCorpus("Moby-Dick's highlights")
        try assertFoundAgain("Call me Ishmael", in: corpus.appendingPathComponent("epub/moby-dick.epub").path)
    }

    func testARangeOverTwoChaptersIsNone() throws {
        let path = try TestBooks.write(TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Boxes</dc:title>")),
                                       named: "boxes.epub", in: folder)
        let document = try ReflowDocument(path: path)
        let start = document.position(ofPage: 1)
        XCTAssertTrue(document.letterBoxes(page: 1, first: start, last: ReflowPosition(chapter: start.chapter + 1, letters: 3)).isEmpty,
                      "a range over two chapters is none")
    }
}
