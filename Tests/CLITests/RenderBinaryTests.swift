import Foundation
import TestSupport
import XCTest

/// `ibook thumbnail` is rendered by ibook-render, a binary that links the
/// library and poppler and none of the workbench.
final class RenderBinaryTests: XCTestCase {
    private var buildFolder: URL { URL(fileURLWithPath: Run.ibookPath).deletingLastPathComponent() }

    func testThumbnailsRenderWithoutIbookFull() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        // ibook and ibook-render alone, as if ibook-full were not installed.
        let alone = library.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        for name in ["ibook", "ibook-render"] {
            try FileManager.default.copyItem(at: buildFolder.appendingPathComponent(name), to: alone.appendingPathComponent(name))
        }
        let ibook = alone.appendingPathComponent("ibook").path
        let page = try Run.process(ibook, ["thumbnail", "--page", "3", "--size", "120"], environment: library.environment)
        XCTAssertEqual(page.status, 0, page.stderr)
        let path = page.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(path.hasSuffix("-p3-120.png"), path)
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(height, 120, "a portrait page: its height is the size asked for")
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

    func testIbookRenderLinksNoneOfTheWorkbench() throws {
        let ldd = try Run.process("/usr/bin/ldd", [buildFolder.appendingPathComponent("ibook-render").path])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        XCTAssertTrue(ldd.stdout.contains("libpoppler-glib"), ldd.stdout)
        for library in ["libpango", "libqpdf", "libcups", "libchafa", "libharfbuzz"] {
            XCTAssertFalse(ldd.stdout.contains(library), "ibook-render links \(library)")
        }
    }
}
