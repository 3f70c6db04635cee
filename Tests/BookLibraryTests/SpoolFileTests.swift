@testable import BookIndexing
import BookLibrary
import Foundation
import PDF
import TestSupport
import XCTest

/// The spool an extraction streams a book through: records come back as
/// written, and a record torn by a worker that died mid-write reads as the end.
final class SpoolFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryDirectory("spool")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private let pages = [
        PageRecord(page: 1, label: nil, text: "", annotations: nil),
        PageRecord(page: 2, label: "ii", text: "Quotes \" and \\ backslashes,\nlines, tabs\tand 春には桜が咲きます。", annotations: []),
        PageRecord(page: 3, label: "", text: String(repeating: "lighthouse keeper ", count: 5_000), annotations: [
            NewAnnotation(page: 3, kind: .highlight, source: .pdf, text: "keeper", textSpan: 11...16, note: "a note",
                          author: "Ann", color: "#ffff00", boxes: [AnnotationBox(x1: 1, y1: 2, x2: 3, y2: 4)],
                          pageSize: (595, 842), createdAt: Date(timeIntervalSince1970: 1_700_000_000)),
        ]),
    ]

    private func write(to path: String) throws {
        let writer = try SpoolWriter(path: path)
        try writer.write(.document(DocumentRecord(metadata: DeclaredMetadata(title: "A title", created: Date(timeIntervalSince1970: 86_400),
                                                                                     catalogLanguage: "de"),
                                                  pageCount: pages.count, outline: [])))
        for page in pages { try writer.write(.page(page)) }
        try writer.write(.end(EndRecord(thumbnail: "/tmp/cover.png", diagnostics: ["Syntax Error: something"])))
        writer.flush()
    }

    private func readAll(_ path: String) throws -> [ExtractionRecord] {
        let reader = try XCTUnwrap(SpoolReader(path: path))
        var records: [ExtractionRecord] = []
        while let record = reader.next() { records.append(record) }
        return records
    }

    func testRecordsComeBackAsWritten() throws {
        let path = folder.appendingPathComponent("book.spool").path
        try write(to: path)
        let records = try readAll(path)
        XCTAssertEqual(records.count, 5)
        guard case .document(let document) = records[0] else { return XCTFail("\(records[0])") }
        XCTAssertEqual(document.metadata.title, "A title")
        XCTAssertEqual(document.metadata.created, Date(timeIntervalSince1970: 86_400))
        XCTAssertEqual(document.metadata.catalogLanguage, "de")
        for (index, page) in pages.enumerated() {
            guard case .page(let read) = records[index + 1] else { return XCTFail("\(records[index + 1])") }
            XCTAssertEqual(read.page, page.page)
            XCTAssertEqual(read.label, page.label)
            XCTAssertEqual(read.text, page.text)
            XCTAssertEqual(read.annotations, page.annotations)
        }
        guard case .end(let end) = records[4] else { return XCTFail("\(records[4])") }
        XCTAssertEqual(end.thumbnail, "/tmp/cover.png")
        XCTAssertEqual(end.diagnostics, ["Syntax Error: something"])
    }

    func testATornRecordReadsAsTheEnd() throws {
        let path = folder.appendingPathComponent("book.spool").path
        try write(to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(try readAll(path).count, 5)
        // Cut in the end record, inside the long third page, inside the first record, inside a header.
        for (cut, left) in [(whole.count - 1, 4), (whole.count - 5_000, 3), (20, 0), (3, 0)] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try readAll(path).count, left, "cut at \(cut) of \(whole.count) bytes")
        }
    }
}
