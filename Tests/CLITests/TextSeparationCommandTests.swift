import Drawing
import Foundation
import TestSupport
import XCTest

/// Words that poppler-glib's page text runs together with their neighbours
/// (two text blocks side by side, a table's columns) are found by `search`;
/// `refresh` gives a library made by an older version the new text.
final class TextSeparationCommandTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("text-separation")
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    @discardableResult
    private func sql(_ script: String) throws -> String { try library.sql(script) }

    /// pdfminer's simple1.pdf: "Hello" and "World" 4 em apart, the space inside the first string.
    private func blocksPDF() throws -> String {
        var pdf = RawPDF.simple()
        pdf.setStream(4, data: Array("""
            BT /F1 24 Tf 100 700 Td 0 Tw 0 Tc [ (Hello ) -4166 (World) ] TJ
            0 -100 Td 100 Tw 0 Tc (Hello World) Tj ET
            """.utf8))
        let url = library.root.appendingPathComponent("blocks.pdf")
        try pdf.write(to: url)
        return url.path
    }

    /// A chronology table: each row a left cell and a right-aligned year.
    private func tablePDF() throws -> String {
        let path = library.root.appendingPathComponent("chronology.pdf").path
        let style = TextStyle(family: "DejaVu Serif", size: 10)
        try PDFRenderer(paper: .a5, orientation: .portrait).render(to: path) { canvas in
            for (index, row) in [("Guilds", "2550 BCE"), ("Water and Wind", "2500 BCE"), ("Wires and Signals", "2450 BCE")].enumerated() {
                let y = 90 + Double(index) * 16
                canvas.drawText(row.0, style: style, x: 51, y: y, width: 237)
                canvas.drawText(row.1, style: style.with(alignment: .trailing), x: 51, y: y, width: 317)
            }
        }
        return path
    }

    func testSearchFindsEachWordOfPiecesSideBySide() throws {
        XCTAssertEqual(try library.ibook("add", try blocksPDF(), try tablePDF()).status, 0)
        let world = try library.ibook("search", "--all", "World")
        XCTAssertEqual(world.status, 0, world.stderr)
        XCTAssertTrue(world.stdout.contains("p. 1: Hello [World] Hello World"), world.stdout)
        XCTAssertTrue(world.stderr.contains("2 matches on 1 page in 1 book"), world.stderr)
        let year = try library.ibook("search", "--all", "2500")
        XCTAssertTrue(year.stdout.contains("Water and Wind [2500] BCE"), year.stdout)
        let phrase = try library.ibook("search", "--all", "wind 2500 bce")
        XCTAssertTrue(phrase.stdout.contains("[Wind 2500 BCE]"), phrase.stdout)
        let read = try library.ibook("read", "--book", "2", "1")
        XCTAssertTrue(read.stdout.hasSuffix("\nGuilds 2550 BCE\nWater and Wind 2500 BCE\nWires and Signals 2450 BCE\n"), read.stdout)
    }

    func testRefreshGivesALibraryMadeBeforeTheNewTextAndKeepsWhatThePersonMade() throws {
        XCTAssertEqual(try library.ibook("add", try tablePDF()).status, 0)
        XCTAssertEqual(try library.ibook("bookmark", "1").status, 0)
        XCTAssertEqual(try library.ibook("tag", "+history", "1").status, 0)
        let highlighted = try library.ibook("highlight", "1", "Wind 2500 BCE", "--note", "the mills")
        XCTAssertEqual(highlighted.status, 0, highlighted.stderr)
        // What the previous version stored: the cells run together, and the highlight's span and text in that text.
        let old = "Guilds2550 BCE\nWater and Wind2500 BCE\nWires and Signals2450 BCE"
        try sql("""
            UPDATE pages SET text = '\(old)' WHERE book_id = 1 AND page = 1;
            UPDATE annotations SET text = 'Wind2500 BCE', text_start = 25, text_end = 36;
            """)
        XCTAssertEqual(try library.ibook("check", "--repair").status, 0)
        XCTAssertEqual(try library.ibook("search", "--all", "2500").stderr, "0 matches on 0 pages in 0 books\n")

        let refreshed = try library.ibook("refresh")
        XCTAssertEqual(refreshed.status, 0, refreshed.stderr)
        XCTAssertTrue(refreshed.stdout.hasPrefix("#1 "), refreshed.stdout)
        XCTAssertTrue(refreshed.stdout.hasSuffix("\n    text of 1 page read anew, index updated\n"), refreshed.stdout)
        XCTAssertEqual(refreshed.stderr, "1 checked, 1 changed, 0 failed\n")
        let year = try library.ibook("search", "--all", "2500")
        XCTAssertTrue(year.stdout.contains("Water and [Wind 2500] BCE") || year.stdout.contains("Water and Wind [2500] BCE"), year.stdout)
        XCTAssertTrue(year.stdout.contains("(marked #1)"), "the hit is still inside the highlight: \(year.stdout)")
        XCTAssertEqual(try sql("SELECT text, text_start, text_end FROM annotations"), "Wind 2500 BCE|26|38")
        XCTAssertTrue(try library.ibook("notes", "1").stdout.contains("“Wind 2500 BCE”"))
        XCTAssertTrue(try library.ibook("bookmarks", "--book", "1").stdout.contains("   1"))
        XCTAssertTrue(try library.ibook("list", "tag:history", "--json").stdout.contains(#""id":1"#))
        XCTAssertEqual(try library.ibook("check", "--index").stderr, "1 checked, 0 with problems; index: 1 page, in step\n")

        let again = try library.ibook("refresh", "--json")
        XCTAssertEqual(again.stderr, "1 checked, 0 changed, 0 failed\n")
        XCTAssertTrue(again.stdout.contains(#""pagesWithNewText":0"#), again.stdout)
        XCTAssertFalse(try library.ibook("refresh", "--metadata-only", "--json").stdout.contains("pagesWithNewText"))
    }
}
