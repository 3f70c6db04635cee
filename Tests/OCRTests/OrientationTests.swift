@testable import OCR
import Raster
import XCTest

/// Turning images and turning word boxes back must agree, or hits on a
/// rotated scan are outlined in the wrong place.
final class OrientationTests: XCTestCase {
    func testAQuarterTurnFourTimesIsTheSameImage() {
        let image = GreyImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(image.rotated(quarterTurns: 1), GreyImage(width: 2, height: 3, pixels: [4, 1, 5, 2, 6, 3]))
        XCTAssertEqual(image.rotated(quarterTurns: 3), GreyImage(width: 2, height: 3, pixels: [3, 6, 2, 5, 1, 4]))
        XCTAssertEqual(image.rotated(quarterTurns: 2).rotated(quarterTurns: 2), image)
        XCTAssertEqual(image.rotated(quarterTurns: 1).rotated(quarterTurns: 1).rotated(quarterTurns: 1).rotated(quarterTurns: 1), image)
    }

    func testAWordBoxFoundOnTheTurnedImageIsWhereItsPixelsWereOnThePage() {
        // A dark 2×1 mark at (5, 1) on a 10×4 page; turn the page, find the mark, map it back.
        var pixels = [UInt8](repeating: 255, count: 40)
        pixels[1 * 10 + 5] = 0
        pixels[1 * 10 + 6] = 0
        let page = GreyImage(width: 10, height: 4, pixels: pixels)
        for turns in 0..<4 {
            let turned = page.rotated(quarterTurns: turns)
            let dark = turned.pixels.indices.filter { turned.pixels[$0] == 0 }
            let xs = dark.map { $0 % turned.width }, ys = dark.map { $0 / turned.width }
            let word = TesseractEngine.PixelWord(text: "x", left: xs.min()!, top: ys.min()!, right: xs.max()! + 1,
                                                 bottom: ys.max()! + 1, confidence: 90)
            let box = PageRecognizer.unturned(word, turns: turns, width: 10, height: 4)
            XCTAssertEqual(box.x, 0.5, accuracy: 1e-9, "turns \(turns)")
            XCTAssertEqual(box.y, 0.25, accuracy: 1e-9, "turns \(turns)")
            XCTAssertEqual(box.width, 0.2, accuracy: 1e-9, "turns \(turns)")
            XCTAssertEqual(box.height, 0.25, accuracy: 1e-9, "turns \(turns)")
        }
    }

    func testABlankPageIsBlankAndAPrintedOneIsNot() {
        XCTAssertTrue(GreyImage(width: 100, height: 100, pixels: [UInt8](repeating: 250, count: 10_000)).isBlank)
        var printed = [UInt8](repeating: 255, count: 10_000)
        for row in stride(from: 10, to: 90, by: 8) { for x in 10..<90 { printed[row * 100 + x] = 0 } }
        XCTAssertFalse(GreyImage(width: 100, height: 100, pixels: printed).isBlank)
    }

    func testLanguagesAreParsedCheckedAndNamedAfterTheirDebianPackage() throws {
        XCTAssertEqual(try OCRLanguages.parse("eng+chi_sim", installed: ["eng", "chi_sim"]), ["eng", "chi_sim"])
        XCTAssertThrowsError(try OCRLanguages.parse("eng+deu", installed: ["eng"])) { error in
            XCTAssertEqual(error as? OCRError, .languageNotInstalled("deu"))
        }
        XCTAssertThrowsError(try OCRLanguages.parse("eng+", installed: ["eng"]))
        XCTAssertEqual(OCRLanguages.debianPackage(for: "chi_sim"), "tesseract-ocr-chi-sim")
        XCTAssertEqual(OCRLanguages.forScript("Han", installed: ["eng", "chi_sim", "jpn"]), ["chi_sim", "eng"])
        XCTAssertEqual(OCRLanguages.forScript("Japanese", installed: ["eng", "jpn"]), ["jpn", "eng"])
        XCTAssertEqual(OCRLanguages.forScript("Cyrillic", installed: ["eng"]), ["eng"])
        XCTAssertEqual(OCRLanguages.forScript(nil, installed: ["eng", "deu"]), ["eng"])
    }
}
