import Foundation
import PDF
import TestSupport
import XCTest

/// The poppler wrapper against the generated sample books and broken files.
final class PDFDocumentTests: XCTestCase {
    func testReadsMetadataLabelsAndOutlineTheGeneratorWrote() throws {
        for want in try Fixtures.expected.books where want.isPDF {
            let document = try PDFDocument(path: Fixtures.sampleBook(want.file))
            XCTAssertEqual(document.pageCount, want.pageCount, want.file)
            let metadata = document.metadata
            XCTAssertEqual(metadata.title, want.title, want.file)
            XCTAssertEqual(metadata.author, want.author, want.file)
            XCTAssertEqual(metadata.subject, want.subject, want.file)
            let outline = document.outline()
            XCTAssertEqual(outline.map(\.title), want.outline.map(\.title), want.file)
            XCTAssertEqual(outline.map(\.depth), want.outline.map(\.depth), want.file)
            XCTAssertEqual(outline.map(\.page), want.outline.map(\.page), want.file)
            if let labels = want.labels, !labels.isEmpty {
                XCTAssertEqual((0..<document.pageCount).map { document.page(at: $0)?.label }, labels, want.file)
            }
            for (index, size) in want.pageSizes.enumerated() {
                let page = try XCTUnwrap(document.page(at: index))
                XCTAssertEqual(page.size.width, size[0], accuracy: 0.5, "\(want.file) page \(index + 1)")
                XCTAssertEqual(page.size.height, size[1], accuracy: 0.5, "\(want.file) page \(index + 1)")
            }
        }
    }

    func testProbeWordsAreOnExactlyTheirPages() throws {
        for want in try Fixtures.expected.books where want.isPDF && !want.probes.isEmpty {
            let document = try PDFDocument(path: Fixtures.sampleBook(want.file))
            let texts = (0..<document.pageCount).map { document.page(at: $0)?.text ?? "" }
            for probe in want.probes {
                let found = texts.indices.filter { texts[$0].contains(probe.text) }.map { $0 + 1 }
                XCTAssertEqual(found, probe.pages, "\(want.file): \(probe.text)")
            }
        }
    }

    func testEachKindOfBadFileGetsItsOwnReason() throws {
        let folder = try Fixtures.temporaryDirectory("pdf")
        defer { try? FileManager.default.removeItem(at: folder) }
        func reason(_ url: URL, password: String? = nil) -> String? {
            do {
                _ = try PDFDocument(path: url.path, password: password)
                return nil
            } catch {
                return (error as? PDFError)?.description ?? "\(error)"
            }
        }
        XCTAssertEqual(reason(folder.appendingPathComponent("missing.pdf")), "no such file")
        XCTAssertEqual(reason(folder), "is a directory")
        XCTAssertEqual(reason(try BadFiles.zeroBytes(in: folder)), "is empty (0 bytes)")
        XCTAssertEqual(reason(try BadFiles.textFile(in: folder)), "is not a PDF (text file)")
        XCTAssertEqual(reason(try BadFiles.htmlFile(in: folder)), "is not a PDF (HTML document)")
        XCTAssertEqual(reason(try BadFiles.pngFile(in: folder)), "is not a PDF (PNG image)")
        XCTAssertEqual(reason(try BadFiles.randomBytes(in: folder)), "is not a PDF (no PDF header)")
        XCTAssertTrue(reason(try BadFiles.randomBytes(in: folder, name: "r.pdf", pdfHeader: true))?.hasPrefix("is damaged") ?? false)

        let gzip = folder.appendingPathComponent("book.pdf.gz")
        let compressed = try Run.process("/bin/sh", ["-c", "gzip -c '\(Fixtures.sampleBook("untitled-notes.pdf"))' > '\(gzip.path)'"])
        XCTAssertEqual(compressed.status, 0)
        XCTAssertEqual(reason(gzip), "is not a PDF (gzip-compressed data)")

        let locked = try BadFiles.encrypted(Fixtures.sampleBook("untitled-notes.pdf"), userPassword: "pässwört", in: folder, name: "locked.pdf")
        XCTAssertEqual(reason(locked), "needs a password")
        XCTAssertEqual(reason(locked, password: "wrong"), "wrong password")
        XCTAssertNil(reason(locked, password: "pässwört"))
    }

    func testThumbnailsClampAbsurdPageSizesAndKeepTheAspect() throws {
        let folder = try Fixtures.temporaryDirectory("png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try PDFDocument(path: Fixtures.sampleBook("atlas-landscape.pdf"))
        let output = folder.appendingPathComponent("cover.png").path
        try XCTUnwrap(document.page(at: 0)).writePNG(to: output, maxPixels: 128)
        let png = try Data(contentsOf: URL(fileURLWithPath: output))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(max(width, height), 128)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + ".tmp-\(getpid())"))
    }

    func testLayoutTextKeepsColumnsApart() throws {
        let document = try PDFDocument(path: Fixtures.sampleBook("lighthouses.pdf"))
        // Find a two-column page: its layout text has lines with a wide gap in the middle.
        var found = false
        for index in 0..<document.pageCount {
            let layout = try XCTUnwrap(document.page(at: index)).layoutText()
            let wideGaps = layout.split(separator: "\n").filter { $0.range(of: "     ") != nil && $0.count > 60 }
            if wideGaps.count > 5 { found = true; break }
        }
        XCTAssertTrue(found, "a two-column page keeps its columns apart in layout mode")
    }
}
