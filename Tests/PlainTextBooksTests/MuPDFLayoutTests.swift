import Foundation
import PlainTextBooks
import XCTest

/// The XHTML laid out by MuPDF, as the reader's pages will be: `mutool draw` (mupdf-tools) opens it and
/// its text comes back in order, headings apart from paragraphs. Skipped where mutool is not installed.
final class MuPDFLayoutTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try BookFixtures.makeFolder() }
    override func tearDown() { if !folder.isEmpty { BookFixtures.remove(folder) } }

    private func laidOutText(_ book: PlainTextBook, named name: String) throws -> String {
        let mutool = "/usr/bin/mutool"
        guard FileManager.default.isExecutableFile(atPath: mutool) else { throw XCTSkip("mutool (mupdf-tools) is not installed") }
        let path = folder + "/" + name + ".xhtml"
        BookFixtures.write(book.xhtml(), to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mutool)
        process.arguments = ["draw", "-q", "-F", "txt", "-o", folder + "/" + name + ".txt", path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try String(contentsOfFile: folder + "/" + name + ".txt", encoding: .utf8)
    }

    func testMuPDFLaysOutTheBooks() throws {
        let chinese = try laidOutText(PlainTextBook(bytes: BookFixtures.encode(BookFixtures.chinese, as: "GB18030")), named: "zh")
        XCTAssertTrue(chinese.contains("第一章 风起云涌\n"), chinese)
        XCTAssertTrue(chinese.contains("\n天色渐渐暗了下来"), chinese)

        let text = BookFixtures.gutenberg(title: "The Test Book", paragraphs: BookFixtures.windows1252Paragraphs)
        let english = try laidOutText(PlainTextBook(bytes: BookFixtures.encode(text, as: "WINDOWS-1252")), named: "en")
        XCTAssertTrue(english.contains("CHAPTER I.\nThe Beginning\n"), english)
        XCTAssertTrue(english.contains("“Well,” said Alice"), english)
    }
}
