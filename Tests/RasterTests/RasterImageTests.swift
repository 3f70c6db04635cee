import Foundation
import Raster
import TestSupport
import XCTest

final class RasterImageTests: XCTestCase {
    /// A 3×2 image whose every pixel differs, so any misplaced pixel shows.
    private let sample = RasterImage(width: 3, height: 2, pixels: [
        10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255,
        100, 110, 120, 255, 130, 140, 150, 255, 160, 170, 180, 255,
    ])

    func testPNGRoundTripKeepsEveryPixel() throws {
        var image = RasterImage(width: 37, height: 19)
        for y in 0..<19 { for x in 0..<37 { image.setPixel(x: x, y: y, RGB(red: UInt8(x * 6), green: UInt8(y * 13), blue: UInt8((x * y) % 256))) } }
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(image))
        XCTAssertEqual(decoded.width, 37)
        XCTAssertEqual(decoded.height, 19)
        XCTAssertEqual(decoded.pixels, image.pixels)
        let withAlpha = try PNGDecoder.decode(PNGEncoder.encode(sample, alpha: true))
        XCTAssertEqual(withAlpha.pixels, sample.pixels)
    }

    func testRotationsMovePixelsClockwise() {
        let quarter = sample.rotated(quarterTurns: 1)
        XCTAssertEqual(quarter.width, 2)
        XCTAssertEqual(quarter.height, 3)
        // The bottom-left pixel goes to the top-left after a clockwise turn.
        XCTAssertEqual(quarter.pixel(x: 0, y: 0), sample.pixel(x: 0, y: 1))
        XCTAssertEqual(quarter.pixel(x: 1, y: 0), sample.pixel(x: 0, y: 0))
        XCTAssertEqual(sample.rotated(quarterTurns: 2).pixel(x: 0, y: 0), sample.pixel(x: 2, y: 1))
        XCTAssertEqual(sample.rotated(quarterTurns: 4), sample)
        XCTAssertEqual(sample.rotated(quarterTurns: 1).rotated(quarterTurns: 3), sample)
        XCTAssertEqual(sample.rotated(quarterTurns: -1), sample.rotated(quarterTurns: 3))
    }

    func testInvertCropDrawAndStroke() {
        XCTAssertEqual(sample.inverted().pixel(x: 0, y: 0), RGB(red: 245, green: 235, blue: 225))
        XCTAssertEqual(sample.inverted().inverted(), sample)
        let crop = sample.cropped(x: 1, y: 1, width: 5, height: 5)
        XCTAssertEqual(crop.width, 2)
        XCTAssertEqual(crop.height, 1)
        XCTAssertEqual(crop.pixel(x: 0, y: 0), sample.pixel(x: 1, y: 1))
        var canvas = RasterImage(width: 5, height: 4, fill: .black)
        canvas.draw(sample, atX: 1, y: 2)
        XCTAssertEqual(canvas.pixel(x: 1, y: 2), sample.pixel(x: 0, y: 0))
        XCTAssertEqual(canvas.pixel(x: 3, y: 3), sample.pixel(x: 2, y: 1))
        XCTAssertEqual(canvas.pixel(x: 0, y: 0), .black)
        var box = RasterImage(width: 10, height: 10)
        let red = RGB(red: 255, green: 0, blue: 0)
        box.strokeRectangle(x: 2, y: 2, width: 6, height: 6, color: red, thickness: 1)
        XCTAssertEqual(box.pixel(x: 2, y: 5), red)
        XCTAssertEqual(box.pixel(x: 7, y: 7), red)
        XCTAssertEqual(box.pixel(x: 4, y: 4), .white)
    }

    func testScalingAveragesAreas() {
        var checker = RasterImage(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 where (x + y) % 2 == 0 { checker.setPixel(x: x, y: y, .black) } }
        let half = checker.scaled(toWidth: 2, height: 2)
        XCTAssertEqual(half.pixel(x: 1, y: 1), RGB(red: 127, green: 127, blue: 127))
        XCTAssertEqual(sample.scaled(toWidth: 6, height: 4).pixel(x: 5, y: 3), sample.pixel(x: 2, y: 1))
    }
}
