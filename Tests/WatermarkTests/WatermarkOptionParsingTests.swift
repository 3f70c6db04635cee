import Watermark
import XCTest

final class WatermarkOptionParsingTests: XCTestCase {
    func testColoursAndSpacing() throws {
        XCTAssertEqual(try WatermarkColor(parsing: "#ff0000"), WatermarkColor(red: 1, green: 0, blue: 0))
        XCTAssertEqual(try WatermarkColor(parsing: "#00f"), WatermarkColor(red: 0, green: 0, blue: 1))
        XCTAssertNoThrow(try WatermarkColor(parsing: "firebrick"))
        XCTAssertThrowsError(try WatermarkColor(parsing: "#ggg"))
        XCTAssertEqual(try WatermarkPlacement.tile(parsing: "50x20"), .tile(horizontal: 50, vertical: 20))
        XCTAssertEqual(try WatermarkPlacement.tile(parsing: "30"), .tile(horizontal: 30, vertical: 30))
        XCTAssertThrowsError(try WatermarkPlacement.tile(parsing: "-5x5"))
        XCTAssertThrowsError(try WatermarkPlacement.tile(parsing: "5x5x5"))
    }
}
