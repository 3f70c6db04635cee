import Foundation
import ReflowDocuments
import TestSupport
import XCTest

/// A book written out as a PDF at a layout: every page, the layout's size, its text.
final class WritePDFTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testThePDFHasEveryPageAtTheLayoutsSize() throws {
        let path = try TestBooks.write(TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Print</dc:title>")), named: "print.epub", in: folder)
        let document = try ReflowDocument(path: path, stylesheet: "@page{margin:42.52pt}")
        let a5 = ReflowLayout(width: 419.53, height: 595.28, fontSize: 11)
        let output = folder.appendingPathComponent("print.pdf").path
        try document.writePDF(to: output, layout: a5)
        XCTAssertEqual(document.layout, a5)
        let info = try Run.process("/usr/bin/pdfinfo", [output]).stdout
        XCTAssertTrue(info.contains("Pages:           \(document.pageCount)"), info)
        XCTAssertTrue(info.contains("Page size:       419.53 x 595.28 pts"), info)
        let text = try Run.process("/usr/bin/pdftotext", ["-f", "1", "-l", "1", output, "-"]).stdout
        XCTAssertTrue(text.contains("Chapter One"), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["print.epub", "print.pdf"])
        // The stylesheet's 15 mm margin: no text is drawn nearer the edge than that.
        let boxes = try Run.process("/usr/bin/pdftotext", ["-f", "1", "-l", "1", "-bbox", output, "-"]).stdout
        let xMins = boxes.split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("<word"), let range = line.range(of: "xMin=\"") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != "\"" })
        }
        XCTAssertFalse(xMins.isEmpty)
        XCTAssertGreaterThanOrEqual(xMins.min() ?? 0, 42)
    }

    func testAFolderThatIsNotThereIsATypedError() throws {
        let path = try TestBooks.write(TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Print</dc:title>")), named: "print.epub", in: folder)
        let document = try ReflowDocument(path: path)
        XCTAssertThrowsError(try document.writePDF(to: folder.appendingPathComponent("none/x.pdf").path, layout: .reference)) { error in
            guard case ReflowError.cannotWrite = error else { return XCTFail("\(error)") }
        }
    }
}
