import Drawing
import Foundation
@testable import PDF
import CPoppler
import TestSupport
import XCTest

/// poppler-glib runs together pieces of a page that the page shows apart
/// (`HelloWorld`, a table's `Water and Wind2500 BCE`); the page's text gets a
/// separator there, and nowhere inside a word.
final class PieceSeparationTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryDirectory("pieces")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// A one-page PDF in Helvetica whose content stream is `content`.
    private func rawPage(_ content: String, name: String) throws -> PDFPage {
        var pdf = RawPDF.simple()
        pdf.setStream(4, data: Array(content.utf8))
        let url = folder.appendingPathComponent(name)
        try pdf.write(to: url)
        return try XCTUnwrap(PDFDocument(path: url.path).page(at: 0))
    }

    private func assertTextIsTheGlyphs(_ page: PDFPage, file: StaticString = #filePath, line: UInt = #line) {
        let (text, glyphs) = page.textAndGlyphs()
        XCTAssertEqual(glyphs.map(\.character), Array(text), "glyph n is character n of the text", file: file, line: line)
        XCTAssertEqual(page.text, text, file: file, line: line)
    }

    func testTwoBlocksSideBySideWithoutASpaceAreTwoWords() throws {
        // pdfminer's simple1.pdf: the space is in the string, the gap is a kerning of 4 em; then the
        // same with word spacing, with letter spacing, and letter by letter.
        let page = try rawPage("""
            BT /F1 24 Tf 100 700 Td 0 Tw 0 Tc [ (Hello ) -4166 (World) ] TJ
            0 -100 Td 100 Tw 0 Tc (Hello World) Tj
            0 -100 Td 100 Tw 10 Tc (Hello World) Tj
            0 -100 Td 0 Tw 0 Tc [ (H) -416 (e) -416 (l) -416 (l) -416 (o) -416 ( ) -416 -4166 (W) -416 (o) -416 (r) -416 (l) -416 (d) ] TJ
            ET
            """, name: "blocks.pdf")
        XCTAssertTrue(page.popplerText.hasPrefix("HelloWorld\nHelloWorld\n"), "poppler runs them together: \(page.popplerText.debugDescription)")
        XCTAssertEqual(page.text.components(separatedBy: "\n"), ["Hello World", "Hello World", "H e l l o W o r l d", "H e l l o W o r l d"])
        assertTextIsTheGlyphs(page)
        let space = page.glyphs()[5]
        XCTAssertEqual(space.character, " ")
        XCTAssertGreaterThan(space.x2 - space.x1, 90, "the separator's box spans the gap")
    }

    /// A running head and a table drawn the way the sample books draw them:
    /// a left piece and a right-aligned piece on each line.
    private func tablePage() throws -> PDFPage {
        let path = folder.appendingPathComponent("table.pdf").path
        let style = TextStyle(family: "DejaVu Serif", size: 10)
        try PDFRenderer(paper: .a5, orientation: .portrait).render(to: path) { canvas in
            let left = 51.0, width = 317.0
            canvas.drawText("A Long History of Everything", style: style, x: left, y: 40, width: width)
            canvas.drawText("Appendix A", style: style.with(alignment: .trailing), x: left, y: 40, width: width)
            let rows = [("The Horse Lords", "2700 BCE"), ("Water and Wind", "2500 BCE"), ("Wires and Signals", "2450 BCE")]
            for (index, row) in rows.enumerated() {
                let y = 90 + Double(index) * 16
                canvas.drawText(row.0, style: style, x: left, y: y, width: width - 80)
                canvas.drawText(row.1, style: style.with(alignment: .trailing), x: left, y: y, width: width)
            }
            canvas.drawText("By the end of the age, the scribes carried stories of the flood.", style: style,
                            x: left, y: 150, width: width)
        }
        return try XCTUnwrap(PDFDocument(path: path).page(at: 0))
    }

    func testATableRowAndARunningHeadKeepTheirPiecesApart() throws {
        let page = try tablePage()
        XCTAssertTrue(page.popplerText.contains("Wind2500 BCE"), "poppler glues the columns: \(page.popplerText.debugDescription)")
        let lines = page.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "A Long History of Everything Appendix A",
            "The Horse Lords 2700 BCE", "Water and Wind 2500 BCE", "Wires and Signals 2450 BCE",
            "By the end of the age, the scribes carried stories of the flood.",
        ])
        assertTextIsTheGlyphs(page)
    }

    func testKernedJustifiedSpacedRaisedAndSmallCapitalWordsStayWhole() throws {
        // TJ kerning both ways inside words, word spacing (justified), letter
        // spacing, a superscript and a subscript, small capitals drawn in two sizes.
        let page = try rawPage("""
            BT /F1 12 Tf 72 700 Td [ (W) 120 (a) 80 (v) -60 (e) 150 (s) ( ) (A) 110 (V) 90 (A) -80 (T) 100 (A) 60 (R) ] TJ ET
            BT /F1 12 Tf 72 680 Td 9 Tw (justified words stretch wide) Tj ET
            BT /F1 12 Tf 72 660 Td 2.4 Tc (tracked lettering) Tj ET
            BT /F1 12 Tf 72 640 Td (Area x) Tj /F1 8 Tf 5 Ts (2) Tj 0 Ts /F1 12 Tf ( and H) Tj /F1 8 Tf -3 Ts (2) Tj 0 Ts /F1 12 Tf (O) Tj ET
            BT /F1 12 Tf 72 620 Td (S) Tj /F1 9 Tf (MALL) Tj /F1 12 Tf ( C) Tj /F1 9 Tf (APITALS) Tj ET
            """, name: "whole.pdf")
        let found = words(page.text)
        for word in ["Waves", "AVATAR", "justified", "words", "stretch", "wide", "tracked", "lettering", "Area", "SMALL", "CAPITALS"] {
            XCTAssertTrue(found.contains(word), "\(word) in \(found)")
        }
        XCTAssertEqual(page.text, page.popplerText, "nothing added")
        assertTextIsTheGlyphs(page)
    }

    func testJapaneseArabicAndTurnedTextStayWhole() throws {
        let path = folder.appendingPathComponent("scripts.pdf").path
        try PDFRenderer(paper: .a5, orientation: .portrait).render(to: path) { canvas in
            canvas.drawText("春には桜が咲きます。公園は人でいっぱいになります。", style: TextStyle(family: "Noto Sans CJK JP", size: 12),
                            x: 51, y: 60, width: 300)
            canvas.drawText("مرحبا بالعالم الجميل", style: TextStyle(family: "DejaVu Sans", size: 12), x: 51, y: 100, width: 300)
        }
        let scripts = try XCTUnwrap(PDFDocument(path: path).page(at: 0))
        XCTAssertTrue(scripts.text.contains("春には桜が咲きます。公園は人でいっぱいになります。"), scripts.text)
        XCTAssertEqual(scripts.text, scripts.popplerText)
        assertTextIsTheGlyphs(scripts)

        // A line running up the page, and one running down it.
        let turned = try rawPage("""
            BT /F1 12 Tf 0 1 -1 0 300 200 Tm (The rotated lighthouse passage) Tj ET
            BT /F1 12 Tf 0 -1 1 0 400 600 Tm (Read sideways on the shelf) Tj ET
            """, name: "turned.pdf")
        XCTAssertEqual(words(turned.text), ["The", "rotated", "lighthouse", "passage", "Read", "sideways", "on", "the", "shelf"])
        assertTextIsTheGlyphs(turned)
    }

    func testAPassageAcrossTheNewSeparatorIsFoundAndHighlighted() throws {
        let page = try tablePage()
        let glyphs = page.glyphs()
        let found = PassageFinder.occurrences(of: "wind 2500 bce", in: glyphs)
        XCTAssertEqual(found.count, 1)
        let range = try XCTUnwrap(found.first)
        let rectangles = PassageFinder.lineRectangles(range, in: glyphs)
        XCTAssertEqual(rectangles.count, 1, "one line on the page")
        let covered = try XCTUnwrap(CoveredText.span(of: glyphs, inside: rectangles))
        XCTAssertEqual(covered.text, "Wind 2500 BCE")
        XCTAssertEqual(String(Array(page.text)[covered.glyphs]), "Wind 2500 BCE", "the span is where the text says it")
    }

    /// `text` takes a shorter way on pages that are all ASCII, without
    /// Characters or Glyphs: on every page of the sample books and of the
    /// real-world corpus it must say what the glyphs say.
    func testTheASCIIWayReadsAsTheGlyphsOnEveryPage() throws {
        var paths = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sampleBooks.path)
            .filter { $0.hasSuffix(".pdf") }.sorted().map(Fixtures.sampleBook)
        if let real = Fixtures.corpus?.appendingPathComponent("real"),
           let found = FileManager.default.enumerator(atPath: real.path) {
            paths += found.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".pdf") }.sorted()
                .map { real.appendingPathComponent($0).path }
        }
        var asciiPages = 0, asciiPagesSeparated = 0
        for path in paths {
            guard let document = try? PDFDocument(path: path) else { continue }
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { continue }
                let text = page.text
                XCTAssertEqual(text, page.textAndGlyphs().text, "\(path), page \(index + 1)")
                let poppler = page.popplerText
                if poppler.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
                    asciiPages += 1
                    if text != poppler { asciiPagesSeparated += 1 }
                }
            }
        }
        XCTAssertGreaterThan(asciiPages, 50, "pages that take the ASCII way")
        XCTAssertGreaterThan(asciiPagesSeparated, 0, "ASCII pages that get a separator")
    }

    func testTheASCIIWayIsOnlyForASCIIWithABoxPerByte() {
        let box = PageTextBox(x1: 0, y1: 0, x2: 6, y2: 12)
        func separated(_ text: String, boxes: Int) -> String? {
            let rectangles = [PageTextBox](repeating: box, count: boxes)
            return rectangles.withUnsafeBufferPointer { PDFPage.separatedASCII(text, boxes: $0) }
        }
        XCTAssertEqual(separated("ab", boxes: 2), "ab")
        XCTAssertNil(separated("ab", boxes: 3), "a box too many")
        XCTAssertNil(separated("caf\u{E9}", boxes: 4), "not ASCII")
        XCTAssertNil(separated("a\r\nb", boxes: 4), "CR LF is one Character")
        let apart = [PageTextBox(x1: 0, y1: 0, x2: 6, y2: 12), PageTextBox(x1: 40, y1: 0, x2: 46, y2: 12)]
        XCTAssertEqual(apart.withUnsafeBufferPointer { PDFPage.separatedASCII("ab", boxes: $0) }, "a b", "a column apart")
    }

    func testTheBoxesDecide() {
        func glyph(_ character: Character, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Glyph {
            Glyph(character: character, x1: x1, y1: y1, x2: x2, y2: y2)
        }
        let o = glyph("o", 100, 100, 106, 112)
        XCTAssertNil(PieceSeparator.separator(between: o, and: glyph("r", 106, 100, 110, 112)), "touching")
        XCTAssertNil(PieceSeparator.separator(between: o, and: glyph("r", 110, 100, 114, 112)), "a third of the line's height apart")
        XCTAssertEqual(PieceSeparator.separator(between: o, and: glyph("2", 120, 100, 126, 112)), " ", "a column apart")
        XCTAssertEqual(PieceSeparator.separator(between: glyph("ب", 120, 100, 126, 112), and: glyph("ا", 114, 100, 120, 112)), nil,
                       "right to left, touching")
        XCTAssertNil(PieceSeparator.separator(between: o, and: glyph("2", 106, 96, 110, 104)), "a superscript")
        XCTAssertNil(PieceSeparator.separator(between: o, and: glyph("2", 105, 108, 109, 116)), "a subscript, a little under")
        XCTAssertEqual(PieceSeparator.separator(between: o, and: glyph("N", 40, 114, 46, 126)), "\n", "the next line's start")
        XCTAssertEqual(PieceSeparator.separator(between: o, and: glyph("N", 160, 300, 166, 312)), "\n", "further on, lower down")
        XCTAssertNil(PieceSeparator.separator(between: glyph("日", 100, 100, 112, 112), and: glyph("本", 100, 112, 112, 124)),
                     "vertical writing")
        XCTAssertEqual(PieceSeparator.separator(between: glyph("日", 100, 100, 112, 112), and: glyph("本", 100, 130, 112, 142)), " ",
                       "a gap in a column")
        XCTAssertNil(PieceSeparator.separator(between: o, and: glyph("x", 120, 100, 120, 100)), "no box, no decision")
    }
}
