import Foundation
@testable import PDF
import TestSupport
import XCTest

/// PageText keeps the fonts a document's pages have made and gives later pages
/// the same ones (FontCache): each way a page can name its fonts reads as
/// poppler-glib reads it, on a PDF written here with one page for each.
final class FontCacheTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryDirectory("fontcache") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A PDF of one page per entry: its /Font resource as written, and the text it shows with /F1 or /F9.
    private func pdf(_ pages: [(fonts: String, tag: String, text: String)], extra: [String] = []) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", ""]
        var kids: [String] = []
        // Object 3: a font every page may point at; 4: a font dictionary (a reference) with a font written in it.
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        objects.append("<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Courier >> >>")
        objects += extra
        for page in pages {
            let stream = "BT /\(page.tag) 12 Tf 72 700 Td (\(page.text)) Tj ET"
            objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
            let contents = objects.count
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font \(page.fonts) >> /Contents \(contents) 0 R >>")
            kids.append("\(objects.count) 0 R")
        }
        objects[1] = "<< /Type /Pages /Kids [\(kids.joined(separator: " "))] /Count \(kids.count) >>"
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    private func pages(of data: Data) throws -> [(onePass: String, glib: String, sameBoxes: Bool)] {
        let file = folder.appendingPathComponent("fonts-\(UUID().uuidString.prefix(6)).pdf")
        try data.write(to: file)
        let document = try PDFDocument(path: file.path, mapped: true)
        XCTAssertNotNil(document.pageText, "PageText opens it")
        return (0..<document.pageCount).compactMap { index in
            guard let page = document.page(at: index) else { return nil }
            let glib = page.withSelectionText { text, boxes in (text, boxes.map(Array.init) ?? []) }
            let onePass = page.withPopplerText { text, boxes in (text, boxes.map(Array.init) ?? []) }
            let sameBoxes = glib.1.count == onePass.1.count && zip(glib.1, onePass.1).allSatisfy {
                $0.x1 == $1.x1 && $0.y1 == $1.y1 && $0.x2 == $1.x2 && $0.y2 == $1.y2
            }
            return (onePass.0, glib.0, sameBoxes)
        }
    }

    func testEveryWayOfNamingAFontReadsAsPopplerGlibReadsIt() throws {
        let read = try pages(of: pdf([
            ("<< /F1 3 0 R >>", "F1", "Helvetica first"),
            // The same font under another name: GfxFont::matches compares the name it was made with.
            ("<< /F9 3 0 R >>", "F9", "Helvetica renamed"),
            // A font written into a font dictionary that is itself a reference: known by its place there.
            ("4 0 R", "F1", "Courier by place"),
            // A font written into the page's own dictionary: made as poppler makes it, every time.
            ("<< /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >> >>", "F1", "Times in the page"),
            ("<< /F1 3 0 R >>", "F1", "Helvetica again"),
            // A name the page does not give a font: no text, as poppler has it.
            ("<< /F1 3 0 R >>", "F7", "unknown tag"),
        ]))
        XCTAssertEqual(read.map(\.onePass), ["Helvetica first", "Helvetica renamed", "Courier by place", "Times in the page",
                                            "Helvetica again", ""])
        for (number, page) in read.enumerated() {
            XCTAssertEqual(Array(page.onePass.utf8), Array(page.glib.utf8), "page \(number + 1)")
            XCTAssertTrue(page.sameBoxes, "page \(number + 1)'s boxes")
        }
    }

    /// More fonts than the cache keeps (1,024): it starts again and the pages read the same.
    func testAFileWithAFontOnEveryPageReadsTheSamePastTheCachesLimit() throws {
        let count = 1_100
        let bases = ["Times-Roman", "Courier", "Helvetica-Bold", "Symbol"]
        // Objects 5 on: a font object of its own for each page, beside the shared object 3.
        let fonts = (0..<count).map { "<< /Type /Font /Subtype /Type1 /BaseFont /\(bases[$0 % bases.count]) >>" }
        let read = try pages(of: pdf((0..<count).map { index in
            ("<< /F1 3 0 R /F9 \(5 + index) 0 R >>", index % 2 == 0 ? "F9" : "F1", "page \(index + 1) of many")
        }, extra: fonts))
        XCTAssertEqual(read.count, count)
        XCTAssertEqual(read.last?.glib, "page \(count) of many")
        for (number, page) in read.enumerated() where Array(page.onePass.utf8) != Array(page.glib.utf8) || !page.sameBoxes {
            XCTFail("page \(number + 1): \(page.onePass.debugDescription) against \(page.glib.debugDescription)")
        }
    }

    func testAFontThatIsNotADictionaryIsNoFontOnEveryPage() throws {
        // Object 5 is a number where a font should be.
        let read = try pages(of: pdf([
            ("<< /F1 5 0 R >>", "F1", "not a font"),
            ("<< /F1 5 0 R >>", "F1", "still not"),
            ("<< /F1 3 0 R >>", "F1", "a real one"),
        ], extra: ["42"]))
        XCTAssertEqual(read.map(\.glib), ["", "", "a real one"])
        XCTAssertEqual(read.map(\.onePass), read.map(\.glib))
    }
}
