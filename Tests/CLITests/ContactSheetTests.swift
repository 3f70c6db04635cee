import Drawing
import Foundation
import TestSupport
import XCTest

/// `ibook thumbnails`: contact sheets and folders of page PNGs, checked pixel
/// by pixel against the layout the sheet says it uses.
final class ContactSheetTests: XCTestCase {
    var library: TestLibrary!
    var folder: URL { library.root }

    override func setUpWithError() throws {
        library = try TestLibrary("sheet")
        for book in ["lighthouses.pdf", "long-history.pdf", "atlas-landscape.pdf", "cafe-culture.pdf"] {
            let added = try library.ibook("add", Fixtures.sampleBook(book))
            XCTAssertEqual(added.status, 0, added.stderr)
        }
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @discardableResult
    private func thumbnails(_ arguments: String..., status: Int32 = 0) throws -> Run.Result {
        let result = try library.ibook(["thumbnails"] + arguments)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
        return result
    }

    // MARK: - The sheet

    func testSheetIsAGridOfBorderedThumbnailsWithCaptionsAndWhiteGaps() throws {
        let result = try thumbnails("lighthouses", "--sheet", "-o", path("sheet.png"), "--columns", "6", "--size", "120")
        XCTAssertEqual(result.stdoutLines, [path("sheet.png")])
        XCTAssertEqual(result.stderr, "", "no progress or warnings when stderr is not a terminal")
        let layout = ContactSheetLayout(columns: 6, thumbnailSize: 120)
        let sheet = try Sheet(path("sheet.png"), layout)
        XCTAssertEqual(sheet.image.width, 6 * layout.cellWidth)
        XCTAssertEqual(sheet.image.height, 7 * layout.cellHeight, "40 pages in rows of 6")

        for cell in 0..<40 {
            let box = sheet.thumbnailBox(cell)
            XCTAssertGreaterThan(sheet.darkPixels(in: sheet.captionArea(cell)), 5, "cell \(cell) has a caption")
            // A portrait page fills the box's height and is centred across it, in a border one pixel outside it.
            let ink = try XCTUnwrap(sheet.inkBounds(in: box.outset(1)), "cell \(cell)")
            XCTAssertGreaterThan(sheet.darkPixels(in: ink.insetBy(2), below: 200), 30, "cell \(cell) shows the page's text")
            XCTAssertEqual(ink.height, layout.thumbnailSize + 2, "cell \(cell)")
            XCTAssertEqual(Double(ink.width), Double(layout.thumbnailSize) * 595 / 842 + 2, accuracy: 1.5, "cell \(cell)")
            XCTAssertLessThanOrEqual(abs((ink.x - box.x) - (box.x + box.width - ink.x - ink.width)), 1, "cell \(cell) is centred")
        }
        for cell in 40..<42 {
            XCTAssertNil(sheet.inkBounds(in: sheet.cell(cell)), "cells past the last page stay white")
        }
        // Between the cells: white, right across the sheet.
        for row in 0..<7 {
            let top = row * layout.cellHeight
            XCTAssertNil(sheet.inkBounds(in: Box(x: 0, y: top, width: sheet.image.width, height: layout.padding - 2)), "row \(row)")
        }
        for column in 0..<6 {
            let left = column * layout.cellWidth
            XCTAssertNil(sheet.inkBounds(in: Box(x: left, y: 0, width: layout.padding - 2, height: sheet.image.height)), "column \(column)")
        }
    }

    func testLandscapePagesFitTheSameCell() throws {
        try thumbnails("atlas", "--sheet", "-o", path("atlas.png"), "--columns", "4")
        let layout = ContactSheetLayout(columns: 4, thumbnailSize: 200)
        let sheet = try Sheet(path("atlas.png"), layout)
        XCTAssertEqual(sheet.image.width, 4 * layout.cellWidth)
        XCTAssertEqual(sheet.image.height, 2 * layout.cellHeight)
        let sizes = try XCTUnwrap(try Fixtures.expected.book("atlas-landscape.pdf")).pageSizes
        for (cell, size) in sizes.enumerated() {
            let ink = try XCTUnwrap(sheet.inkBounds(in: sheet.thumbnailBox(cell).outset(1)))
            let landscape = size[0] > size[1]
            let short = Double(layout.thumbnailSize) * min(size[0], size[1]) / max(size[0], size[1]) + 2
            XCTAssertEqual(landscape ? ink.width : ink.height, layout.thumbnailSize + 2, "page \(cell + 1)")
            XCTAssertEqual(Double(landscape ? ink.height : ink.width), short, accuracy: 1.5, "page \(cell + 1)")
        }
    }

    func testPagesByLabelAreCaptionedWithNumberAndLabel() throws {
        try thumbnails("long-history", "--sheet", "--pages", "ii-iv", "-o", path("front.png"))
        let layout = ContactSheetLayout(columns: 6, thumbnailSize: 200)
        let front = try Sheet(path("front.png"), layout)
        XCTAssertEqual(front.image.height, layout.cellHeight, "three pages: one row")
        for cell in 0..<3 { XCTAssertNotNil(front.inkBounds(in: front.thumbnailBox(cell)), "cell \(cell)") }
        XCTAssertNil(front.inkBounds(in: front.cell(3)), "only three pages")

        // "2 (ii)" is drawn, where a book without labels shows a bare "2".
        try thumbnails("cafe", "--sheet", "--pages", "2", "-o", path("plain.png"))
        let plain = try Sheet(path("plain.png"), layout)
        let labelled = try XCTUnwrap(front.inkBounds(in: front.captionArea(0)))
        let bare = try XCTUnwrap(plain.inkBounds(in: plain.captionArea(0)))
        XCTAssertGreaterThan(labelled.width, 3 * bare.width, "the caption carries the label")
        XCTAssertEqual(labelled.height, bare.height, accuracy: 3, "on the same line")

        // The label range chose physical pages 2 to 4.
        let images = try thumbnails("long-history", "--pages", "ii-iv", "-o", path("front"))
        XCTAssertEqual(images.stdoutLines, ["page-002.png", "page-003.png", "page-004.png"].map { path("front/" + $0) })
    }

    func testTallSheetsAreSplitIntoNumberedFiles() throws {
        let layout = ContactSheetLayout(columns: 6, thumbnailSize: 100)
        let result = try thumbnails("lighthouses", "--sheet", "-o", path("split.png"), "--size", "100",
                                    "--max-height", String(2 * layout.cellHeight + 5))
        XCTAssertEqual(result.stdoutLines, (1...4).map { path("split-\($0).png") }, "7 rows, 2 to a sheet")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("split.png")))
        let heights = try result.stdoutLines.map { try PNGDecoder.decode(file: $0).height }
        XCTAssertEqual(heights, [2, 2, 2, 1].map { $0 * layout.cellHeight })
        // The last sheet holds pages 37-40: four cells, the rest white.
        let last = try Sheet(result.stdoutLines[3], layout)
        XCTAssertNotNil(last.inkBounds(in: last.thumbnailBox(3)))
        XCTAssertNil(last.inkBounds(in: last.cell(4)))
    }

    func testAPageThatCannotBeRenderedIsAGreyCellAndAWarning() throws {
        // The middle kid of the page tree is not a page: poppler leaves a hole at page 3.
        var broken = RawPDF.simple()
        broken.set(2, "<< /Type /Pages /Kids [3 0 R 6 0 R 3 0 R] /Count 3 >>")
        broken.set(6, "42")
        let file = folder.appendingPathComponent("holey.pdf")
        try broken.write(to: file)
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)

        let result = try thumbnails("holey", "--sheet", "-o", path("holey.png"))
        XCTAssertEqual(result.stdoutLines, [path("holey.png")], "the sheet still completes")
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Warning: \(file.path): page 3 could not be rendered"), result.stderr)
        let layout = ContactSheetLayout(columns: 6, thumbnailSize: 200)
        let sheet = try Sheet(path("holey.png"), layout)
        let box = sheet.thumbnailBox(2)
        XCTAssertEqual(sheet.pixel(box.x + box.width / 2, box.y + box.height / 2), [0xD5, 0xD8, 0xDC], "a grey cell")
        XCTAssertGreaterThan(sheet.darkPixels(in: sheet.captionArea(2)), 50, "with a caption saying why")

        let images = try thumbnails("holey", "-o", path("holey"))
        XCTAssertEqual(images.stdoutLines, [path("holey/page-1.png"), path("holey/page-2.png")])
        XCTAssertEqual(images.stderrLines.count, 1, images.stderr)
    }

    // MARK: - A folder of pages

    func testFolderGetsOnePNGPerPageNamedInPageOrder() throws {
        let result = try thumbnails("lighthouses", "--pages", "3-5,iv", "--size", "150", "-o", path("pages"))
        let names = ["page-03.png", "page-04.png", "page-05.png"]
        XCTAssertEqual(result.stdoutLines, names.map { path("pages/" + $0) }, "zero-padded to the width of 40")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("pages")).sorted(), names)
        for line in result.stdoutLines {
            let image = try PNGDecoder.decode(file: line)
            XCTAssertEqual(max(image.width, image.height), 150, line)
        }
    }

    // MARK: - Bad input

    func testBadInputGetsOneClearLine() throws {
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["--pages", "38-60"], 1, "page 60 is out of range (1-40)"),
            (["--pages", "xlii"], 1, "no page is labelled 'xlii'"),
            (["--pages", "5-2"], 1, "cannot read page range '5-2'"),
            (["--columns", "0"], 64, "--columns"),
            (["--size", "100000"], 64, "--size"),
        ]
        for (arguments, status, message) in cases {
            let result = try library.ibook(["thumbnails", "lighthouses", "--sheet", "-o", path("bad.png")] + arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            if status == 1 { XCTAssertEqual(result.stderrLines.count, 1, result.stderr) }
            XCTAssertEqual(result.stdout, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad.png")), "\(arguments)")
        }
        let noOutput = try library.ibook("thumbnails", "lighthouses", "--sheet")
        XCTAssertEqual(noOutput.status, 64)
        XCTAssertTrue(noOutput.stderr.contains("Missing -o/--output"), noOutput.stderr)

        let noFolder = try library.ibook("thumbnails", "lighthouses", "--sheet", "-o", path("nowhere/sheet.png"))
        XCTAssertEqual(noFolder.status, 1)
        XCTAssertEqual(noFolder.stderrLines, ["Error: \(path("nowhere/sheet.png")): no such folder"])
    }

    func testMissingBookFileIsOneLine() throws {
        let file = folder.appendingPathComponent("moved.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("untitled-notes.pdf"), toPath: file.path)
        let other = try TestLibrary("sheet-missing")
        XCTAssertEqual(try other.ibook("add", file.path).status, 0)
        try FileManager.default.removeItem(at: file)
        let result = try other.ibook("thumbnails", "--sheet", "-o", path("gone.png"))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["Error: \(file.path): no such file"])
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("gone.png")))
    }

    func testEncryptedBookNeedsItsPasswordAgain() throws {
        let locked = try BadFiles.encrypted(Fixtures.sampleBook("untitled-notes.pdf"), userPassword: "s3cret",
                                            in: folder, name: "locked.pdf")
        let other = try TestLibrary("sheet-locked")
        XCTAssertEqual(try other.ibook("add", "--password", "s3cret", locked.path).status, 0)
        let refused = try other.ibook("thumbnails", "--sheet", "-o", path("locked.png"))
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Error: \(locked.path): needs a password (use --password)\n")
        let opened = try other.ibook("thumbnails", "--sheet", "-o", path("locked.png"), "--password", "s3cret")
        XCTAssertEqual(opened.status, 0, opened.stderr)
        XCTAssertEqual(try PNGDecoder.decode(file: path("locked.png")).height, ContactSheetLayout(columns: 6, thumbnailSize: 200).cellHeight)
    }
}

/// A rectangle of pixels.
struct Box {
    var x: Int, y: Int, width: Int, height: Int

    func insetBy(_ amount: Int) -> Box { Box(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount) }
    func outset(_ amount: Int) -> Box { insetBy(-amount) }
}

/// A decoded sheet and where its layout puts each part of a cell.
struct Sheet {
    let image: PNGDecoder.Image
    let layout: ContactSheetLayout

    init(_ path: String, _ layout: ContactSheetLayout) throws {
        image = try PNGDecoder.decode(file: path)
        self.layout = layout
    }

    func cell(_ index: Int) -> Box {
        let origin = layout.cellOrigin(index)
        return Box(x: origin.x, y: origin.y, width: layout.cellWidth, height: layout.cellHeight)
    }

    func thumbnailBox(_ index: Int) -> Box {
        let origin = layout.cellOrigin(index)
        return Box(x: origin.x + layout.padding, y: origin.y + layout.padding, width: layout.thumbnailSize, height: layout.thumbnailSize)
    }

    /// Everything under the thumbnail box.
    func captionArea(_ index: Int) -> Box {
        let box = thumbnailBox(index), cell = cell(index)
        return Box(x: cell.x, y: box.y + box.height + 2, width: cell.width, height: cell.y + cell.height - (box.y + box.height + 2))
    }

    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * image.width + x) * 4
        return Array(image.pixels[offset..<offset + 3])
    }

    private func luminance(_ x: Int, _ y: Int) -> Int {
        let offset = (y * image.width + x) * 4
        return (Int(image.pixels[offset]) * 3 + Int(image.pixels[offset + 1]) * 6 + Int(image.pixels[offset + 2])) / 10
    }

    /// Pixels darker than `threshold` (by default darker than the thumbnails' grey border): text.
    func darkPixels(in box: Box, below threshold: Int = 140) -> Int {
        var count = 0
        for y in max(0, box.y)..<min(image.height, box.y + box.height) {
            for x in max(0, box.x)..<min(image.width, box.x + box.width) where luminance(x, y) < threshold { count += 1 }
        }
        return count
    }

    /// The smallest box holding every pixel that is not white, or nil when all are.
    func inkBounds(in box: Box) -> Box? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in max(0, box.y)..<min(image.height, box.y + box.height) {
            for x in max(0, box.x)..<min(image.width, box.x + box.width) where luminance(x, y) < 250 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
