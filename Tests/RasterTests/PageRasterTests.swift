import Foundation
import PDF
import Raster
import TestSupport
import XCTest

/// Pages rendered into memory agree with poppler's own command-line render.
final class PageRasterTests: XCTestCase {
    func testRenderMatchesPdftoppm() throws {
        let path = Fixtures.sampleBook("lighthouses.pdf")
        let page = try XCTUnwrap(try PDFDocument(path: path).page(at: 2))
        let size = page.pixelSize(fittingWidth: 400, height: 400)
        let image = try page.render(width: size.width, height: size.height)
        XCTAssertEqual(max(image.width, image.height), 400)

        let directory = try Fixtures.temporaryDirectory("raster")
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefix = directory.appendingPathComponent("page").path
        let result = try Run.process("/usr/bin/pdftoppm", ["-png", "-f", "3", "-l", "3", "-scale-to-x", String(size.width),
                                                           "-scale-to-y", String(size.height), "-singlefile", path, prefix])
        XCTAssertEqual(result.status, 0, result.stderr)
        let reference = try PNGDecoder.decode(file: prefix + ".png")
        XCTAssertEqual(reference.width, image.width)
        XCTAssertEqual(reference.height, image.height)
        // pdftoppm draws with splash, ibook with cairo: glyph edges differ, so
        // compare at a quarter of the size, where only content shows.
        func coarse(_ pixels: [UInt8]) -> [UInt8] {
            RasterImage(width: image.width, height: image.height, pixels: pixels)
                .scaled(toWidth: image.width / 4, height: image.height / 4).pixels
        }
        let difference = PNGDecoder.meanDifference(coarse(reference.pixels), coarse(image.pixels))
        let blank = RasterImage(width: image.width, height: image.height)
        let blankDifference = PNGDecoder.meanDifference(coarse(reference.pixels), coarse(blank.pixels))
        XCTAssertLessThan(difference, blankDifference / 3, "mean difference per channel, against \(blankDifference) for a blank page")
        // Not blank: a page of text has dark pixels.
        XCTAssertTrue(stride(from: 0, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 80 })
    }

    func testFindGivesBoxesWhereTheTextIs() throws {
        let document = try PDFDocument(path: Fixtures.sampleBook("lighthouses.pdf"))
        let page = try XCTUnwrap(document.page(at: 2))
        let word = try XCTUnwrap(page.text.split(whereSeparator: { !$0.isLetter }).first { $0.count >= 6 })
        let boxes = page.find(String(word).uppercased())
        XCTAssertFalse(boxes.isEmpty, "case-insensitive find of \(word)")
        let glyphs = page.glyphs()
        let (width, height) = page.size
        // The first box covers the first glyph of the first occurrence in the text.
        let index = try XCTUnwrap(page.text.range(of: String(word)).map { page.text.distance(from: page.text.startIndex, to: $0.lowerBound) })
        let glyph = glyphs[index]
        let box = boxes[0]
        XCTAssertEqual(box.x, glyph.x1 / width, accuracy: 0.02)
        XCTAssertEqual(box.y + box.height / 2, (glyph.y1 + glyph.y2) / 2 / height, accuracy: 0.02)
        XCTAssertTrue(page.find("zzqqxxnotthere").isEmpty)
    }
}
