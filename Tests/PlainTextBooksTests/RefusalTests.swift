import Glibc
import PlainTextBooks
import XCTest

/// Files that are not plain-text books are refused, by name, without reading what need not be read.
final class RefusalTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try BookFixtures.makeFolder() }
    override func tearDown() { if !folder.isEmpty { BookFixtures.remove(folder) } }

    private func error(reading bytes: [UInt8]?, named name: String) -> PlainTextError? {
        let path = folder + "/" + name
        if let bytes { BookFixtures.write(bytes, to: path) }
        do {
            _ = try PlainTextBook(path: path)
            return nil
        } catch {
            return error as? PlainTextError
        }
    }

    func testBinaryFilesAreNotText() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 7, count: 100)
        XCTAssertEqual(error(reading: png, named: "picture.txt"), .notText("PNG image"))
        XCTAssertEqual(error(reading: [UInt8](repeating: 0, count: 4096), named: "nuls.txt"), .notText("NUL bytes"))
        XCTAssertEqual(error(reading: Array("%PDF-1.7\n".utf8) + [0xE2, 0xE3, 0xCF, 0xD3], named: "book.txt"), .notText("PDF document"))
        let binary = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        XCTAssertNotNil(error(reading: binary, named: "data.txt").flatMap { if case .notText = $0 { return $0 } else { return nil } })
        // 16-bit samples: a zero high byte in every pair, as UTF-16 Latin text has, but no text in them.
        let samples = (0..<4096).flatMap { [UInt8(truncatingIfNeeded: $0 % 31 + 1), UInt8(0)] }
        XCTAssertEqual(error(reading: samples, named: "samples.txt"), .notText("control characters"))
        XCTAssertEqual(PlainTextError.notText("PNG image").description, "is not text (PNG image)")
    }

    func testAStrayNULIsDroppedNotRefused() throws {
        let book = try PlainTextBook(bytes: Array("One\u{0} line of text, and a second one after it.\n".utf8))
        XCTAssertEqual(book.text, "One line of text, and a second one after it.\n")
    }

    func testEmptyMissingAndFolder() {
        XCTAssertEqual(error(reading: [], named: "empty.txt"), .empty)
        XCTAssertEqual(error(reading: [0xEF, 0xBB, 0xBF], named: "bom-only.txt"), .empty)
        XCTAssertEqual(error(reading: nil, named: "missing.txt"), .missing)
        XCTAssertEqual(error(reading: nil, named: "missing/inside.txt"), .missing)
        XCTAssertEqual(mkdir(folder + "/folder.txt", 0o755), 0)
        XCTAssertEqual(error(reading: nil, named: "folder.txt"), .isDirectory)
        XCTAssertThrowsError(try PlainTextBook(bytes: [])) { XCTAssertEqual($0 as? PlainTextError, .empty) }
        XCTAssertEqual(PlainTextError.missing.description, "no such file")
    }

    /// A 1 GB file (sparse: nothing written) is refused from its size, not after reading it.
    func testHugeFileIsRefusedWithoutReadingIt() throws {
        let path = folder + "/huge.txt"
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(ftruncate(descriptor, 1 << 30), 0)
        close(descriptor)
        let start = Date()
        XCTAssertEqual(error(reading: nil, named: "huge.txt"), .tooLarge(1 << 30))
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        XCTAssertTrue(PlainTextError.tooLarge(1 << 30).description.contains("1073741824 bytes"))
        XCTAssertThrowsError(try PlainTextBook(bytes: [UInt8](repeating: 0x41, count: PlainTextBook.maximumBytes + 1))) {
            XCTAssertEqual($0 as? PlainTextError, .tooLarge(PlainTextBook.maximumBytes + 1))
        }
    }
}
