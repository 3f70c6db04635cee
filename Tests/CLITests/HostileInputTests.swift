import Foundation
import TestSupport
import XCTest

/// Every hostile input gives a correct result or one clear line naming the
/// file and the reason, in bounded time, with the library untouched on failure.
final class HostileInputTests: XCTestCase {
    var library: TestLibrary!
    var folder: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("hostile")
        folder = library.root.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    struct Listed: Decodable { var id: Int; var title: String; var pageCount: Int; var path: String }

    private func bookCount() throws -> Int { try library.json([Listed].self, "list", "--json").count }

    /// Adds one file and checks the outcome is either a book or one error line.
    @discardableResult
    private func assertHandled(_ url: URL, added expected: Bool? = nil, reason: String? = nil,
                               extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Run.Result {
        let before = try bookCount()
        let started = Date()
        let result = try library.ibook(["add", "--timeout", "20"] + extra + ["--", url.path])
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThan(elapsed, 60, "bounded time for \(url.lastPathComponent)", file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Syntax Error") || result.stderr.contains("CRITICAL")
                       || result.stderr.contains("Fatal error"), "noise: \(result.stderr)", file: file, line: line)
        let after = try bookCount()
        if result.status == 0 {
            XCTAssertTrue(after == before + 1 || result.stdout.contains("already in library"), result.stdout, file: file, line: line)
            if expected == false { XCTFail("\(url.lastPathComponent) should have failed: \(result.stdout)", file: file, line: line) }
        } else {
            XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
            XCTAssertEqual(after, before, "library untouched on failure", file: file, line: line)
            let errors = result.stderrLines.filter { $0.hasPrefix("Error: ") }
            XCTAssertEqual(errors.count, 1, result.stderr, file: file, line: line)
            XCTAssertTrue(errors.first?.contains(url.lastPathComponent) ?? false, result.stderr, file: file, line: line)
            if let reason { XCTAssertTrue(result.stderr.contains(reason), "want \(reason): \(result.stderr)", file: file, line: line) }
            if expected == true { XCTFail("\(url.lastPathComponent) should have been added: \(result.stderr)", file: file, line: line) }
        }
        let check = try Run.process("/usr/bin/env", ["python3", "-c",
            "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('pragma integrity_check').fetchone()[0])",
            library.directory.appendingPathComponent("library.sqlite").path])
        XCTAssertEqual(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "ok", file: file, line: line)
        return result
    }

    private func write(_ pdf: RawPDF, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try pdf.write(to: url)
        return url
    }

    func testNonPDFsAndBrokenBytes() throws {
        try assertHandled(try BadFiles.zeroBytes(in: folder), added: false, reason: "is empty")
        try assertHandled(try BadFiles.randomBytes(in: folder), added: false, reason: "is not a PDF")
        try assertHandled(try BadFiles.randomBytes(in: folder, name: "header.pdf", pdfHeader: true), added: false)
        try assertHandled(try BadFiles.textFile(in: folder), added: false, reason: "is not a PDF (text file)")
        try assertHandled(try BadFiles.htmlFile(in: folder), added: false, reason: "is not a PDF (HTML document)")
        try assertHandled(try BadFiles.pngFile(in: folder), added: false, reason: "is not a PDF (PNG image)")
        let gzip = folder.appendingPathComponent("zipped.pdf")
        _ = try Run.process("/bin/sh", ["-c", "gzip -c '\(Fixtures.sampleBook("untitled-notes.pdf"))' > '\(gzip.path)'"])
        try assertHandled(gzip, added: false, reason: "gzip-compressed data")
        for fraction in [0.1, 0.5, 0.9, 0.99] {
            try assertHandled(try BadFiles.truncated(Fixtures.sampleBook("lighthouses.pdf"), fraction: fraction, in: folder,
                                                     name: "truncated-\(Int(fraction * 100)).pdf"))
        }
        var brokenXref = RawPDF.simple()
        brokenXref.breakXref = true
        try assertHandled(try write(brokenXref, "broken-xref.pdf"), added: true)
    }

    func testStructuralAttacks() throws {
        var cycle = RawPDF.simple()
        cycle.set(2, "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>")
        cycle.set(6, "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>")
        let quiet = try assertHandled(try write(cycle, "page-cycle.pdf"))
        XCTAssertFalse(quiet.stderr.contains("Loop in Pages tree"), "poppler's diagnostics stay off the terminal")
        cycle.set(7, "(a distinct copy)")
        let copy = try write(cycle, "page-cycle-copy.pdf")
        let verbose = try library.ibook("add", "--verbose", "--", copy.path)
        XCTAssertTrue(verbose.stderr.contains("poppler: \(copy.path): Syntax error"),
                      "--verbose shows them: \(verbose.stderr)")

        var count = RawPDF.simple()
        count.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 2000000000 >>")
        try assertHandled(try write(count, "two-billion.pdf"))

        var outlineCycle = RawPDF.simple()
        outlineCycle.set(1, "<< /Type /Catalog /Pages 2 0 R /Outlines 10 0 R >>")
        outlineCycle.set(10, "<< /Type /Outlines /First 11 0 R /Last 12 0 R /Count 2 >>")
        outlineCycle.set(11, "<< /Title (One) /Parent 10 0 R /Next 12 0 R /Dest [3 0 R /Fit] >>")
        outlineCycle.set(12, "<< /Title (Two) /Parent 10 0 R /Prev 11 0 R /Next 11 0 R /First 11 0 R /Dest [3 0 R /Fit] >>")
        try assertHandled(try write(outlineCycle, "outline-cycle.pdf"))

        var deep = RawPDF.simple()
        deep.set(1, "<< /Type /Catalog /Pages 2 0 R /Outlines 10 0 R >>")
        deep.set(10, "<< /Type /Outlines /First 11 0 R /Last 11 0 R /Count 1 >>")
        let depth = 2000
        for level in 0..<depth {
            let number = 11 + level
            let child = level + 1 < depth ? "/First \(number + 1) 0 R /Last \(number + 1) 0 R /Count 1" : ""
            deep.set(number, "<< /Title (Level \(level + 1)) /Parent \(number == 11 ? 10 : number - 1) 0 R \(child) /Dest [3 0 R /Fit] >>")
        }
        try assertHandled(try write(deep, "deep-outline.pdf"), added: true)
        let toc = try library.ibook("toc", "--book", "deep-outline")
        XCTAssertEqual(toc.status, 0, toc.stderr)
        XCTAssertEqual(toc.stdoutLines.count, depth)
        let json = try library.ibook("toc", "--book", "deep-outline", "--json")
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stdout.components(separatedBy: "\"children\"").count - 1, depth)

        var wide = RawPDF.simple()
        wide.set(1, "<< /Type /Catalog /Pages 2 0 R /Outlines 10 0 R >>")
        let entries = 20_000
        wide.set(10, "<< /Type /Outlines /First 11 0 R /Last \(10 + entries) 0 R /Count \(entries) >>")
        for index in 0..<entries {
            let number = 11 + index
            let prev = index > 0 ? "/Prev \(number - 1) 0 R" : ""
            let next = index + 1 < entries ? "/Next \(number + 1) 0 R" : ""
            wide.set(number, "<< /Title (Entry \(index + 1)) /Parent 10 0 R \(prev) \(next) /Dest [3 0 R /Fit] >>")
        }
        try assertHandled(try write(wide, "wide-outline.pdf"), added: true)
        let wideToc = try library.ibook("toc", "--book", "wide-outline")
        XCTAssertEqual(wideToc.stdoutLines.count, entries)
    }

    func testPageBoxesAndInflatedContent() throws {
        try assertHandled(try write(RawPDF.simple(mediaBox: "[0 0 0 0]"), "zero-box.pdf"))
        try assertHandled(try write(RawPDF.simple(mediaBox: nil), "no-box.pdf"))
        let huge = try assertHandled(try write(RawPDF.simple(mediaBox: "[0 0 1000000 792]"), "huge-box.pdf"), added: true)
        XCTAssertEqual(huge.status, 0)
        let thumbnail = try library.ibook("thumbnail", "--book", "huge-box")
        XCTAssertEqual(thumbnail.status, 0, thumbnail.stderr)

        // 300 MB of content that deflates from a few hundred kilobytes.
        let bomb = folder.appendingPathComponent("bomb.bin")
        let made = try Run.process("/usr/bin/env", ["python3", "-c", """
            import zlib, sys
            c = zlib.compressobj(9)
            chunk = b"0 0 m 1 1 l S\\n" * 100000
            out = bytearray()
            for _ in range(220): out += c.compress(chunk)
            out += c.flush()
            open(sys.argv[1], "wb").write(out)
            """, bomb.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        var pdf = RawPDF.simple()
        pdf.setStream(4, dictionary: "/Filter /FlateDecode", data: Array(try Data(contentsOf: bomb)))
        // Reading it takes poppler half a minute: the time limit stops it.
        try assertHandled(try write(pdf, "inflate-bomb.pdf"), added: false, reason: "could not be read (timed out after 3 s of work)",
                          extra: ["--timeout", "3"])
    }

    /// A PDF whose page takes poppler about a second of work.
    private func slowPDF() throws -> URL {
        let stream = folder.appendingPathComponent("slow.bin")
        let made = try Run.process("/usr/bin/env", ["python3", "-c", """
            import zlib, sys
            chunk = b"0 0 m 1 1 l S\\n" * 100000
            open(sys.argv[1], "wb").write(zlib.compress(chunk * 3, 9))
            """, stream.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        var pdf = RawPDF.simple()
        pdf.setStream(4, dictionary: "/Filter /FlateDecode", data: Array(try Data(contentsOf: stream)))
        return try write(pdf, "slow.pdf")
    }

    /// Starts `ibook add --timeout 3` on `url` with the given CPU affinity.
    private func startAdd(_ url: URL, core: Int) throws -> Process {
        let add = Process()
        add.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        add.arguments = ["-c", String(core), Run.ibookPath, "add", "--timeout", "3", "--ocr", "never", url.path]
        add.environment = library.environment
        add.standardOutput = FileHandle.nullDevice
        add.standardError = FileHandle.nullDevice
        try add.run()
        return add
    }

    func testAWorkerKeptFromTheCPUIsNotTimedOut() throws {
        // Five busy processes share the worker's core, as other adds do on a busy machine: the
        // worker needs about five times its second of work in wall time. The limit leaves out the
        // time it waited for the core, so the book is added.
        let core = 0
        let hogs = try (0..<5).map { _ in
            let hog = Process()
            hog.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
            hog.arguments = ["-c", String(core), "/usr/bin/env", "python3", "-c", "while True: pass"]
            try hog.run()
            return hog
        }
        defer { for hog in hogs { hog.terminate(); hog.waitUntilExit() } }
        let started = Date()
        let add = try startAdd(try slowPDF(), core: core)
        add.waitUntilExit()
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(add.terminationStatus, 0, "added after \(elapsed) s of wall time with a limit of 3")
        XCTAssertEqual(try bookCount(), 1)
    }

    func testAWorkerAsleepIsStoppedAtTheLimit() throws {
        // A stopped worker waits for nothing but itself: it gets the limit, not five times it.
        let add = try startAdd(try slowPDF(), core: 0)
        var worker: pid_t = 0
        let deadline = Date().addingTimeInterval(30)
        while worker == 0, add.isRunning, Date() < deadline {
            worker = pid_t(try Run.process("/usr/bin/pgrep", ["-P", String(add.processIdentifier)]).stdout
                .split(separator: "\n").first.map(String.init) ?? "") ?? 0
            if worker == 0 { usleep(5_000) }
        }
        XCTAssertNotEqual(worker, 0, "the add's extraction worker started")
        kill(worker, SIGSTOP)
        let stopped = Date()
        add.waitUntilExit()
        XCTAssertEqual(add.terminationStatus, 1, "the file failed")
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 10, "stopped near the 3 s limit, not at 15 s")
        XCTAssertEqual(try bookCount(), 0)
    }

    func testAWorkerThatDiesCostsOnlyItsFile() throws {
        // Below what a reader process needs to start: it dies, as a parser crash would.
        let starved = try assertHandled(URL(fileURLWithPath: Fixtures.sampleBook("cafe-culture.pdf")), added: false,
                                        reason: "could not be read (parser crashed)", extra: ["--memory-limit", "16"])
        XCTAssertTrue(starved.stderr.hasSuffix("0 added, 0 already present, 1 failed\n"), starved.stderr)
        let batch = try library.ibook("add", "--timeout", "3", Fixtures.sampleBook("untitled-notes.pdf"),
                                      try write(RawPDF.simple(), "simple.pdf").path)
        XCTAssertEqual(batch.status, 0, batch.stderr)
    }

    func testHostileMetadataIsCleaned() throws {
        func titled(_ title: String, _ name: String) throws -> URL {
            var pdf = RawPDF.simple()
            pdf.info = 9
            pdf.set(9, "<< /Title \(title) /Author (Ann) >>")
            return try write(pdf, name)
        }
        struct Info: Decodable { struct B: Decodable { var title: String }; var book: B }
        func titleOf(_ name: String) throws -> String {
            let info = try library.json(Info.self, "info", "--json", folder.appendingPathComponent(name).path)
            return info.book.title
        }

        try assertHandled(try titled("(Bell\\007and\\033[31mred\\033[0m)", "control.pdf"), added: true)
        XCTAssertFalse(try titleOf("control.pdf").unicodeScalars.contains { $0.value < 32 || $0.value == 0x7F })

        try assertHandled(try titled("(Caf\\351 cr\\350me)", "pdfdoc.pdf"), added: true)
        XCTAssertEqual(try titleOf("pdfdoc.pdf"), "Café crème")

        // UTF-16BE with a BOM: "Hi 😀"
        try assertHandled(try titled("<FEFF004800690020D83DDE00>", "utf16.pdf"), added: true)
        XCTAssertEqual(try titleOf("utf16.pdf"), "Hi 😀")

        try assertHandled(try titled("(" + String(repeating: "A", count: 65_536) + ")", "long-title.pdf"), added: true)
        XCTAssertLessThanOrEqual(try titleOf("long-title.pdf").count, 1000)
    }

    func testEncryptionVariants() throws {
        let source = Fixtures.sampleBook("untitled-notes.pdf")
        func encrypt(_ name: String, _ arguments: [String]) throws -> URL {
            let output = folder.appendingPathComponent(name)
            let result = try Run.process("/usr/bin/qpdf", ["--allow-weak-crypto", "--encrypt"] + arguments + ["--", source, output.path])
            XCTAssertTrue(result.status == 0 || result.status == 3, result.stderr)
            return output
        }
        let aes256 = try encrypt("aes256.pdf", ["user", "owner", "256"])
        try assertHandled(aes256, added: false, reason: "needs a password")
        try assertHandled(aes256, added: false, reason: "wrong password", extra: ["--password", "nope"])
        try assertHandled(aes256, added: true, extra: ["--password", "user"])

        let aes128 = try encrypt("aes128.pdf", ["user", "owner", "128", "--use-aes=y"])
        try assertHandled(aes128, added: true, extra: ["--password", "user"])
        let rc4 = try encrypt("rc4-40.pdf", ["user", "owner", "40"])
        try assertHandled(rc4, added: true, extra: ["--password", "user"])
        let unicode = try encrypt("unicode-password.pdf", ["pässwört", "owner", "256"])
        try assertHandled(unicode, added: true, extra: ["--password", "pässwört"])
        let ownerOnly = try encrypt("owner-only.pdf", ["", "owner", "256"])
        try assertHandled(ownerOnly, added: nil)
    }

    func testAwkwardFileNames() throws {
        let names = ["with space.pdf", "quote'and\"double.pdf", "$(touch pwned).pdf", "-leading-dash.pdf", "--help.pdf",
                     "caf\u{E9}.pdf", "cafe\u{301}.pdf", "no-extension", "UPPER.PDF"]
        let source = Fixtures.sampleBook("untitled-notes.pdf")
        for (index, name) in names.enumerated() {
            var pdf = RawPDF.simple(text: "Distinct file number \(index)")
            pdf.info = 9
            pdf.set(9, "<< /Title (Name test \(index)) >>")
            try pdf.write(to: folder.appendingPathComponent(name))
        }
        _ = source
        for name in names {
            try assertHandled(folder.appendingPathComponent(name), added: true)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
        XCTAssertEqual(try bookCount(), names.count, "NFC and NFD names are two files")

        // A folder named like a PDF is searched, not opened.
        let fakeFolder = library.root.appendingPathComponent("x.pdf")
        try FileManager.default.createDirectory(at: fakeFolder, withIntermediateDirectories: true)
        let inFolder = try library.ibook("add", fakeFolder.path)
        XCTAssertEqual(inFolder.status, 0, inFolder.stderr)

        // A name that is not UTF-8 is added, shown escaped (NonUTF8FileNameTests has the rest).
        let odd = library.root.appendingPathComponent("odd")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        let made = try Run.process("/usr/bin/env", ["python3", "-c",
            "import shutil,sys,os; shutil.copy(sys.argv[1], os.path.join(sys.argv[2].encode(), b'bad\\xff.pdf'))", source, odd.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let invalid = try library.ibook("add", odd.path)
        XCTAssertEqual(invalid.status, 0, invalid.stderr)
        XCTAssertEqual(invalid.stdout, "Added #\(names.count + 1) badÿ (3 pages)\n", "titled from the name read as Latin-1")
    }

    func testSharedHostileCorpus() throws {
        let corpus = try Fixtures.requireCorpus("its hostile PDFs (malformed, encrypted, awkward names)")
        for sub in ["hostile/known-malformed", "hostile/encrypted", "hostile/names"] {
            // Parsing is the subject here; OCR of what they hold is OCRTests'.
            let result = try library.ibook("add", "--timeout", "20", "--ocr", "never", corpus.appendingPathComponent(sub).path)
            XCTAssertTrue(result.status == 0 || result.status == 1, result.stderr)
            XCTAssertFalse(result.stderr.contains("Fatal error") || result.stderr.contains("Syntax Error"), result.stderr)
            for line in result.stderrLines.dropLast() {
                XCTAssertTrue(line.hasPrefix("Error: ") && line.contains(".pdf: "), line)
            }
        }
    }
}
