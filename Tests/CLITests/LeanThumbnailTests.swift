import Foundation
import PDF
import TestSupport
import XCTest

/// `ibook thumbnail` is rendered by the lean binary itself, through
/// libibook-reflow.so (MuPDF), or libibook-pages.so (poppler's Splash) where MuPDF
/// cannot, which it opens only for a page that is not in the cache: its other
/// commands never load a renderer.
final class LeanThumbnailTests: XCTestCase {
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

    /// With Splash alone beside it (no libibook-reflow.so), as before MuPDF drew covers.
    func testThumbnailsRenderWithoutIbookFull() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let ibook = try installed(["ibook", "libibook-pages.so"], in: library)
        let page = try Run.process(ibook, ["thumbnail", "--page", "3", "--size", "120"], environment: library.environment)
        XCTAssertEqual(page.status, 0, page.stderr)
        let path = page.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(path.hasSuffix("-p3-120.png"), path)
        let png = try PNGDecoder.decode(file: path)
        XCTAssertEqual(png.height, 120, "a portrait page: its height is the size asked for")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "thumbnails show pages of private books")

        let missing = try Run.process(ibook, ["thumbnail", "--page", "99"], environment: library.environment)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "Error: page 99 is out of range: the book has 40 pages\n")

        // Everything else still needs ibook-full, and says so in one line.
        let toc = try Run.process(ibook, ["show", "1"], environment: library.environment)
        XCTAssertEqual(toc.status, 1)
        XCTAssertTrue(toc.stderr.hasPrefix("Error: ibook-full, which runs this command, is missing"), toc.stderr)
    }

    /// The renderer is opened for a page not in the cache only: a cached cover
    /// needs no libibook-pages.so, and a missing one is one line.
    func testRendererIsOpenedOnlyForAPageNotInTheCache() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let ibook = try installed(["ibook"], in: library)
        let cover = try Run.process(ibook, ["thumbnail"], environment: library.environment)
        XCTAssertEqual(cover.status, 0, "the cover was rendered by add: \(cover.stderr)")
        let page = try Run.process(ibook, ["thumbnail", "--page", "2"], environment: library.environment)
        XCTAssertEqual(page.status, 1)
        XCTAssertEqual(page.stdout, "")
        XCTAssertTrue(page.stderr.hasPrefix("Error: pages cannot be rendered: libibook-pages.so is missing (looked in "), page.stderr)
        XCTAssertEqual(page.stderr.filter { $0 == "\n" }.count, 1, page.stderr)
    }

    /// What the dynamic loader opens (LD_DEBUG=files): `list` no renderer at
    /// all, and none of the libraries ibook links from their static archives;
    /// `thumbnail` MuPDF (libibook-reflow.so) and neither poppler nor cairo.
    func testOnlyThumbnailLoadsARendererAndItIsMuPDF() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        var environment = library.environment
        environment["LD_DEBUG"] = "files"
        func loaded(_ arguments: [String]) throws -> String {
            let run = try Run.process(Run.ibookPath, arguments, environment: environment)
            XCTAssertEqual(run.status, 0, run.stderr)
            return run.stderr
        }
        let list = try loaded(["list"])
        XCTAssertTrue(list.contains("libc.so.6"), "LD_DEBUG reports what is loaded: \(list.prefix(300))")
        XCTAssertFalse(list.contains("libpoppler"), "list loads poppler")
        for linkedIn in ["libsqlite3", "liblz4", "libdeflate", "libutf8proc"] {
            XCTAssertFalse(list.contains(linkedIn), "list loads \(linkedIn), which make deps gives ibook as a static archive")
        }
        XCTAssertFalse(list.contains("libibook-reflow"), "list loads MuPDF")
        let thumbnail = try loaded(["thumbnail", "--page", "5"])
        XCTAssertTrue(thumbnail.contains("libibook-reflow.so"), "no MuPDF loaded")
        XCTAssertFalse(thumbnail.contains("libibook-pages.so"), "a page MuPDF draws loads Splash too")
        // (HarfBuzz, which MuPDF shapes text with, brings GLib itself; GIO, cairo and pango stay out.)
        for heavy in ["libpoppler", "libcairo", "libgio-2.0", "libpango"] {
            XCTAssertFalse(thumbnail.contains(heavy), "thumbnail loads \(heavy)")
        }
        let ldd = try Run.process("/usr/bin/ldd", [Run.ibookPath])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        XCTAssertFalse(ldd.stdout.contains("libpoppler"), ldd.stdout)
    }

    /// Each sample book's cover at 256 px and a page at 100 px: a real PNG of
    /// the size the PDF module (poppler-glib and cairo, which drew them before)
    /// gives the same page, and nearly the same picture: Splash and cairo
    /// antialias differently, nothing more.
    func testThumbnailsHaveThePixelSizeAndPictureThePDFModuleGives() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBooks.path).status, 0)
        let books = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try library.ibook("list", "--json").stdout.utf8)) as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(books.count, 5)
        // The other formats' thumbnails are MuPDF's, which the PDF module cannot draw to compare.
        for book in books where book["format"] as? String == "pdf" {
            let id = try XCTUnwrap(book["id"] as? Int), file = try XCTUnwrap(book["path"] as? String)
            let pageCount = try XCTUnwrap(book["pageCount"] as? Int)
            let document = try PDFDocument(path: file)
            for (page, size) in [(1, 256), (min(3, pageCount), 100)] {
                let run = try library.ibook("thumbnail", String(id), "--page", String(page), "--size", String(size))
                XCTAssertEqual(run.status, 0, run.stderr)
                let png = try PNGDecoder.decode(file: run.stdout.trimmingCharacters(in: .newlines))
                let pdfPage = try XCTUnwrap(document.page(at: page - 1))
                let expected = pdfPage.pixelSize(fittingWidth: size, height: size)
                XCTAssertEqual(png.width, expected.width, "\(file) page \(page)")
                XCTAssertEqual(png.height, expected.height, "\(file) page \(page)")
                guard png.width == expected.width, png.height == expected.height else { continue }
                let cairo = try pdfPage.render(width: expected.width, height: expected.height)
                var difference = 0, inked = 0, cairoInked = 0
                for offset in stride(from: 0, to: png.pixels.count, by: 4) {
                    for channel in 0..<3 { difference += abs(Int(png.pixels[offset + channel]) - Int(cairo.pixels[offset + channel])) }
                    if png.pixels[offset] < 224 { inked += 1 }
                    if cairo.pixels[offset] < 224 { cairoInked += 1 }
                }
                let mean = Double(difference) / Double(png.width * png.height * 3)
                XCTAssertLessThan(mean, 12, "\(file) page \(page): mean difference per channel")
                XCTAssertGreaterThan(inked, cairoInked / 2, "\(file) page \(page): ink where cairo puts it")
                XCTAssertLessThan(inked, cairoInked * 2 + 10, "\(file) page \(page)")
            }
        }
    }

    /// A book whose file was damaged after it was added: one line naming the
    /// file and the reason, no poppler noise, nothing written to the cache.
    func testDamagedFileIsOneLine() throws {
        let library = try TestLibrary()
        let file = library.root.appendingPathComponent("atlas.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("atlas-landscape.pdf"), toPath: file.path)
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)
        _ = try BadFiles.randomBytes(in: library.root, name: "atlas.pdf", pdfHeader: true)
        let run = try library.ibook("thumbnail", "--page", "2")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix("Error: \(file.path): is damaged ("), run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        let cached = try FileManager.default.contentsOfDirectory(atPath: library.cache.appendingPathComponent("ibook/thumbnails").path)
        XCTAssertFalse(cached.contains { $0.contains("-p2-") }, "\(cached)")
    }
}
