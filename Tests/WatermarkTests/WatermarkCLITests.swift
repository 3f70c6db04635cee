import Foundation
import PDF
import TestSupport
import XCTest

/// Runs the real `ibook watermark` on PDFs made for the purpose and looks at
/// the rendered pixels and at what poppler and qpdf read back.
final class WatermarkCLITests: XCTestCase {
    private var library: TestLibrary!
    private var folder: URL { library.root }

    override func setUpWithError() throws {
        library = try TestLibrary("watermark")
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func document(_ name: String = "doc.pdf", pages: Int = 4) throws -> String {
        let file = path(name)
        try TestPDF.make(file, pageCount: pages)
        return file
    }

    @discardableResult
    private func watermark(_ arguments: [String], expect status: Int32 = 0,
                           file: StaticString = #filePath, line: UInt = #line) throws -> Run.Result {
        let result = try library.ibook(["watermark"] + arguments)
        XCTAssertEqual(result.status, status, "stderr: \(result.stderr)", file: file, line: line)
        return result
    }

    /// Solid blocks, so a pixel inside the stamp is inside a glyph.
    private let block = "\u{2588}\u{2588}\u{2588}"

    // MARK: - Where the watermark goes

    func testStampsOnlyTheSelectedPagesByNumberAndLabel() throws {
        let input = try document()
        let output = path("out.pdf")
        // Labels are i, ii, 1, 2: "ii" is page 2 by label, "3" is physical page 3.
        try watermark([input, "-o", output, "--text", block, "--font", "Sans 100", "--color", "#ff0000",
                       "--opacity", "1", "--angle", "0", "--pages", "ii-3"])
        for page in 1...4 {
            let red = try Bitmap(pdf: output, page: page).redCount(x: 0.3...0.7, y: 0.4...0.6)
            if page == 2 || page == 3 {
                XCTAssertGreaterThan(red, 500, "page \(page) should carry the watermark")
            } else {
                XCTAssertEqual(red, 0, "page \(page) is outside the range")
            }
        }
    }

    func testUnderLayerKeepsContentOnTopAndOverCoversIt() throws {
        let input = try document(pages: 1)
        for layer in ["over", "under"] {
            let output = path("\(layer).pdf")
            try watermark([input, "-o", output, "--text", block, "--font", "Sans 100", "--color", "red",
                           "--opacity", "1", "--angle", "0", "--layer", layer])
            let bitmap = try Bitmap(pdf: output, page: 1)
            let center = bitmap.rgb(fx: 0.5, fy: 0.5)
            let beside = bitmap.rgb(fx: 0.36, fy: 0.5)
            XCTAssertTrue(beside.r > 200 && beside.g < 60, "\(layer): the stamp shows on white paper: \(beside)")
            if layer == "over" {
                XCTAssertTrue(center.r > 200 && center.g < 60, "over: the stamp covers the black square: \(center)")
            } else {
                XCTAssertTrue(center.r < 40 && center.g < 40, "under: the black square stays on top: \(center)")
            }
        }
    }

    func testOpacityDecidesHowStrongTheStampIs() throws {
        let input = try document(pages: 1)
        var samples: [Double: (r: Int, g: Int, b: Int)] = [:]
        for opacity in [0.15, 0.9] {
            let output = path("opacity-\(opacity).pdf")
            try watermark([input, "-o", output, "--text", block, "--font", "Sans 100", "--color", "#ff0000",
                           "--opacity", String(opacity), "--angle", "0"])
            samples[opacity] = try Bitmap(pdf: output, page: 1).rgb(fx: 0.36, fy: 0.5)
        }
        let faint = samples[0.15]!, strong = samples[0.9]!
        XCTAssertGreaterThan(faint.g, 190, "15% red on white is a light pink: \(faint)")
        XCTAssertLessThan(strong.g, 60, "90% red on white is nearly pure red: \(strong)")
        XCTAssertGreaterThan(faint.r, 240)
    }

    func testRotatedPagesGetTheStampUprightWhereAsked() throws {
        let plain = try document("plain.pdf")
        let input = path("rotated.pdf")
        try TestPDF.rotated(plain, ["+90:2", "+180:3", "+270:4"], to: input)
        let output = path("out.pdf")
        // A wide stamp at the top left, level: on a page turned the wrong
        // way it would land in another corner, or stand on its end.
        try watermark([input, "-o", output, "--text", block + block, "--font", "Sans 40", "--color", "#ff0000",
                       "--opacity", "1", "--angle", "0", "--position", "top-left", "--margin", "10"])
        for page in 1...4 {
            let bitmap = try Bitmap(pdf: output, page: page)
            XCTAssertEqual(bitmap.width > bitmap.height, page == 2 || page == 4, "page \(page) is displayed turned")
            let topLeft = bitmap.redCount(x: 0...0.5, y: 0...0.3)
            let elsewhere = bitmap.redCount(x: 0.5...1, y: 0...1) + bitmap.redCount(x: 0...0.5, y: 0.3...1)
            XCTAssertGreaterThan(topLeft, 300, "page \(page): the stamp is at the top left as displayed")
            XCTAssertEqual(elsewhere, 0, "page \(page): nothing elsewhere")
            let box = redBounds(bitmap)
            XCTAssertGreaterThan(box.width, box.height * 2, "page \(page): the stamp is level, not on its end")
            // 400 pixels for 800 points: the 10 pt margin is about 5 pixels.
            XCTAssertLessThan(box.minX, 15, "page \(page): at the displayed left edge")
            XCTAssertLessThan(box.minY, 20, "page \(page): at the displayed top edge")
        }
        // And 90° means standing up on every page.
        let standing = path("standing.pdf")
        try watermark([input, "-o", standing, "--text", block + block, "--font", "Sans 40", "--color", "#ff0000",
                       "--opacity", "1", "--angle", "90"])
        for page in 1...4 {
            let box = redBounds(try Bitmap(pdf: standing, page: page))
            XCTAssertGreaterThan(box.height, box.width * 2, "page \(page): a 90° stamp stands up")
        }
    }

    func testTilesReachEveryCornerOfRotatedPages() throws {
        let plain = try document("plain.pdf")
        let input = path("rotated.pdf")
        try TestPDF.rotated(plain, ["+90:2", "+180:3", "+270:4"], to: input)
        let output = path("tiled.pdf")
        try watermark([input, "-o", output, "--text", "CONFIDENTIAL", "--font", "Sans Bold 20", "--color", "#ff0000",
                       "--opacity", "1", "--angle", "30", "--tile", "--spacing", "8x8"])
        for page in 1...4 {
            let bitmap = try Bitmap(pdf: output, page: page)
            for (x, y) in [(0.0...0.15, 0.0...0.15), (0.85...1.0, 0.0...0.15), (0.0...0.15, 0.85...1.0), (0.85...1.0, 0.85...1.0)] {
                XCTAssertGreaterThan(bitmap.redCount(x: x, y: y), 20, "page \(page): corner \(x) \(y) is covered")
            }
        }
    }

    func testPagesOfDifferentSizesEachGetAStampOfTheirOwnSize() throws {
        let large = path("large.pdf"), small = path("small.pdf"), mixed = path("mixed.pdf")
        try TestPDF.make(large, pageCount: 3)
        try TestPDF.make(small, pageCount: 2, width: 400, height: 300)
        let merged = try Run.process("/usr/bin/qpdf", ["--empty", "--pages", large, "1", small, "1", large, "2", small, "2",
                                                       large, "3", "--", mixed])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let output = path("out.pdf")
        let result = try watermark([mixed, "-o", output, "--text", block, "--font", "Sans 30", "--color", "#ff0000",
                                    "--opacity", "1", "--angle", "0", "--position", "bottom-right", "--margin", "10",
                                    "--pages", "2-5", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["stampCount"] as? Int, 2)
        XCTAssertEqual(report?["pages"] as? [Int], [2, 3, 4, 5])
        for page in 1...5 {
            let bitmap = try Bitmap(pdf: output, page: page)
            XCTAssertEqual(bitmap.width < bitmap.height, [1, 3, 5].contains(page))
            let box = redBounds(bitmap)
            if page == 1 {
                XCTAssertEqual(box.width, 0, "page 1 is outside the range")
                continue
            }
            // About 10 pt from the right and bottom edges, whatever the page size.
            let pixelsPerPoint = Double(max(bitmap.width, bitmap.height)) / (page % 2 == 0 ? 400 : 800)
            let right = Double(bitmap.width - (box.minX + box.width)) / pixelsPerPoint
            let bottom = Double(bitmap.height - (box.minY + box.height)) / pixelsPerPoint
            XCTAssertLessThan(right, 20, "page \(page): at the right edge")
            XCTAssertLessThan(bottom, 30, "page \(page): at the bottom edge")
            XCTAssertGreaterThan(right, 4, "page \(page): the margin is kept")
        }
    }

    func testStampSitsInTheCropBox() throws {
        for rotate in [0, 90] {
            let input = path("cropped-\(rotate).pdf")
            try TestPDF.cropped(input, media: [0, 0, 600, 800], crop: [100, 200, 500, 700], rotate: rotate)
            let output = path("cropped-\(rotate)-out.pdf")
            try watermark([input, "-o", output, "--text", block, "--font", "Sans 40", "--color", "#ff0000",
                           "--opacity", "1", "--angle", "0", "--position", "top-left", "--margin", "10"])
            let bitmap = try Bitmap(pdf: output, page: 1)
            XCTAssertEqual(bitmap.width > bitmap.height, rotate == 90)
            XCTAssertGreaterThan(bitmap.redCount(x: 0...0.4, y: 0...0.3), 300, "rotate \(rotate): top left of the visible page")
            XCTAssertEqual(bitmap.redCount(x: 0.5...1, y: 0...1) + bitmap.redCount(x: 0...0.5, y: 0.35...1), 0,
                           "rotate \(rotate): nothing elsewhere")
            let box = redBounds(bitmap)
            // 10 pt margin on a page shown 400 pixels long.
            let pointsPerPixel = Double(max(400, 500)) / Double(max(bitmap.width, bitmap.height))
            XCTAssertLessThan(Double(box.minX) * pointsPerPixel, 30, "rotate \(rotate): close to the visible left edge")
            XCTAssertLessThan(Double(box.minY) * pointsPerPixel, 40, "rotate \(rotate): close to the visible top edge")
        }
    }

    // MARK: - What must survive

    func testDocumentKeepsTextOutlineLabelsLinksAndMetadata() throws {
        let input = try document(pages: 40)
        let output = path("out.pdf")
        try watermark([input, "-o", output, "--text", "DRAFT", "--font", "Serif Italic 30", "--tile",
                       "--color", "#d32f2f", "--opacity", "0.25"])
        let before = try PDFDocument(path: input), after = try PDFDocument(path: output)
        XCTAssertEqual(after.pageCount, 40)
        XCTAssertEqual((0..<40).map { after.page(at: $0)?.label }, (0..<40).map { before.page(at: $0)?.label })
        XCTAssertEqual(after.outline(), before.outline())
        XCTAssertEqual(after.outline().count, 40)
        XCTAssertEqual(after.metadata.title, TestPDF.title)
        XCTAssertTrue(after.page(at: 9)?.text.contains("quokka10") ?? false)

        let text = try Run.process("/usr/bin/pdftotext", [output, "-"]).stdout
        for page in [1, 17, 40] { XCTAssertTrue(text.contains("Searchable body text on page \(page) quokka\(page)")) }
        XCTAssertEqual(try linkCount(output), try linkCount(input))
        XCTAssertEqual(try linkCount(output), 40)

        let images = try Run.process("/usr/bin/pdfimages", ["-list", output]).stdoutLines
        XCTAssertEqual(images.count, 2, "nothing rasterised: only pdfimages' header lines")

        // One stamp is shared by every page, so the file grows by a small,
        // nearly fixed amount, not by a copy of the stamp per page.
        let small = try document("small.pdf", pages: 4)
        let smallOut = path("small-out.pdf")
        try watermark([small, "-o", smallOut, "--text", "DRAFT", "--font", "Serif Italic 30", "--tile",
                       "--color", "#d32f2f", "--opacity", "0.25"])
        let growth40 = try size(output) - size(input), growth4 = try size(smallOut) - size(small)
        XCTAssertLessThan(growth40, 60_000, "40 pages grew by \(growth40) bytes")
        XCTAssertLessThan(growth40 - growth4, 36 * 400, "per-page cost: \(growth40) vs \(growth4)")
    }

    func testCJKTextRendersWithACJKFont() throws {
        let input = try document(pages: 1)
        let output = path("cjk.pdf")
        try watermark([input, "-o", output, "--text", "草稿 機密", "--font", "Sans Bold 60", "--color", "#ff0000",
                       "--opacity", "1", "--angle", "0"])
        let fonts = try Run.process("/usr/bin/pdffonts", [output]).stdout
        XCTAssertTrue(fonts.contains("CJK"), "a CJK font is embedded:\n\(fonts)")
        // Tofu boxes are thin outlines; real glyphs of this weight ink much more.
        let red = try Bitmap(pdf: output, page: 1, pixelsLong: 800).redCount(x: 0...1, y: 0.3...0.7)
        let tofu = path("tofu.pdf")
        try watermark([input, "-o", tofu, "--text", "\u{E000}\u{E001} \u{E002}\u{E003}", "--font", "Sans Bold 60",
                       "--color", "#ff0000", "--opacity", "1", "--angle", "0"])
        let tofuRed = try Bitmap(pdf: tofu, page: 1, pixelsLong: 800).redCount(x: 0...1, y: 0.3...0.7)
        XCTAssertGreaterThan(red, tofuRed * 3 / 2, "glyphs \(red) vs boxes \(tofuRed)")
    }

    func testEncryptedInputNeedsItsPasswordAndStaysEncrypted() throws {
        let plain = try document(pages: 2)
        let input = try BadFiles.encrypted(plain, userPassword: "sesame", in: folder, name: "locked.pdf").path
        let output = path("out.pdf")
        let refused = try watermark([input, "-o", output, "--text", "X"], expect: 1)
        XCTAssertTrue(refused.stderr.contains("password"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        try watermark([input, "-o", output, "--text", block, "--font", "Sans 100", "--color", "red", "--opacity", "1",
                       "--angle", "0", "--password", "sesame"])
        XCTAssertThrowsError(try PDFDocument(path: output), "the output keeps the encryption")
        XCTAssertGreaterThan(try Bitmap(pdf: output, page: 1, password: "sesame").redCount(), 500)
    }

    // MARK: - Other ways to run it

    func testPreviewWritesOnePNGAndNoPDF() throws {
        let input = try document()
        let png = path("preview.png")
        let result = try watermark([input, "--preview", "ii", "-o", png, "--text", block, "--font", "Sans 100",
                                    "--color", "red", "--opacity", "1", "--angle", "0", "--preview-size", "300"])
        XCTAssertEqual(result.stdoutLines, [png])
        let bitmap = try Bitmap(png: png)
        XCTAssertEqual(max(bitmap.width, bitmap.height), 300)
        XCTAssertGreaterThan(bitmap.redCount(x: 0.3...0.7, y: 0.4...0.6), 200)
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }
        XCTAssertEqual(pdfs, ["doc.pdf"])
        // A page outside --pages previews unstamped.
        try watermark([input, "--preview", "1", "-o", png, "--text", block, "--color", "red", "--pages", "2-4"])
        XCTAssertEqual(try Bitmap(png: png).redCount(), 0)
    }

    func testInPlaceReplacesTheInputAndAddPutsTheResultInTheLibrary() throws {
        let input = try document(pages: 2)
        try watermark([input, "--in-place", "--text", block, "--color", "red", "--opacity", "1"])
        XCTAssertGreaterThan(try Bitmap(pdf: input, page: 1).redCount(), 100)

        let output = path("added.pdf")
        let result = try watermark([input, "-o", output, "--text", "COPY", "--add"])
        XCTAssertEqual(result.stdoutLines.first, output)
        XCTAssertTrue(result.stdoutLines.last?.hasPrefix("Added #") ?? false, result.stdout)
        let listed = try library.ibook("list")
        XCTAssertTrue(listed.stdout.contains(TestPDF.title), listed.stdout)
        // Now it can be named as a library book.
        try watermark([TestPDF.title.lowercased().components(separatedBy: " ")[0], "-o", path("again.pdf"), "--text", "X"])
    }

    // MARK: - Bad input

    func testBadInputGetsOneErrorLineAndLeavesNoFile() throws {
        let input = try document(pages: 3)
        let notPDF = try BadFiles.textFile(in: folder).path
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            ([notPDF, "--text", "X"], 1, "is not a PDF"),
            ([input, "--text", "X", "--font", "Helvetica Nueu Bold 30"], 1, "unknown font family 'Helvetica Nueu'"),
            ([input, "--text", "X", "--color", "#12345"], 64, "cannot read colour '#12345'"),
            ([input, "--text", "X", "--pages", "2-x-"], 1, "page"),
            ([input, "--text", "X", "--pages", "2-99"], 1, "page 99 is out of range (1-3)"),
            ([input, "--text", "X", "--pages", "3-1"], 1, "cannot read page range '3-1'"),
            ([input, "--text", "X", "--spacing", "ten"], 64, "cannot read spacing 'ten'"),
            ([input, "--text", "X", "--position", "middle"], 64, "unknown position 'middle'"),
            ([input, "--text", "   "], 1, "the watermark text is empty"),
            ([input], 64, "Missing --text"),
        ]
        for (arguments, status, message) in cases {
            let output = path("bad-out.pdf")
            let result = try watermark(arguments + ["-o", output], expect: status)
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderrLines.first?.hasPrefix(status == 64 ? "Error: " : "Error: ") ?? false, result.stderr)
            if status == 1 { XCTAssertEqual(result.stderrLines.count, 1, result.stderr) }
            XCTAssertEqual(result.stdout, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(arguments) left an output file")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") || $0.contains("tmp") }
        XCTAssertEqual(leftovers, [], "no temporary files are left behind")

        let same = try watermark([input, "-o", input, "--text", "X"], expect: 1)
        XCTAssertTrue(same.stderr.contains("--in-place"), same.stderr)
    }

    // MARK: - Helpers

    private func redBounds(_ bitmap: Bitmap) -> (minX: Int, minY: Int, width: Int, height: Int) {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let (r, g, b) = bitmap.rgb(x, y)
                if r > 150, r - g > 60, r - b > 60 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return (0, 0, 0, 0) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private func linkCount(_ file: String) throws -> Int {
        let dump = try Run.process("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", file, "-"]).stdout
        return dump.components(separatedBy: "/Subtype /Link").count - 1
    }

    private func size(_ file: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    }
}
