@testable import Reports
import XCTest

/// Formats defined in bytes are read and written by scalars: "\r\n" is one
/// Swift Character, and so is a comma followed by a combining mark.
final class LineEndingTests: XCTestCase {
    func testConfigWrittenOnWindowsReadsAsOnUnix() throws {
        let unix = "[letterhead]\nname = \"Phare\"\naddress = \"1 Quay\"\n"
        let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(windows.split(separator: "\n").count, 1, "the blind spot itself: Characters never split")
        XCTAssertEqual(try TOMLSubset.parse(windows), try TOMLSubset.parse(unix))
        XCTAssertEqual(try TOMLSubset.parse(windows)["letterhead"]?["address"], "1 Quay")
    }

    func testCSVQuotesLineBreaksAndCommasWithCombiningMarks() {
        XCTAssertEqual(CSVReportWriter.field("first\r\nsecond"), "\"first\r\nsecond\"")
        XCTAssertEqual(CSVReportWriter.field("a,\u{301}b"), "\"a,\u{301}b\"")
        XCTAssertEqual(CSVReportWriter.field("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(CSVReportWriter.field("plain"), "plain")
    }
}
