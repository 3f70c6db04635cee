import Foundation
import TestSupport
import XCTest

/// Image-only PDFs made from sample pages whose text is known, with the
/// `make-scans` tool built beside ibook, and the checks the OCR tests share.
enum Scans {
    static var makeScansPath: String {
        (Run.ibookPath as NSString).deletingLastPathComponent + "/make-scans"
    }

    /// `pages` of a sample book as a scan; `rotate` maps a page to degrees clockwise.
    static func make(from book: String, pages: ClosedRange<Int>, to output: URL, dpi: Int = 300,
                     rotate: [Int: Int] = [:], noise: Double = 0) throws {
        try make(fromFile: Fixtures.sampleBook(book), pages: pages, to: output, dpi: dpi, rotate: rotate, noise: noise)
    }

    /// `pages` of any PDF as a scan.
    static func make(fromFile input: String, pages: ClosedRange<Int>, to output: URL, dpi: Int = 300,
                     rotate: [Int: Int] = [:], noise: Double = 0) throws {
        var arguments = [input, output.path, "--dpi", String(dpi),
                         "--pages", "\(pages.lowerBound)-\(pages.upperBound)"]
        for (page, degrees) in rotate.sorted(by: { $0.key < $1.key }) { arguments += ["--rotate", "\(page):\(degrees)"] }
        if noise > 0 { arguments += ["--noise", String(noise)] }
        let result = try Run.process(makeScansPath, arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        // An image-only PDF: no text layer at all.
        let text = try Run.process("/usr/bin/pdftotext", [output.path, "-"]).stdout
        XCTAssertFalse(text.contains { $0.isLetter }, "the scan has a text layer")
    }

    /// A PDF typeset by WeasyPrint from `html` (a page of prose, a figure).
    static func typeset(_ html: String, to output: URL) throws {
        let source = output.deletingPathExtension().appendingPathExtension("html")
        try html.write(to: source, atomically: true, encoding: .utf8)
        let result = try Run.process("/usr/bin/weasyprint", [source.path, output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The words of a sample page as pdftotext reads them.
    static func words(of book: String, page: Int) throws -> [String] {
        let text = try Run.process("/usr/bin/pdftotext", ["-f", String(page), "-l", String(page),
                                                          Fixtures.sampleBook(book), "-"]).stdout
        return normalisedWords(text)
    }

    static func normalisedWords(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// The share of `expected` words found in `text`, counted with multiplicity.
    static func recall(of expected: [String], in text: String) -> Double {
        var available: [String: Int] = [:]
        for word in normalisedWords(text) { available[word, default: 0] += 1 }
        var found = 0
        for word in expected where (available[word] ?? 0) > 0 {
            available[word]! -= 1
            found += 1
        }
        return expected.isEmpty ? 1 : Double(found) / Double(expected.count)
    }

    /// "ok", or what is wrong: SQLite's own check, every book whole, one
    /// index entry per page, no OCR row without its page.
    static func consistency(_ library: TestLibrary) throws -> String {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            problems = []
            if db.execute("pragma integrity_check").fetchone()[0] != "ok": problems.append("integrity")
            for book_id, count in db.execute("select id, page_count from books"):
                pages = db.execute("select count(*) from pages where book_id = ?", (book_id,)).fetchone()[0]
                if pages != count: problems.append(f"book {book_id} has {pages}/{count} pages")
            if db.execute("select count(*) from pages").fetchone()[0] != db.execute("select count(*) from page_index_docsize").fetchone()[0]:
                problems.append("index out of step")
            if db.execute("select count(*) from ocr_pages where page_id not in (select id from pages)").fetchone()[0]:
                problems.append("orphan ocr rows")
            print(", ".join(problems) or "ok")
            """
        let result = try Run.process("/usr/bin/env", ["python3", "-c", script,
                                                      library.directory.appendingPathComponent("library.sqlite").path])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + result.stderr
    }
}
