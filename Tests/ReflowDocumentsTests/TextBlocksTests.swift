import ReflowDocuments
import TestSupport
import XCTest

/// A laid-out page's text with its structure: headings set larger, emphasis by its font's
/// style, quotes and lists indented, footnote markers raised, each as MuPDF lays them out.
final class TextBlocksTests: XCTestCase {
    static let structured = """
        <?xml version="1.0" encoding="utf-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Structure</title></head>
        <body><h1>The Harbour</h1>
        <p>A plain paragraph with <em>emphasis</em> and <strong>strong words</strong> and a note<sup><a href="#n1">1</a></sup> in it.</p>
        <blockquote><p>A quoted passage, set in from the margin.</p></blockquote>
        <ul><li>First bullet</li><li>Second bullet</li></ul>
        <ol><li>First step</li><li>Second step</li></ol>
        <p id="n1">1. The footnote.</p>
        </body></html>
        """

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func book() throws -> String {
        let opf = TestBooks.opf(metadata: "<dc:title>Structure</dc:title>",
                                manifest: "<item id=\"s\" href=\"s.xhtml\" media-type=\"application/xhtml+xml\"/>")
            .replacingOccurrences(of: "<spine><itemref idref=\"one\"/>", with: "<spine><itemref idref=\"s\"/><itemref idref=\"one\"/>")
        let bytes = TestBooks.epub(opf: opf, extra: [TestZip.Entry("OEBPS/s.xhtml", Self.structured)])
        return try TestBooks.write(bytes, named: "structure.epub", in: folder)
    }

    func testRunsCarryTheStructure() throws {
        let document = try ReflowDocument(path: try book())
        let blocks = try document.textBlocks(1)
        let runs = blocks.flatMap { $0.lines.flatMap(\.runs) }
        let heading = try XCTUnwrap(runs.first)
        XCTAssertEqual(heading.text, "The Harbour")
        XCTAssertTrue(heading.bold)
        XCTAssertGreaterThan(heading.size, 18, "an h1 is set larger")
        XCTAssertTrue(try XCTUnwrap(runs.first { $0.text.contains("emphasis") }).italic)
        XCTAssertTrue(try XCTUnwrap(runs.first { $0.text.contains("strong words") }).bold)
        let marker = try XCTUnwrap(runs.first { $0.text == "1" })
        XCTAssertLessThan(marker.size, 12, "the footnote's marker in smaller type")
        let body = try XCTUnwrap(blocks.first { $0.lines.first?.runs.first?.text.hasPrefix("A plain") == true })
        let quote = try XCTUnwrap(blocks.first { $0.lines.first?.runs.first?.text.hasPrefix("A quoted") == true })
        XCTAssertGreaterThan(quote.left, body.left + 20, "a block quote is set in")
        let bullets = blocks.flatMap(\.lines).filter { $0.runs.first?.text.hasPrefix("•") == true }
        XCTAssertEqual(bullets.count, 2, "MuPDF lays the bullets out with the text")
        XCTAssertTrue(blocks.flatMap(\.lines).contains { $0.runs.first?.text.hasPrefix("2. Second step") == true })
    }
}
