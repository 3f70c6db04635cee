import BookLibrary
import SQLiteStore
import Foundation
import PDF
import TestSupport
import XCTest

/// OCR of scanned pages through the real binary: `add`, `ocr`, Ctrl-C, a
/// library from before OCR, and missing language packs. The scans are made
/// from sample pages whose text is known. Few pages each: OCR is slow.
final class OCRCommandTests: XCTestCase {
    struct PageJSON: Decodable {
        struct OCR: Decodable { var confidence: Double; var languages: String; var rotation: Int }
        var page: Int
        var text: String
        var hasText: Bool
        var ocr: OCR?
    }

    struct InfoJSON: Decodable {
        struct Summary: Decodable { var pages: Int; var meanConfidence: Double?; var languages: [String] }
        var ocr: Summary?
    }

    func testAddReadsUprightTurnedAndNoisyScansAndKeepsTheWordBoxes() throws {
        let library = try TestLibrary("ocr-add")
        let scan = library.root.appendingPathComponent("scan.pdf")
        // Sample pages 3, 4 and 5: upright, turned 90° clockwise, upside down; all with speckles.
        try Scans.make(from: "lighthouses.pdf", pages: 3...5, to: scan, rotate: [4: 90, 5: 180], noise: 0.3)

        let added = try library.ibook("add", "--ocr-wait", scan.path)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("OCR #1 scan: 3 pages read, mean confidence"), added.stdout)
        XCTAssertTrue(added.stderr.hasSuffix("1 added, 0 already present, 0 failed, 3 pages read by OCR\n"), added.stderr)

        for (page, original, turns) in [(1, 3, 0), (2, 4, 3), (3, 5, 2)] {
            let read = try library.json(PageJSON.self, "read", String(page), "--json")
            let ocr = try XCTUnwrap(read.ocr, "page \(page)")
            XCTAssertEqual(ocr.rotation, turns, "page \(page) turned upright")
            XCTAssertEqual(ocr.languages, "eng")
            XCTAssertGreaterThan(ocr.confidence, 80, "page \(page)")
            let recall = Scans.recall(of: try Scans.words(of: "lighthouses.pdf", page: original), in: read.text)
            XCTAssertGreaterThanOrEqual(recall, 0.9, "page \(page): \(read.text)")
        }
        let info = try library.json(InfoJSON.self, "info", "--json")
        XCTAssertEqual(info.ocr?.pages, 3)
        XCTAssertEqual(info.ocr?.languages, ["eng"])
        XCTAssertTrue(try library.ibook("info").stdout.contains("OCR          3 pages (eng), mean confidence "))

        let human = try library.ibook("read", "3")
        XCTAssertTrue(human.stdout.hasPrefix("scan — page 3 of 3  (OCR, eng, confidence "), human.stdout)
        // The upside-down page laid out upright: its heading first.
        let layout = try library.ibook("read", "3", "--layout")
        let firstLine = layout.stdout.split(separator: "\n").dropFirst().first { !$0.allSatisfy(\.isWhitespace) }
        let originalFirst = try Run.process("/usr/bin/pdftotext", ["-f", "5", "-l", "5", Fixtures.sampleBook("lighthouses.pdf"), "-"])
            .stdout.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
        let heading = try XCTUnwrap(originalFirst.map(String.init))
        XCTAssertTrue(firstLine?.hasPrefix(heading) == true, layout.stdout)

        let search = try library.ibook("search", "lantern")
        XCTAssertEqual(search.status, 0, search.stderr)
        XCTAssertTrue(search.stdout.contains("p. 1:"), search.stdout)
        XCTAssertEqual(try Scans.consistency(library), "ok")

        // The word boxes sit where the words are on the scanned page: on the
        // upside-down page, where the original page's word is, turned half round.
        let store = try Library(location: LibraryLocation(directory: library.directory.path,
                                                          thumbnailDirectory: library.cache.path))
        let book = try store.book(named: "1")
        let original = try XCTUnwrap(try PDFDocument(path: Fixtures.sampleBook("lighthouses.pdf"), password: nil).page(at: 4))
        let firstWord = try XCTUnwrap(heading.split(separator: " ").first.map(String.init))
        let expected = try XCTUnwrap(original.find(firstWord).first)
        let word = try XCTUnwrap(try store.ocrWords(book, page: 3).first { $0.text == firstWord }, "no box for \(firstWord)")
        XCTAssertEqual(word.x, 1 - expected.x - expected.width, accuracy: 0.02)
        XCTAssertEqual(word.y, 1 - expected.y - expected.height, accuracy: 0.02)
        XCTAssertEqual(word.width, expected.width, accuracy: 0.02)
    }

    func testOnlyTheImageOnlyPageOfATextBookIsRead() throws {
        let library = try TestLibrary("ocr-mixed")
        let scan = library.root.appendingPathComponent("scan.pdf")
        try Scans.make(from: "lighthouses.pdf", pages: 4...4, to: scan)
        let mixed = library.root.appendingPathComponent("mixed.pdf")
        let book = Fixtures.sampleBook("lighthouses.pdf")
        let qpdf = try Run.process("/usr/bin/qpdf", ["--empty", "--pages", book, "3", scan.path, "1", book, "5", "--", mixed.path])
        XCTAssertEqual(qpdf.status, 0, qpdf.stderr)

        let added = try library.ibook("add", "--ocr-wait", mixed.path)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains(": 1 page read"), added.stdout)
        XCTAssertNil(try library.json(PageJSON.self, "read", "1", "--json").ocr)
        XCTAssertNil(try library.json(PageJSON.self, "read", "3", "--json").ocr)
        let scanned = try library.json(PageJSON.self, "read", "2", "--json")
        XCTAssertNotNil(scanned.ocr)
        XCTAssertGreaterThanOrEqual(Scans.recall(of: try Scans.words(of: "lighthouses.pdf", page: 4), in: scanned.text), 0.9)
        // A word only the scanned page has is found there, and only there.
        let onlyOnScan = try XCTUnwrap(Set(try Scans.words(of: "lighthouses.pdf", page: 4).filter { $0.count > 5 })
            .subtracting(try Scans.words(of: "lighthouses.pdf", page: 3))
            .subtracting(try Scans.words(of: "lighthouses.pdf", page: 5)).sorted().first)
        let search = try library.ibook("search", onlyOnScan)
        XCTAssertTrue(search.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("p. 2:") }, search.stdout)
        XCTAssertFalse(search.stdout.isEmpty)
        // Nothing left to read.
        let again = try library.ibook("ocr")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.hasPrefix("no pages to read"), again.stderr)

        // A searchable copy: pdftotext finds the scanned page's words on that page; the others are as they were.
        let folder = library.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("searchable.pdf")
        // Made from the words stored at add: no trained data needed.
        var noOCR = library.environment
        let empty = library.root.appendingPathComponent("no-tessdata")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        noOCR["TESSDATA_PREFIX"] = empty.path
        let written = try Run.process(Run.ibookPath, ["ocr", "-o", copy.path], environment: noOCR)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, copy.path + "\n")
        XCTAssertEqual(written.stderr, "text laid under 1 page (eng)\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["searchable.pdf"])
        func pdftotext(_ path: String, page: Int) throws -> String {
            try Run.process("/usr/bin/pdftotext", ["-f", String(page), "-l", String(page), path, "-"]).stdout
        }
        XCTAssertEqual(try pdftotext(copy.path, page: 1), try pdftotext(book, page: 3))
        XCTAssertEqual(try pdftotext(copy.path, page: 3), try pdftotext(book, page: 5))
        XCTAssertGreaterThanOrEqual(Scans.recall(of: try Scans.words(of: "lighthouses.pdf", page: 4),
                                                 in: try pdftotext(copy.path, page: 2)), 0.9)
        // The page still looks the same: the text is invisible.
        XCTAssertEqual(try Run.process("/usr/bin/pdftoppm", ["-r", "30", "-gray", "-f", "2", "-l", "2", copy.path]).stdout,
                       try Run.process("/usr/bin/pdftoppm", ["-r", "30", "-gray", "-f", "2", "-l", "2", mixed.path]).stdout)

        let textOnly = try library.ibook("add", Fixtures.sampleBook("cafe-culture.pdf"))
        XCTAssertEqual(textOnly.status, 0, textOnly.stderr)
        let refused = try library.ibook("ocr", "-o", folder.appendingPathComponent("cafe.pdf").path)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Error: \(Fixtures.sampleBook("cafe-culture.pdf")): every page has its own text already: nothing to add\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["searchable.pdf"])
    }

    func testAMissingLanguagePackIsOneLineNamingThePackage() throws {
        let library = try TestLibrary("ocr-lang")
        let scan = library.root.appendingPathComponent("scan.pdf")
        try Scans.make(from: "lighthouses.pdf", pages: 3...3, to: scan, dpi: 150)

        let refused = try library.ibook("add", "--ocr-lang", "eng+zul", scan.path)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Error: OCR language 'zul' is not installed (install the Debian package tesseract-ocr-zul)\n")
        XCTAssertEqual(refused.stdout, "")
        XCTAssertNotEqual(try library.ibook("info").status, 0, "nothing added")

        let bad = try library.ibook("add", "--ocr-lang", "eng+../x", scan.path)
        XCTAssertEqual(bad.stderr, "Error: '../x' is not a tesseract language code (such as eng, deu, chi_sim)\n")

        // With no trained data at all, the book is added, and why its pages were not read is one line.
        var environment = library.environment
        let empty = library.root.appendingPathComponent("no-tessdata")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        environment["TESSDATA_PREFIX"] = empty.path
        let added = try Run.process(Run.ibookPath, ["add", scan.path], environment: environment)
        XCTAssertEqual(added.status, 1)
        XCTAssertTrue(added.stdout.hasPrefix("Added #1 scan (1 page)"), added.stdout)
        XCTAssertEqual(added.stderr.split(separator: "\n").first.map(String.init),
                       "Error: not read by OCR: OCR language 'eng' is not installed (install the Debian package tesseract-ocr-eng)")
        // Trained data for English only, whatever other packs this machine has.
        let englishOnly = library.root.appendingPathComponent("eng-only")
        try FileManager.default.createDirectory(at: englishOnly, withIntermediateDirectories: true)
        for model in ["eng", "osd"] {
            try FileManager.default.createSymbolicLink(atPath: englishOnly.appendingPathComponent("\(model).traineddata").path,
                                                       withDestinationPath: "/usr/share/tesseract-ocr/5/tessdata/\(model).traineddata")
        }
        environment["TESSDATA_PREFIX"] = englishOnly.path
        let ocr = try Run.process(Run.ibookPath, ["ocr", "--lang", "deu"], environment: environment)
        XCTAssertEqual(ocr.stderr, "Error: OCR language 'deu' is not installed (install the Debian package tesseract-ocr-deu)\n")
    }

    func testCtrlCDuringOCRKeepsWhatWasReadAndOCRGoesOnFromThere() throws {
        let library = try TestLibrary("ocr-sigint")
        let scan = library.root.appendingPathComponent("scan.pdf")
        try Scans.make(from: "lighthouses.pdf", pages: 3...6, to: scan, dpi: 200)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Run.ibookPath)
        process.arguments = ["add", "--ocr-wait", scan.path]
        process.environment = library.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Interrupted once OCR has stored a page, while it reads the others.
        let deadline = Date().addingTimeInterval(120)
        var readBefore = 0
        while Date() < deadline, process.isRunning {
            readBefore = (try? library.json(InfoJSON.self, "info", "--json", "1").ocr?.pages) ?? 0
            if readBefore > 0 { break }
            usleep(100_000)
        }
        XCTAssertTrue(process.isRunning, "OCR finished before the test could interrupt it")
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.split(separator: "\n").last?.hasPrefix("interrupted, 1 added") == true, stderr)
        XCTAssertEqual(try Scans.consistency(library), "ok")
        let stored = try XCTUnwrap(try library.json(InfoJSON.self, "info", "--json", "1").ocr?.pages)
        XCTAssertGreaterThanOrEqual(stored, 1)
        XCTAssertLessThan(stored, 4)

        let resumed = try library.ibook("ocr")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stdout.contains("OCR #1 scan: \(4 - stored) page"), resumed.stdout)
        XCTAssertEqual(try library.json(InfoJSON.self, "info", "--json", "1").ocr?.pages, 4)
        XCTAssertEqual(try Scans.consistency(library), "ok")
    }

    func testAddLeavesScansToABackgroundRunThatOCRPendingWaitsFor() throws {
        let library = try TestLibrary("ocr-queue")
        let scan = library.root.appendingPathComponent("scan.pdf")
        try Scans.make(from: "lighthouses.pdf", pages: 3...4, to: scan, dpi: 200)
        let added = try library.ibook("add", scan.path, Fixtures.sampleBook("cafe-culture.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertFalse(added.stdout.contains("OCR #"), "add read the scan itself: \(added.stdout)")
        XCTAssertTrue(added.stderr.hasSuffix("2 added, 0 already present, 0 failed, 2 pages without text being read by OCR "
                                             + "in the background ('ibook ocr --pending' waits for them)\n"), added.stderr)
        // The batch's text is searchable at once.
        XCTAssertTrue(try library.ibook("search", "--all", "espresso").stdout.contains("Café"))

        // Whether the background run is still reading or done, --pending returns once the pages are read.
        let pending = try library.ibook("ocr", "--pending")
        XCTAssertEqual(pending.status, 0, pending.stderr)
        let waited = "the run in the background read the pages that waited for OCR (its lines are in \(library.directory.path)/ocr.log)\n"
        // It waited for the run add started, or that run had already finished, or had not yet begun.
        XCTAssertTrue([waited, "no pages wait for OCR\n", "2 pages read by OCR\n"].contains(pending.stderr), pending.stderr)
        XCTAssertTrue(try library.ibook("search", "--book", "1", "lantern").stdout.contains("p. 1:"))
        XCTAssertNotNil(try library.json(PageJSON.self, "read", "--book", "1", "2", "--json").ocr)
        let log = try String(contentsOf: library.directory.appendingPathComponent("ocr.log"), encoding: .utf8)
        XCTAssertTrue(log.contains("OCR #1 scan: 2 pages read"), log)
        XCTAssertEqual(try library.ibook("ocr", "--pending").stderr, "no pages wait for OCR\n")
        XCTAssertEqual(try Scans.consistency(library), "ok")

        let misused = try library.ibook("ocr", "--pending", "--all")
        XCTAssertEqual(misused.status, 64)
        XCTAssertEqual(try library.ibook("ocr", "--background").status, 64)
    }

    func testBooksAddedBeforeOCRExistedHaveTheirScansReadByOCR() throws {
        let library = try TestLibrary("ocr-upgrade")
        let scan = library.root.appendingPathComponent("scan.pdf")
        try Scans.make(from: "lighthouses.pdf", pages: 3...3, to: scan, dpi: 200)
        XCTAssertEqual(try library.ibook("add", "--ocr", "never", scan.path).status, 0)
        XCTAssertTrue(try library.ibook("read", "1").stdout.contains("(this page has no text: it is probably a scanned image; 'ibook ocr' reads it)"))
        // Back to the library as ibook left it before OCR: no OCR table, no migration.
        let downgrade = try Run.process("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("drop table ocr_pages")
            db.execute("delete from schema_migrations where id = '7-ocr'")
            db.commit()
            """, library.directory.appendingPathComponent("library.sqlite").path])
        XCTAssertEqual(downgrade.status, 0, downgrade.stderr)

        let ocr = try library.ibook("ocr", "--all")
        XCTAssertEqual(ocr.status, 0, ocr.stderr)
        XCTAssertTrue(ocr.stdout.contains("OCR #1 scan: 1 page read"), ocr.stdout)
        XCTAssertTrue(try library.ibook("search", "lantern").stdout.contains("p. 1:"))
        XCTAssertEqual(try Scans.consistency(library), "ok")
    }

    func testTheCJKSampleIsFindableByItsKeyTerms() throws {
        let library = try TestLibrary("ocr-cjk")
        let scan = library.root.appendingPathComponent("cjk.pdf")
        // Page 6 is Japanese, page 8 Chinese: the languages are picked from the script on each page.
        try Scans.make(from: "cjk-seasons.pdf", pages: 6...8, to: scan)
        let added = try library.ibook("add", "--ocr-wait", scan.path)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(try library.ibook("search", "図書館").stdout.contains("p. 1:"))
        XCTAssertTrue(try library.ibook("search", "图书馆").stdout.contains("p. 3:"))
        let languages = try library.json(InfoJSON.self, "info", "--json").ocr?.languages ?? []
        XCTAssertTrue(languages.contains("jpn") && languages.contains("chi_sim"), "\(languages)")
    }
}
