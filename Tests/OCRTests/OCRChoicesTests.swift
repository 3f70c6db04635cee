import BookLibrary
import Foundation
@testable import OCR
import TestSupport
import XCTest

/// What OCR reads a book in when nobody says, what it keeps of what it
/// read, and the searchable copy made from what it stored.
final class OCRChoicesTests: XCTestCase {
    struct PageJSON: Decodable {
        struct OCR: Decodable { var confidence: Double; var languages: String; var rotation: Int }
        var text: String
        var hasText: Bool
        var ocr: OCR?
    }

    func testLanguageTagsMapToTesseractCodes() {
        let cases: [(String, String?)] = [
            ("de", "deu"), ("de-AT", "deu"), ("ger", "deu"), ("deu", "deu"), ("fr_FR", "fra"), ("fre", "fra"),
            ("ja", "jpn"), ("zh", "chi_sim"), ("zh-CN", "chi_sim"), ("zh-Hans", "chi_sim"), ("zh-TW", "chi_tra"),
            ("zh-Hant-HK", "chi_tra"), ("chi_sim", "chi_sim"), ("chi_tra", "chi_tra"), ("pt-BR", "por"), ("nb", "nor"),
            ("en", "eng"), ("xx", nil), ("", nil), ("12", nil), ("english", nil),
        ]
        for (tag, code) in cases { XCTAssertEqual(OCRLanguages.tesseractCode(forLanguageTag: tag), code, tag) }
    }

    func testTheBooksLanguagePicksTheTrainedDataAndAMissingPackIsOneNotice() throws {
        let library = try TestLibrary("ocr-book-language")
        let german = library.root.appendingPathComponent("german.pdf")
        try Scans.typeset("""
            <html lang="de"><head><meta charset="utf-8"><style>@page { size: A5; margin: 1.5cm }
            body { font-family: "DejaVu Serif"; font-size: 12pt }</style></head><body>
            <p>Die Häuser an der Straße sind alt, und das Haus des Bürgermeisters ist das älteste. Es ist nicht
            zu übersehen, dass die Stadt mit ihren Gassen und Plätzen auf eine lange Geschichte zurückblickt.</p>
            </body></html>
            """, to: german)
        let scan = library.root.appendingPathComponent("scan.pdf")
        try Scans.make(fromFile: german.path, pages: 1...1, to: scan)

        // A scan says nothing of its language: English, from the script.
        XCTAssertEqual(try library.ibook("add", "--ocr-wait", scan.path).status, 0)
        XCTAssertEqual(try library.json(PageJSON.self, "read", "1", "--json").ocr?.languages, "eng")

        XCTAssertEqual(try library.ibook("edit", "1", "--language", "de").status, 0)
        let german2 = try library.ibook("ocr", "--force")
        XCTAssertEqual(german2.status, 0, german2.stderr)
        XCTAssertFalse(german2.stderr.contains("install"), german2.stderr)
        let read = try library.json(PageJSON.self, "read", "1", "--json")
        XCTAssertEqual(read.ocr?.languages, "deu")
        for word in ["Straße", "Häuser", "Bürgermeisters", "übersehen"] {
            XCTAssertTrue(read.text.contains(word), "\(word) in \(read.text)")
        }
        XCTAssertTrue(try library.ibook("search", "Straße").stdout.contains("p. 1:"))

        // Italian has no trained data here: read by script, and said once which package would help.
        XCTAssertEqual(try library.ibook("edit", "1", "--language", "it-IT").status, 0)
        let italian = try library.ibook("ocr", "--force")
        XCTAssertEqual(italian.status, 0, italian.stderr)
        let notices = italian.stderr.split(separator: "\n").filter { $0.contains("tesseract-ocr-ita") }
        XCTAssertEqual(notices, ["#1 scan is in 'it-IT', which tesseract has no trained data for here: read with the languages that fit its script; install the Debian package tesseract-ocr-ita to read it better"])
        XCTAssertEqual(try library.json(PageJSON.self, "read", "1", "--json").ocr?.languages, "eng")
        // --lang still wins over the book's language.
        XCTAssertEqual(try library.ibook("ocr", "--force", "--lang", "deu").status, 0)
        XCTAssertEqual(try library.json(PageJSON.self, "read", "1", "--json").ocr?.languages, "deu")
    }

    func testAPictureIsStoredAsReadWithNoTextAndTheTextPageKeepsItsWords() throws {
        let library = try TestLibrary("ocr-picture")
        // A chart-like drawing with no letters: shaded discs, rules, a curve on a gradient.
        var shapes = ""
        for index in 0..<40 {
            let grey = index * 53 % 200 + 30
            shapes += "<circle cx=\"\(index * 137 % 560 + 20)\" cy=\"\(index * 89 % 760 + 20)\" r=\"\(10 + index * 37 % 60)\" fill=\"rgb(\(grey),\(grey),\(grey))\" fill-opacity=\"0.7\"/>"
        }
        for index in 0..<25 {
            shapes += "<line x1=\"\(index * 71 % 600)\" y1=\"\(index * 113 % 800)\" x2=\"\(index * 191 % 600)\" y2=\"\(index * 43 % 800)\" stroke=\"black\" stroke-width=\"\(1 + index % 4)\"/>"
        }
        let curve = (0..<100).map { step in
            "\(40 + step * 5),\(400 + Int(120 * sin(Double(step) / 6) + 60 * sin(Double(step) / 2.3)))"
        }.joined(separator: " ")
        let figure = library.root.appendingPathComponent("figure.pdf")
        try Scans.typeset("""
            <html><head><style>@page { size: A4; margin: 1cm }</style></head><body>
            <svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><defs><radialGradient id="g">
            <stop offset="0" stop-color="#eee"/><stop offset="1" stop-color="#333"/></radialGradient></defs>
            <rect x="0" y="0" width="600" height="800" fill="url(#g)"/>\(shapes)
            <polyline points="\(curve)" fill="none" stroke="black" stroke-width="3"/></svg></body></html>
            """, to: figure)
        let figureScan = library.root.appendingPathComponent("figure-scan.pdf")
        try Scans.make(fromFile: figure.path, pages: 1...1, to: figureScan)
        let textScan = library.root.appendingPathComponent("text-scan.pdf")
        try Scans.make(from: "lighthouses.pdf", pages: 4...4, to: textScan)
        let book = library.root.appendingPathComponent("book.pdf")
        let joined = try Run.process("/usr/bin/qpdf", ["--empty", "--pages", figureScan.path, textScan.path, "--", book.path])
        XCTAssertEqual(joined.status, 0, joined.stderr)

        let added = try library.ibook("add", "--ocr-wait", book.path)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("OCR #1 book: 2 pages read, 1 with text, mean confidence"), added.stdout)
        let picture = try library.json(PageJSON.self, "read", "1", "--json")
        XCTAssertEqual(picture.text, "")
        XCTAssertFalse(picture.hasText)
        XCTAssertEqual(picture.ocr?.confidence, 0, "read, with nothing kept")
        let text = try library.json(PageJSON.self, "read", "2", "--json")
        XCTAssertGreaterThanOrEqual(Scans.recall(of: try Scans.words(of: "lighthouses.pdf", page: 4), in: text.text), 0.95)
        XCTAssertGreaterThan(text.ocr?.confidence ?? 0, 90)
        // The picture counts as read: not read again on every run.
        let again = try library.ibook("ocr")
        XCTAssertTrue(again.stderr.hasPrefix("no pages to read"), again.stderr)

        // Without the cut-off, tesseract's reading of the picture is junk: that is what was dropped.
        let unfiltered = try library.ibook("ocr", "--force", "--pages", "1", "--min-confidence", "0")
        XCTAssertEqual(unfiltered.status, 0, unfiltered.stderr)
        let junk = try library.json(PageJSON.self, "read", "1", "--json")
        XCTAssertTrue(junk.hasText, "tesseract found nothing at all on the picture: the test shows nothing")
        XCTAssertLessThan(junk.ocr?.confidence ?? 100, 60)
        XCTAssertEqual(try library.ibook("ocr", "--min-confidence", "101").status, 64)
    }

    func testTheSearchableCopyIsMadeFromTheStoredWordsWithoutTesseract() throws {
        let library = try TestLibrary("ocr-copy")
        let scan = library.root.appendingPathComponent("scan.pdf")
        try Scans.make(from: "lighthouses.pdf", pages: 3...5, to: scan, dpi: 200, rotate: [4: 90, 5: 180])
        // Added before OCR: -o reads the pages first, and stores them.
        XCTAssertEqual(try library.ibook("add", "--ocr", "never", scan.path).status, 0)
        let first = library.root.appendingPathComponent("first.pdf")
        let written = try library.ibook("ocr", "-o", first.path)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stderr, "text laid under 3 pages (eng, 3 pages read by OCR first)\n")
        XCTAssertEqual(try library.json(PageJSON.self, "read", "3", "--json").ocr?.rotation, 2)

        // Again, with no trained data at all: the stored words are enough.
        var noOCR = library.environment
        let empty = library.root.appendingPathComponent("no-tessdata")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        noOCR["TESSDATA_PREFIX"] = empty.path
        let copy = library.root.appendingPathComponent("copy.pdf")
        let again = try Run.process(Run.ibookPath, ["ocr", "-o", copy.path, "--json"], environment: noOCR)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("\"pagesRead\":0"), again.stdout)
        // Every page's words on that page, the turned ones too; the pages look as they did.
        for (page, original) in [(1, 3), (2, 4), (3, 5)] {
            let text = try Run.process("/usr/bin/pdftotext", ["-f", String(page), "-l", String(page), copy.path, "-"]).stdout
            XCTAssertGreaterThanOrEqual(Scans.recall(of: try Scans.words(of: "lighthouses.pdf", page: original), in: text), 0.9,
                                        "page \(page): \(text)")
        }
        let onlyOnPage3 = try XCTUnwrap(Set(try Scans.words(of: "lighthouses.pdf", page: 5).filter { $0.count > 5 })
            .subtracting(try Scans.words(of: "lighthouses.pdf", page: 3))
            .subtracting(try Scans.words(of: "lighthouses.pdf", page: 4)).sorted().first)
        for page in 1...2 {
            let text = try Run.process("/usr/bin/pdftotext", ["-f", String(page), "-l", String(page), copy.path, "-"]).stdout
            XCTAssertFalse(Scans.normalisedWords(text).contains(onlyOnPage3), "\(onlyOnPage3) on page \(page)")
        }
        for page in ["1", "2", "3"] {
            XCTAssertEqual(try Run.process("/usr/bin/pdftoppm", ["-r", "20", "-gray", "-f", page, "-l", page, copy.path]).stdout,
                           try Run.process("/usr/bin/pdftoppm", ["-r", "20", "-gray", "-f", page, "-l", page, scan.path]).stdout)
        }
        XCTAssertEqual(try Run.process("/usr/bin/qpdf", ["--check", copy.path]).status, 0)
    }
}
