import Foundation
import Raster
import ReflowDocuments
import TestSupport
import XCTest

/// What MuPDF may do to the process: allocate without bound, or write on the user's terminal.
final class EngineLimitsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A PNG whose header claims 20,000 × 20,000 pixels (1.2 GB decoded, within what MuPDF
    /// itself allows) over one pixel of data.
    private func hugePNG() -> [UInt8] {
        var png = TestBooks.png(width: 1, height: 1, color: .black)
        for (offset, value) in [(16, 20_000), (20, 20_000)] {
            png[offset] = UInt8(value >> 24 & 0xFF)
            png[offset + 1] = UInt8(value >> 16 & 0xFF)
            png[offset + 2] = UInt8(value >> 8 & 0xFF)
            png[offset + 3] = UInt8(value & 0xFF)
        }
        let crc = TestZip.crc32(Array(png[12..<29]))
        png[29] = UInt8(crc >> 24)
        png[30] = UInt8(crc >> 16 & 0xFF)
        png[31] = UInt8(crc >> 8 & 0xFF)
        png[32] = UInt8(crc & 0xFF)
        return png
    }

    func testAnImageTooLargeToDecodeIsAnErrorNotTheProcessKilled() throws {
        let zip = TestZip.make([
            TestZip.Entry("01.png", hugePNG()),
            TestZip.Entry("02.png", TestBooks.png(width: 10, height: 10, color: .black)),
        ])
        let path = try TestBooks.write(zip, named: "huge.cbz", in: folder)
        let start = Date()
        let document: ReflowDocument
        do {
            document = try ReflowDocument(path: path)
        } catch let error as ReflowError {
            // Refusing the whole comic is an answer too, as long as it is one error.
            if case .tooLarge = error { return }
            if case .damaged = error { return }
            throw error
        }
        XCTAssertNil(document.coverImage(maxPixels: 100), "its cover cannot be decoded within the cap")
        // MuPDF asks the capped allocator for 1.2 GB, is refused, and says so (RSS stays near 135 MB).
        XCTAssertThrowsError(try document.render(page: 1, width: 50, height: 50)) {
            XCTAssertEqual($0 as? ReflowError, .tooLarge("needs more memory than a book may use"))
        }
        let second = try document.render(page: 2, width: 10, height: 10)
        XCTAssertEqual(second.pixel(x: 5, y: 5), .black, "the document still works after the failure")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testDocumentsOnSeveralThreadsAtOnce() throws {
        // Each document has its own fz_context, so books may be read on as many threads as there are books.
        let epub = TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Threads</dc:title>"))
        let path = try TestBooks.write(epub, named: "threads.epub", in: folder)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                let document = try ReflowDocument(path: path, layout: ReflowLayout(width: 200 + Double(index) * 20, height: 300, fontSize: 12))
                results.append((1...document.pageCount).map(document.pageText).joined(separator: "\n").replacingOccurrences(of: "\n", with: " "))
            } catch {
                results.append("\(error)")
            }
        }
        XCTAssertEqual(results.values.count, 8)
        for text in results.values { XCTAssertTrue(text.contains("Paragraph 20 of Chapter Two"), String(text.prefix(300))) }
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ value: String) { lock.withLock { stored.append(value) } }
        var values: [String] { lock.withLock { stored } }
    }

    func testMuPDFWritesNothingOnTheTerminal() throws {
        let broken = TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Broken</dc:title>", manifest: """
            <item id="missing" href="missing.xhtml" media-type="application/xhtml+xml"/>
            <item id="bad" href="bad.png" media-type="image/png" properties="cover-image"/>
            """, spine: "<itemref idref=\"missing\"/>"), extra: [TestZip.Entry("OEBPS/bad.png", "not a png at all")])
        let path = try TestBooks.write(broken, named: "broken.epub", in: folder)
        let captured = folder.appendingPathComponent("stderr.txt").path
        let saved = dup(2)
        let file = Glibc.open(captured, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        dup2(file, 2)
        close(file)
        defer {
            dup2(saved, 2)
            close(saved)
        }
        let document = try? ReflowDocument(path: path)
        _ = document?.coverImage(maxPixels: 100)
        _ = document.map { (1...$0.pageCount).map($0.pageText) }
        _ = try? ReflowDocument(path: try TestBooks.write(hugePNG(), named: "huge.epub", in: folder))
        _ = try? ReflowDocument(xhtml: Array("<html><body><p>unclosed <b>tags &bogus; <img src=\"nowhere.png\"></body>".utf8))
        fflush(nil)
        dup2(saved, 2)
        let written = try String(contentsOfFile: captured, encoding: .utf8)
        XCTAssertEqual(written, "", "MuPDF's warnings are kept, not printed")
    }
}
