import Foundation
import TestSupport
import XCTest

/// `read` of a laid-out book shows its structure: headings, emphasis, quotes and lists
/// indented, footnote markers in brackets; styled on a terminal, plain through a pipe.
final class StructuredReadTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("structured-read")
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func structuredBook() throws -> String {
        let chapter = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>The Harbour</title></head>
            <body><h1>The Harbour</h1>
            <p>A plain paragraph with <em>emphasis</em> and <strong>strong words</strong> and a note<sup><a href="#n1">1</a></sup> in it.</p>
            <blockquote><p>A quoted passage, set in from the margin.</p></blockquote>
            <ul><li>First bullet</li><li>Second bullet, long enough to run over the width of a narrow terminal and hang under its text</li></ul>
            <ol><li>First step</li><li>Second step</li></ol>
            <p id="n1">1. The footnote.</p>
            <p>April is the cruellest month,<br/>breeding lilacs out of the dead land,<br/>mixing memory and desire,<br/>stirring dull roots with spring rain.</p>
            <p style="text-align: center">A centred line</p>
            </body></html>
            """
        let opf = """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Structure</dc:title><dc:identifier id="uid">s</dc:identifier></metadata>
              <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest>
              <spine><itemref idref="c"/></spine>
            </package>
            """
        let entries = [ZipWriter.Entry("mimetype", "application/epub+zip"),
                       ZipWriter.Entry("META-INF/container.xml", """
                           <?xml version="1.0"?>
                           <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                             <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                           </container>
                           """),
                       ZipWriter.Entry("OEBPS/content.opf", opf), ZipWriter.Entry("OEBPS/c.xhtml", chapter)]
        let path = library.root.appendingPathComponent("structure.epub").path
        try Data(ZipWriter.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testPipedReadIsPlainWithItsStructure() throws {
        XCTAssertEqual(try library.ibook("add", try structuredBook()).status, 0)
        let read = try library.ibook("read", "1")
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertFalse(read.stdout.contains("\u{1B}"), "no escape sequences through a pipe")
        XCTAssertEqual(read.stdoutLines.filter { !$0.isEmpty }, [
            "Structure — page 1 of 1",
            "The Harbour",
            "A plain paragraph with emphasis and strong words and a note[1] in it.",
            "    A quoted passage, set in from the margin.",
            "  • First bullet",
            "  • Second bullet, long enough to run over the width of a narrow terminal and",
            "    hang under its text",
            "  1. First step",
            "  2. Second step",
            "1. The footnote.",
            // Verse keeps its lines; a centred line is centred in 80 columns.
            "April is the cruellest month,",
            "breeding lilacs out of the dead land,",
            "mixing memory and desire,",
            "stirring dull roots with spring rain.",
            String(repeating: " ", count: 33) + "A centred line",
        ])
        // What a script reads stays the stored text.
        let json = try library.ibook("read", "1", "--json")
        XCTAssertTrue(json.stdout.contains("\"text\":\"The Harbour\\n\\nA plain paragraph"), json.stdout)
    }

    func testATerminalGetsBoldAndItalic() throws {
        XCTAssertEqual(try library.ibook("add", try structuredBook()).status, 0)
        var environment = library.environment
        environment.removeValue(forKey: "NO_COLOR")
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal(Run.ibookPath, ["read", "1"], environment: environment, columns: 60, rows: 40)
        XCTAssertEqual(terminal.waitForExit(timeout: 20), 0)
        let lines = String(decoding: terminal.read(), as: UTF8.self).components(separatedBy: "\r\n")
        XCTAssertTrue(lines.contains("\u{1B}[1mThe Harbour\u{1B}[22m"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("A plain paragraph with \u{1B}[3memphasis\u{1B}[23m and \u{1B}[1mstrong words\u{1B}[22m and a"),
                      lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("note[1] in it."), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.allSatisfy { $0.replacingOccurrences(of: "\u{1B}[", with: "").count <= 70 }, "wrapped to 60 columns")

        environment["NO_COLOR"] = "1"
        let plain = try PseudoTerminal(Run.ibookPath, ["read", "1"], environment: environment, columns: 60, rows: 40)
        XCTAssertEqual(plain.waitForExit(timeout: 20), 0)
        let text = String(decoding: plain.read(), as: UTF8.self)
        XCTAssertFalse(text.contains("\u{1B}[3m"), text)
        XCTAssertTrue(text.contains("A plain paragraph with emphasis and strong words and a\r\n"), text)
    }
}
