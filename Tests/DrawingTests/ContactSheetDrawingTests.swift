import Drawing
import Raster
import TestSupport
import XCTest

/// The contact sheet on its own: images and captions in, PNG out, no books.
final class ContactSheetDrawingTests: XCTestCase {
    func testSheetsStayUnderTheHeightAndPixelLimits() {
        let layout = ContactSheetLayout(columns: 6, thumbnailSize: 200, maximumHeight: 16_000)
        XCTAssertEqual(layout.width, 6 * layout.cellWidth)
        XCTAssertEqual(layout.rowsPerSheet, 16_000 / layout.cellHeight)
        XCTAssertLessThanOrEqual(layout.height(cells: layout.cellsPerSheet), 16_000)
        XCTAssertEqual(layout.sheetCount(cells: 320), (320 + layout.cellsPerSheet - 1) / layout.cellsPerSheet)
        XCTAssertEqual(layout.sheetCount(cells: 0), 1)

        let wide = ContactSheetLayout(columns: 12, thumbnailSize: 1024, maximumHeight: 32_000)
        XCTAssertTrue(wide.fitsWidth)
        XCTAssertLessThanOrEqual(wide.width * wide.height(cells: wide.cellsPerSheet), ContactSheetLayout.maximumPixels,
                                 "a wide sheet is cut by its pixel count before its height")
        XCTAssertLessThan(wide.height(cells: wide.cellsPerSheet), 32_000)

        let tall = ContactSheetLayout(columns: 2, thumbnailSize: 2048, maximumHeight: 100)
        XCTAssertEqual(tall.rowsPerSheet, 1, "one row per sheet even when a row is taller than the limit")
        XCTAssertFalse(ContactSheetLayout(columns: 40, thumbnailSize: 2048).fitsWidth)
    }

    func testThumbnailsAreCentredScaledToFitAndCaptioned() throws {
        let layout = ContactSheetLayout(columns: 2, thumbnailSize: 100)
        let sheet = try ContactSheet(layout: layout, cellCount: 3)
        XCTAssertEqual(sheet.width, 2 * layout.cellWidth)
        XCTAssertEqual(sheet.height, 2 * layout.cellHeight)
        try sheet.draw(RasterImage(width: 50, height: 100, fill: .black), caption: "1 (i)", at: 0)
        // Twice too big: drawn at half size, 100 x 50.
        try sheet.draw(RasterImage(width: 200, height: 100, fill: .black), caption: "2", at: 1)
        sheet.drawUnrendered(caption: "page 3 could not be rendered", at: 2)

        let png = try PNGDecoder.decode(try sheet.pngData())
        XCTAssertEqual(png.width, sheet.width)
        XCTAssertEqual(png.height, sheet.height)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(png.pixels[(y * png.width + x) * 4..<(y * png.width + x) * 4 + 3]) }
        let black: [UInt8] = [0, 0, 0], white: [UInt8] = [255, 255, 255]
        let p = layout.padding, size = layout.thumbnailSize

        // Portrait, centred across its box.
        XCTAssertEqual(pixel(p + 25, p), black)
        XCTAssertEqual(pixel(p + 74, p + 99), black)
        XCTAssertEqual(pixel(p + 10, p + 50), white)
        XCTAssertNotEqual(pixel(p + 24, p + 50), white, "the border")
        // Landscape, scaled down and centred down its box.
        let right = layout.cellWidth + p
        XCTAssertEqual(pixel(right, p + 25), black)
        XCTAssertEqual(pixel(right + 99, p + 74), black)
        XCTAssertEqual(pixel(right + 50, p + 10), white)
        // The unrendered page is grey.
        XCTAssertEqual(pixel(p + size / 2, layout.cellHeight + p + size / 2), [0xD5, 0xD8, 0xDC])
        // Captions under the boxes; nothing in the empty fourth cell.
        func ink(x: Int, y: Int, width: Int, height: Int) -> Int {
            var count = 0
            for row in y..<y + height { for column in x..<x + width where pixel(column, row) != white { count += 1 } }
            return count
        }
        let captionTop = p + size + 2
        XCTAssertGreaterThan(ink(x: 0, y: captionTop, width: layout.cellWidth, height: layout.cellHeight - captionTop), 20)
        XCTAssertGreaterThan(ink(x: 0, y: layout.cellHeight + captionTop, width: layout.cellWidth,
                                 height: layout.cellHeight - captionTop), 100)
        XCTAssertEqual(ink(x: layout.cellWidth, y: layout.cellHeight, width: layout.cellWidth, height: layout.cellHeight), 0)
    }
}
