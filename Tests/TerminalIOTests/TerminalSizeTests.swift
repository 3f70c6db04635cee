import Foundation
import TerminalIO
import XCTest

final class TerminalSizeTests: XCTestCase {
    func testCellSizeFromPixelsElseFallback() {
        XCTAssertTrue(TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480).cellSize() == (10, 20))
        XCTAssertTrue(TerminalSize(columns: 80, rows: 24).cellSize(fallback: (9, 18)) == (9, 18))
        XCTAssertTrue(TerminalSize(columns: 80, rows: 24).cellSize() == TerminalSize.defaultCellSize)
        // A pipe is not a terminal.
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        XCTAssertNil(TerminalSize.of(fileDescriptor: descriptors[0]))
    }
}
