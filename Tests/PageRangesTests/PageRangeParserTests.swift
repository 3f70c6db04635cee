import PageRanges
import XCTest

final class PageRangeParserTests: XCTestCase {
    private func parse(_ text: String, labels: [String?] = ["i", "ii", "A-1", "A-2", "1"]) throws -> [Int] {
        var parser = PageRangeParser(pageCount: labels.count, labels: { labels })
        return try parser.parse(text)
    }

    func testNumbersLabelsAndOpenRanges() throws {
        XCTAssertEqual(try parse("2-4,1"), [1, 2, 3, 4])
        XCTAssertEqual(try parse("ii"), [2])
        XCTAssertEqual(try parse("i-ii, 5"), [1, 2, 5])
        XCTAssertEqual(try parse("A-1-A-2"), [3, 4], "labels may contain dashes")
        XCTAssertEqual(try parse("A-2"), [4])
        XCTAssertEqual(try parse("-2"), [1, 2])
        XCTAssertEqual(try parse("4-"), [4, 5])
        XCTAssertEqual(try parse("1"), [1], "a plain number is the physical page, even where a page is labelled 1")
        XCTAssertEqual(try parse("IV-v", labels: ["iii", "iv", "v"]), [2, 3], "labels match case-insensitively")
    }

    func testBadRangesSayWhy() {
        XCTAssertThrowsError(try parse("9")) { XCTAssertEqual($0 as? PageRangeError, .pageOutOfRange(9, count: 5)) }
        XCTAssertThrowsError(try parse("0")) { XCTAssertEqual($0 as? PageRangeError, .pageOutOfRange(0, count: 5)) }
        XCTAssertThrowsError(try parse("xiv")) { XCTAssertEqual($0 as? PageRangeError, .unknownPageLabel("xiv")) }
        XCTAssertThrowsError(try parse("4-2")) { XCTAssertEqual($0 as? PageRangeError, .badPageRange("4-2")) }
        XCTAssertThrowsError(try parse("1,,2")) { XCTAssertEqual($0 as? PageRangeError, .badPageRange("1,,2")) }
        XCTAssertThrowsError(try parse(""))
    }

    func testLabelsAreOnlyReadWhenNeeded() throws {
        var asked = 0
        var parser = PageRangeParser(pageCount: 1000, labels: { asked += 1; return [] })
        XCTAssertEqual(try parser.parse("10-12,900-").count, 104)
        XCTAssertEqual(asked, 0)
    }
}
