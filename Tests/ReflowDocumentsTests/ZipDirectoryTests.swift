import Foundation
@testable import ReflowDocuments
import TestSupport
import XCTest

/// The central directory reader on zips from Info-ZIP's zip, Zip64 included, which TestZip does not write.
final class ZipDirectoryTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") else { throw XCTSkip("needs /usr/bin/zip (Debian's zip)") }
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func zip(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        process.arguments = ["-q", "-X"] + arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "zip \(arguments)")
    }

    func testZip64DirectoryAndARealHighRatio() throws {
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("a.txt"))
        try Data(count: 3_000_000).write(to: folder.appendingPathComponent("zeros.bin"))
        try zip(["-fz", "z64.zip", "a.txt", "zeros.bin"])
        let path = folder.appendingPathComponent("z64.zip").path
        let directory = try ZipDirectory.read(try XCTUnwrap(RandomAccessFile(path: path)))
        XCTAssertEqual(directory.entries.map(\.name), ["a.txt", "zeros.bin"])
        XCTAssertEqual(directory.entries.map(\.uncompressedSize), [6, 3_000_000])
        XCTAssertLessThan(directory.entries[1].compressedSize, 15_000, "3 MB of zeros deflate to a few kilobytes")
        // 3 MB of zeros really are squeezed more than 200 to 1: what a bomb is made of.
        XCTAssertThrowsError(try ZipSafety.check(directory)) {
            guard case .unsafe(let reason) = $0 as? ReflowError else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.hasPrefix("looks like a zip bomb: zeros.bin would inflate"), reason)
        }
    }

    func testAnEPUBZippedWithZip64Opens() throws {
        for (name, text) in [("mimetype", "application/epub+zip"), ("META-INF/container.xml", TestBooks.container),
                             ("OEBPS/content.opf", TestBooks.opf(metadata: "<dc:title>Zip64</dc:title>")),
                             ("OEBPS/one.xhtml", TestBooks.chapter("One")), ("OEBPS/two.xhtml", TestBooks.chapter("Two"))] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try zip(["-0", "-fz", "book.epub", "mimetype"])
        try zip(["-r", "-fz", "book.epub", "META-INF", "OEBPS"])
        let document = try ReflowDocument(path: folder.appendingPathComponent("book.epub").path)
        XCTAssertEqual(document.format, .epub)
        XCTAssertEqual(document.metadata.title, "Zip64")
        XCTAssertTrue(document.pageText(1).contains("Paragraph 1 of One"))
    }

    func testNamesThatAreSafe() {
        for name in ["OEBPS/x..y.xhtml", "..hidden/file", "a/b/c.png", "mimetype", "dir/"] {
            XCTAssertFalse(ZipSafety.isUnsafe(name: name), name)
        }
        for name in ["..", "../x", "a/../../b", "/x", "\\x", "c:/x", "a\\..\\b"] {
            XCTAssertTrue(ZipSafety.isUnsafe(name: name), name)
        }
    }
}
