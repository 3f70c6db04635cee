import Foundation
import PDF
import TestSupport
import XCTest

/// A page's text is all of its lines, also after one that runs past the
/// right edge of the page (a long line of code in a manual): poppler's text
/// of the page's own rectangle stops there.
final class PageTextAreaTests: XCTestCase {
    func testALineRunningPastTheRightEdgeLosesNothingBelowIt() throws {
        let folder = try Fixtures.temporaryDirectory("page-text-area")
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = "procedure Put_Line (File : File_Type; Item : String) with Pre => Is_Open (File) and then "
            + "Mode (File) /= In_File, Global => (in out File_System);"
        let url = folder.appendingPathComponent("manual.pdf")
        try RawPDF.book(title: "Manual", pages: ["Before the code.\n\(code)\nThe line after the code.\nThe last line."])
            .write(to: url)
        let page = try XCTUnwrap(try PDFDocument(path: url.path).page(at: 0))

        let text = page.text
        XCTAssertTrue(text.hasPrefix("Before the code.\nprocedure Put_Line"), text)
        XCTAssertTrue(text.contains("The line after the code.\nThe last line."), text)
        let (glyphText, glyphs) = page.textAndGlyphs()
        XCTAssertEqual(glyphText, text)
        XCTAssertEqual(glyphs.count, text.count, "a box for every character")
        XCTAssertEqual(page.textLines().map(\.text).last, "The last line.")
        // What is past the edge is not on the page, as pdftotext has it.
        XCTAssertFalse(text.contains("File_System"), text)
    }
}
