import Drawing
import Foundation
import Raster
import TestSupport
import XCTest

/// A PNG read back as the pixels the terminal encoders take (the shelf's covers).
final class PNGImageRasterTests: XCTestCase {
    func testAPNGComesBackPixelForPixelWithTransparencyOverWhite() throws {
        var image = RasterImage(width: 5, height: 3, fill: RGB(red: 10, green: 120, blue: 250))
        image.setPixel(x: 4, y: 2, RGB(red: 200, green: 30, blue: 40))
        image.setPixel(x: 0, y: 1, .black)
        let directory = try Fixtures.temporaryDirectory("png-raster")
        defer { try? FileManager.default.removeItem(at: directory) }
        let opaque = directory.appendingPathComponent("opaque.png").path
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: opaque))
        XCTAssertEqual(try PNGImage(path: opaque).raster, image)

        // Half-transparent red over white is pink; a fully transparent pixel is white.
        var translucent = image
        translucent.pixels[0...3] = [255, 0, 0, 128]
        translucent.pixels[4...7] = [0, 0, 0, 0]
        let alpha = directory.appendingPathComponent("alpha.png").path
        try Data(PNGEncoder.encode(translucent, alpha: true)).write(to: URL(fileURLWithPath: alpha))
        let back = try PNGImage(path: alpha).raster
        XCTAssertEqual(back.pixel(x: 1, y: 0), .white)
        let pink = back.pixel(x: 0, y: 0)
        XCTAssertEqual(pink.red, 255)
        XCTAssertEqual(Double(pink.green), 127, accuracy: 2)
        XCTAssertEqual(back.pixel(x: 4, y: 2), RGB(red: 200, green: 30, blue: 40))
    }
}
