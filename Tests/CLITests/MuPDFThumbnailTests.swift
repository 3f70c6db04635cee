import Foundation
import PDF
import TestSupport
import XCTest

/// `ibook thumbnail` draws a PDF's page with MuPDF (libibook-reflow.so) and hands it to Splash
/// (libibook-pages.so) only where MuPDF cannot: a file it cannot open or draw, a locked file
/// without its password. Which engine drew is told by what the dynamic loader opened.
final class MuPDFThumbnailTests: XCTestCase {
    private var buildFolder: URL { URL(fileURLWithPath: Run.ibookPath).deletingLastPathComponent() }

    /// A folder holding copies of these files of the build folder only, as if nothing else were installed.
    private func installed(_ names: [String], in library: TestLibrary) throws -> String {
        let alone = library.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: buildFolder.appendingPathComponent(name), to: alone.appendingPathComponent(name))
        }
        return alone.appendingPathComponent("ibook").path
    }

    /// A run of `ibook` with what the dynamic loader opened (LD_DEBUG=files, written to a file
    /// so that stderr stays the command's own).
    private struct Traced {
        var run: Run.Result
        var loaded: String
        var splash: Bool { loaded.contains("libibook-pages.so") }
        var mupdf: Bool { loaded.contains("libibook-reflow.so") }
        var poppler: Bool { loaded.contains("libpoppler") }
    }

    private func traced(_ arguments: [String], in library: TestLibrary) throws -> Traced {
        let log = library.root.appendingPathComponent("loader-\(UUID().uuidString)")
        var environment = library.environment
        environment["LD_DEBUG"] = "files"
        environment["LD_DEBUG_OUTPUT"] = log.path
        let run = try Run.process(Run.ibookPath, arguments, environment: environment)
        let logs = try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasPrefix(log.lastPathComponent) }
        let loaded = try logs.map { try String(contentsOfFile: library.root.appendingPathComponent($0).path, encoding: .utf8) }.joined()
        XCTAssertTrue(loaded.contains("libc.so.6"), "LD_DEBUG_OUTPUT holds what was loaded: \(loaded.prefix(200))")
        return Traced(run: run, loaded: loaded)
    }

    private func id(of path: String, in library: TestLibrary) throws -> String {
        let books = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try library.ibook("list", "--json").stdout.utf8)) as? [[String: Any]])
        let book = try XCTUnwrap(books.first { ($0["path"] as? String) == path }, "\(path) not in \(books)")
        return String(try XCTUnwrap(book["id"] as? Int))
    }

    /// Real PDFs of the corpus (a JBIG2 scan, a CMYK picture, papers, turned pages, a page of several
    /// sizes): MuPDF alone draws each, at the pixel size the PDF module gives the page, with ink
    /// where poppler and cairo put it; poppler is never loaded.
    func testRealPDFsAreDrawnByMuPDFAtThePDFModulesSize() throws {
        let corpus = try Fixtures.requireCorpus("real covers drawn by MuPDF").appendingPathComponent("real")
        let library = try TestLibrary()
        let pages: [(file: String, page: Int)] = [
            ("pdfjs/tracemonkey.pdf", 1), ("pdfjs/rotation.pdf", 2), ("pdfjs/sizes.pdf", 2),
            ("py-pdf-sample-files/cmyk-image.pdf", 1), ("py-pdf-sample-files/habibi-rotated.pdf", 1),
            ("pdfminer/pdf-with-jbig2.pdf", 1), ("pdfjs/TAMReview.pdf", 1),
        ]
        for (file, _) in pages {
            XCTAssertEqual(try library.ibook("add", "--ocr", "never", corpus.appendingPathComponent(file).path).status, 0, file)
        }
        for (file, page) in pages {
            let path = corpus.appendingPathComponent(file).path
            let drawn = try traced(["thumbnail", try id(of: path, in: library), "--page", String(page), "--size", "200"], in: library)
            XCTAssertEqual(drawn.run.status, 0, "\(file): \(drawn.run.stderr)")
            XCTAssertTrue(drawn.mupdf && !drawn.splash && !drawn.poppler, "\(file) was not drawn by MuPDF alone")
            let png = try PNGDecoder.decode(file: drawn.run.stdout.trimmingCharacters(in: .newlines))
            let pdfPage = try XCTUnwrap(try PDFDocument(path: path).page(at: page - 1))
            let expected = pdfPage.pixelSize(fittingWidth: 200, height: 200)
            XCTAssertEqual(png.width, expected.width, "\(file) page \(page)")
            XCTAssertEqual(png.height, expected.height, "\(file) page \(page)")
            guard png.width == expected.width, png.height == expected.height else { continue }
            let cairo = try pdfPage.render(width: expected.width, height: expected.height)
            var difference = 0, inked = 0, cairoInked = 0
            for offset in stride(from: 0, to: png.pixels.count, by: 4) {
                for channel in 0..<3 { difference += abs(Int(png.pixels[offset + channel]) - Int(cairo.pixels[offset + channel])) }
                if png.pixels[offset + 1] < 224 { inked += 1 }
                if cairo.pixels[offset + 1] < 224 { cairoInked += 1 }
            }
            XCTAssertGreaterThan(inked, 20, "\(file) page \(page) is blank")
            // MuPDF manages CMYK colour and thins strokes as cairo does not: alike, not equal.
            XCTAssertLessThan(Double(difference) / Double(png.width * png.height * 3), 16, "\(file) page \(page): mean difference per channel")
            XCTAssertGreaterThan(inked, cairoInked / 2, "\(file) page \(page): ink where cairo puts it")
            XCTAssertLessThan(inked, cairoInked * 2 + 20, "\(file) page \(page)")
        }
    }

    /// Installed without libibook-pages.so, the lean binary still draws covers: MuPDF needs nothing else.
    func testACoverNeedsNoSplashRenderer() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("atlas-landscape.pdf")).status, 0)
        let ibook = try installed(["ibook", "libibook-reflow.so"], in: library)
        let run = try Run.process(ibook, ["thumbnail", "--page", "2", "--size", "300"], environment: library.environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let png = try PNGDecoder.decode(file: run.stdout.trimmingCharacters(in: .newlines))
        XCTAssertEqual(png.width, 300, "a landscape page: its width is the size asked for")
        XCTAssertLessThan(png.height, 300)
    }

    /// A fuzzed file whose page tree MuPDF refuses ("malformed page tree") is drawn by Splash, which reads it.
    func testAFileMuPDFCannotOpenIsDrawnBySplash() throws {
        let corpus = try Fixtures.requireCorpus("a file MuPDF refuses and poppler reads")
        let file = corpus.appendingPathComponent("hostile/known-malformed/pdfjs--GHOSTSCRIPT-698804-1-fuzzed.pdf").path
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", "--ocr", "never", file).status, 0)
        let drawn = try traced(["thumbnail", "--size", "128"], in: library)
        XCTAssertEqual(drawn.run.status, 0, drawn.run.stderr)
        XCTAssertEqual(drawn.run.stderr, "", "MuPDF's refusal is no message of its own")
        XCTAssertTrue(drawn.mupdf && drawn.splash, "MuPDF tried, then Splash drew it")
        let png = try PNGDecoder.decode(file: drawn.run.stdout.trimmingCharacters(in: .newlines))
        XCTAssertEqual(max(png.width, png.height), 128)
    }

    /// A libibook-reflow.so that is no shared library (a broken install) leaves covers to Splash.
    func testABrokenMuPDFLibraryLeavesCoversToSplash() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let ibook = try installed(["ibook", "libibook-pages.so"], in: library)
        let broken = URL(fileURLWithPath: ibook).deletingLastPathComponent().appendingPathComponent("libibook-reflow.so")
        try Data("not an ELF file".utf8).write(to: broken)
        let run = try Run.process(ibook, ["thumbnail", "--page", "4", "--size", "90"], environment: library.environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(try PNGDecoder.decode(file: run.stdout.trimmingCharacters(in: .newlines)).height, 90)
    }

    /// Random bytes behind a PDF header: neither engine can read them, and the one line is Splash's
    /// (the file and "is damaged"), with nothing cached.
    func testADamagedPDFIsOneLineAfterBothEnginesTried() throws {
        let library = try TestLibrary()
        let file = library.root.appendingPathComponent("voyage.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("cafe-culture.pdf"), toPath: file.path)
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)
        _ = try BadFiles.randomBytes(in: library.root, name: "voyage.pdf", pdfHeader: true)
        let drawn = try traced(["thumbnail", "--page", "3"], in: library)
        XCTAssertEqual(drawn.run.status, 1)
        XCTAssertEqual(drawn.run.stdout, "")
        XCTAssertTrue(drawn.run.stderr.hasPrefix("Error: \(file.path): is damaged ("), drawn.run.stderr)
        XCTAssertEqual(drawn.run.stderr.filter { $0 == "\n" }.count, 1, drawn.run.stderr)
        XCTAssertTrue(drawn.mupdf && drawn.splash, "both engines were asked")
        let cached = try FileManager.default.contentsOfDirectory(atPath: library.cache.appendingPathComponent("ibook/thumbnails").path)
        XCTAssertFalse(cached.contains { $0.contains("-p3-") }, "\(cached)")
    }

    /// A locked PDF: with its password MuPDF draws it; without, or with a wrong one, the error is the
    /// one every PDF command gives (Splash's words), in one line.
    func testALockedPDFIsDrawnByMuPDFWithItsPasswordAndRefusedInOneLineWithout() throws {
        let library = try TestLibrary()
        let locked = try BadFiles.encrypted(Fixtures.sampleBook("cafe-culture.pdf"), userPassword: "s3cret",
                                            in: library.root, name: "locked.pdf")
        XCTAssertEqual(try library.ibook("add", "--password", "s3cret", locked.path).status, 0)
        let opened = try traced(["thumbnail", "--page", "2", "--password", "s3cret"], in: library)
        XCTAssertEqual(opened.run.status, 0, opened.run.stderr)
        XCTAssertTrue(opened.mupdf && !opened.poppler, "drawn by MuPDF")
        XCTAssertGreaterThan(try PNGDecoder.decode(file: opened.run.stdout.trimmingCharacters(in: .newlines)).width, 100)

        let without = try library.ibook("thumbnail", "--page", "3")
        XCTAssertEqual(without.status, 1)
        XCTAssertEqual(without.stderr, "Error: \(locked.path): needs a password (use --password)\n")
        let wrong = try library.ibook("thumbnail", "--page", "3", "--password", "guess")
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.hasPrefix("Error: \(locked.path): wrong password"), wrong.stderr)
        XCTAssertEqual(wrong.stderr.filter { $0 == "\n" }.count, 1, wrong.stderr)
    }

    /// The corpus's locked files, AES-256 and RC4 and passwords that are not ASCII: MuPDF opens each
    /// with the password poppler takes.
    func testLockedCorpusFilesAreDrawnByMuPDFWithTheirPasswords() throws {
        let encrypted = try Fixtures.requireCorpus("locked PDFs").appendingPathComponent("hostile/encrypted")
        let library = try TestLibrary()
        for (file, password) in [("pdfminer--aes-256-r6.pdf", "usersecret"), ("pdfminer--rc4-40.pdf", "baz"),
                                 ("pdfjs--issue6010_2.pdf", "æøå"), ("pdfjs--issue21579.pdf", "pässwört")] {
            let path = encrypted.appendingPathComponent(file).path
            XCTAssertEqual(try library.ibook("add", "--ocr", "never", "--password", password, path).status, 0, file)
            let drawn = try traced(["thumbnail", try id(of: path, in: library), "--password", password, "--size", "64"], in: library)
            XCTAssertEqual(drawn.run.status, 0, "\(file): \(drawn.run.stderr)")
            XCTAssertTrue(drawn.mupdf && !drawn.splash, "\(file) was not drawn by MuPDF")
        }
    }
}
