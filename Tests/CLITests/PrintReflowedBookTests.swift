import Foundation
import TestSupport
import XCTest

/// `ibook print` on books that are not PDFs: laid out on the paper with a printed book's margins,
/// written as a temporary PDF, and sent through the same pipeline (pages, dry run, --wait) to a
/// private cupsd (PrivateCups) whose queue writes what it prints to a file.
final class PrintReflowedBookTests: XCTestCase {
    var cups: PrivateCups!
    var library: TestLibrary!
    var scratch: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/cupsd"),
              FileManager.default.fileExists(atPath: PrivateCups.ppd) else {
            throw XCTSkip("LOUDLY SKIPPED: cupsd or cups-filters is missing (run `make deps`); no real CUPS to print to")
        }
        cups = try PrivateCups()
        library = try TestLibrary("print-reflowed")
        scratch = try Fixtures.temporaryDirectory("print-reflowed-tmp")
        do {
            try cups.start()
            try cups.addQueue()
        } catch {
            cups.stop()
            throw error
        }
    }

    override func tearDown() {
        cups?.stop()
        cups?.remove()
        cups = nil
        library?.remove()
        library = nil
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    @discardableResult
    func ibook(_ arguments: String..., environment extra: [String: String] = [:]) throws -> Run.Result {
        var environment = library.environment
        environment["CUPS_SERVER"] = cups.socket
        environment["TMPDIR"] = scratch.path
        for name in ["LPDEST", "PRINTER", "LC_ALL", "LC_PAPER", "LANG"] { environment[name] = nil }
        for (key, value) in extra { environment[key] = value }
        if arguments.first == "print" { try cups.emptyOutput() }
        return try Run.process(Run.ibookPath, arguments, environment: environment)
    }

    /// An EPUB of three chapters, each a heading and forty paragraphs: several A4 pages.
    func generatedBook() throws -> String {
        func chapter(_ number: Int) -> String {
            let paragraphs = (1...40).map { "<p>Paragraph \($0) of chapter \(number): the sea was calm and the whale far away.</p>" }
            return """
                <?xml version="1.0" encoding="utf-8"?>
                <html xmlns="http://www.w3.org/1999/xhtml"><head><title>C\(number)</title></head>
                <body><h1>Chapter \(number) begins</h1>\(paragraphs.joined(separator: "\n"))</body></html>
                """
        }
        let opf = """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Sea Book</dc:title><dc:identifier id="uid">sea</dc:identifier></metadata>
              <manifest>\((1...3).map { "<item id=\"c\($0)\" href=\"c\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }.joined())</manifest>
              <spine>\((1...3).map { "<itemref idref=\"c\($0)\"/>" }.joined())</spine>
            </package>
            """
        var entries = [ZipWriter.Entry("mimetype", "application/epub+zip"),
                       ZipWriter.Entry("META-INF/container.xml", """
                           <?xml version="1.0"?>
                           <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                             <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                           </container>
                           """),
                       ZipWriter.Entry("OEBPS/content.opf", opf)]
        entries += (1...3).map { ZipWriter.Entry("OEBPS/c\($0).xhtml", chapter($0)) }
        let path = scratch.appendingPathComponent("sea.epub").path
        try Data(ZipWriter.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func plan(_ result: Run.Result) throws -> [String: Any] {
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try XCTUnwrap(output?["plan"] as? [String: Any], result.stdout)
    }

    func assertNoTemporaryCopies(file: StaticString = #filePath, line: UInt = #line) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix("ibook-print-") }
        XCTAssertEqual(left, [], "temporary copies left behind", file: file, line: line)
    }

    func testADryRunCountsThePagesOfThePrintedLayout() throws {
        let book = try generatedBook()
        let a4 = try ibook("print", book, "-d", "TestPDF", "--dry-run", "--json")
        XCTAssertEqual(a4.status, 0, a4.stderr)
        let a4Plan = try plan(a4)
        let a4Pages = try XCTUnwrap(a4Plan["pageCount"] as? Int)
        XCTAssertGreaterThan(a4Pages, 3)
        XCTAssertEqual(a4Plan["temporaryCopy"] as? [String], ["laid out on A4"])
        let options = a4Plan["options"] as? [[String: String]] ?? []
        XCTAssertTrue(options.contains { $0["name"] == "media" && $0["value"] == "A4" }, "\(options)")

        // A smaller paper holds less of the book on each page; a US locale's paper is Letter.
        let a5 = try plan(try ibook("print", book, "-d", "TestPDF", "--media", "A5", "--dry-run", "--json"))
        XCTAssertGreaterThan(try XCTUnwrap(a5["pageCount"] as? Int), a4Pages)
        let letter = try plan(try ibook("print", book, "-d", "TestPDF", "--dry-run", "--json", environment: ["LANG": "en_US.UTF-8"]))
        XCTAssertEqual(letter["temporaryCopy"] as? [String], ["laid out on Letter"])

        let text = try ibook("print", book, "-d", "TestPDF", "--pages", "2-3", "--dry-run")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("Pages:    2-3 (2 pages)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("a temporary copy (laid out on A4)"), text.stdout)
        try assertNoTemporaryCopies()

        // A library book prints as its file does.
        XCTAssertEqual(try ibook("add", book).status, 0)
        let byID = try plan(try ibook("print", "1", "-d", "TestPDF", "--dry-run", "--json"))
        XCTAssertEqual(byID["pageCount"] as? Int, a4Pages)
        XCTAssertEqual(byID["title"] as? String, "Sea Book")

        let beyond = try ibook("print", book, "-d", "TestPDF", "--pages", "\(a4Pages + 1)", "--dry-run")
        XCTAssertEqual(beyond.status, 1, beyond.stdout)
        let unknown = try ibook("print", book, "-d", "TestPDF", "--media", "Napkin", "--dry-run")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("cannot lay the book out on paper 'Napkin'"), unknown.stderr)
        // A PDF keeps its pages: any paper name goes to CUPS as it is.
        let pdf = try ibook("print", Fixtures.sampleBook("lighthouses.pdf"), "-d", "TestPDF", "--media", "Napkin", "--dry-run")
        XCTAssertEqual(pdf.status, 0, pdf.stderr)
        XCTAssertTrue(pdf.stdout.contains("media=Napkin"), pdf.stdout)
        XCTAssertFalse(pdf.stdout.contains("laid out"), pdf.stdout)
    }

    func testAPlainTextBookIsLaidOutToo() throws {
        let lines = (1...400).map { "Line \($0) of a plain text book that goes on long enough to fill pages." }
        let book = scratch.appendingPathComponent("plain.txt")
        try ("CHAPTER I\n\n" + lines.joined(separator: "\n\n") + "\n").write(to: book, atomically: true, encoding: .utf8)
        let result = try ibook("print", book.path, "-d", "TestPDF", "--pages", "2", "--wait")
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try Run.process("/usr/bin/pdftotext", [cups.output, "-"]).stdout
        XCTAssertFalse(text.contains("Line 1 of"), "page 2 only")
        XCTAssertTrue(text.contains("of a plain text book"), text)
        try assertNoTemporaryCopies()
    }

    func testMobyDickDryRun() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let book = corpus.appendingPathComponent("epub/moby-dick.epub").path
        guard FileManager.default.fileExists(atPath: book) else { throw XCTSkip("the corpus has no epub/moby-dick.epub") }
        let result = try ibook("print", book, "-d", "TestPDF", "--pages", "100-110", "--dry-run", "--json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let moby = try plan(result)
        XCTAssertEqual(moby["pages"] as? [Int], Array(100...110))
        XCTAssertEqual(moby["file"] as? String, book)
        let all = try plan(try ibook("print", book, "-d", "TestPDF", "--dry-run", "--json"))
        // A4 with 15 mm margins and 11 pt text holds more than the 450×600 pt reading pages (622).
        let count = try XCTUnwrap(all["pageCount"] as? Int)
        XCTAssertTrue((250..<622).contains(count), "\(count)")
        try assertNoTemporaryCopies()
    }

    func testAPrintedEPUBHasThePapersSizeAndTheBooksText() throws {
        let book = try generatedBook()
        let result = try ibook("print", book, "-d", "TestPDF", "--pages", "1-2", "--wait")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Sent 2 pages to \"TestPDF\" as job "), result.stdout)
        let info = try Run.process("/usr/bin/pdfinfo", [cups.output]).stdout
        XCTAssertTrue(info.contains("Pages:           2"), info)
        XCTAssertTrue(info.contains("Page size:       595 x 842 pts (A4)"), info)
        let text = try Run.process("/usr/bin/pdftotext", [cups.output, "-"]).stdout
        XCTAssertTrue(text.contains("Chapter 1 begins"), text)
        XCTAssertTrue(text.contains("Paragraph 1 of chapter 1"), text)
        XCTAssertFalse(text.contains("Chapter 3 begins"), "page ranges count the printed pages")
        try assertNoTemporaryCopies()

        // Two-up of the selected pages, watermarked: the laid-out copy goes through the PDF pipeline.
        let nup = try ibook("print", book, "-d", "TestPDF", "--pages", "1-2", "--number-up", "2", "--watermark", "PROOF", "--angle", "0", "--wait")
        XCTAssertEqual(nup.status, 0, nup.stderr)
        let sheet = try Run.process("/usr/bin/pdfinfo", [cups.output]).stdout
        XCTAssertTrue(sheet.contains("Pages:           1"), sheet)
        let sheetText = try Run.process("/usr/bin/pdftotext", [cups.output, "-"]).stdout
        XCTAssertTrue(sheetText.contains("PROOF"), sheetText)
        XCTAssertTrue(sheetText.contains("Chapter 1 begins"), sheetText)
        try assertNoTemporaryCopies()
    }
}
