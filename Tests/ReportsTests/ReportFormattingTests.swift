import Foundation
import Reports
import XCTest

final class ReportFormattingTests: XCTestCase {
    func testDefaultFileNamesKeepOnlySafeCharacters() {
        let date = ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z")!
        let catalog = Report(kind: .catalog, title: "x", columns: [], rows: [])
        XCTAssertEqual(ReportFileName.make(for: catalog, format: .pdf, date: date), "catalog-2026-11-29.pdf")
        let search = Report(kind: .search, title: "x", columns: [], rows: [], nameHint: "café/../灯塔 x")
        XCTAssertEqual(ReportFileName.make(for: search, format: .csv, date: date), "search-caf__..____x-2026-11-29.csv")
        XCTAssertEqual(ReportFileName.sanitized("a b:c*d?é.pdf"), "a_b_c_d__.pdf")
    }

    func testLocaleComesFromLCAllThenLCMessagesThenLang() {
        XCTAssertEqual(ReportLocale.from(environment: ["LANG": "zh_CN.UTF-8"]).language, .chinese)
        XCTAssertEqual(ReportLocale.from(environment: ["LANG": "zh_CN.UTF-8"]).languageTag, "zh-cn")
        XCTAssertEqual(ReportLocale.from(environment: ["LC_ALL": "C", "LANG": "zh_CN.UTF-8"]).language, .english)
        XCTAssertEqual(ReportLocale.from(environment: ["LC_MESSAGES": "zh_TW.UTF-8", "LANG": "en_US"]).identifier, "zh_TW")
        XCTAssertEqual(ReportLocale.from(environment: [:]).identifier, "en_US")
        XCTAssertEqual(ReportLocale.from(environment: ["LANG": "en_GB.UTF-8"]).identifier, "en_GB")

        let date = ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z")!
        XCTAssertTrue(ReportLocale.chinese.formatDate(date).contains("2026年11月"), ReportLocale.chinese.formatDate(date))
        XCTAssertTrue(ReportLocale.english.formatDate(date).contains("Nov"), ReportLocale.english.formatDate(date))
        XCTAssertEqual(ReportLocale.chinese.strings.pageFooter(2, 7), "第 2 页，共 7 页")
    }

    func testCSVQuotesOnlyWhatNeedsQuoting() {
        let report = Report(kind: .catalog, title: "t",
                            columns: [ReportColumn(key: "cover", header: "", kind: .image),
                                      ReportColumn(key: "title", header: "Title"), ReportColumn(key: "pages", header: "P", kind: .number)],
                            rows: [[.image("/x.png"), .text("Plain"), .number(3)],
                                   [.none, .text("Comma, \"quoted\"\nand a new line"), .none]])
        XCTAssertEqual(CSVReportWriter.csv(report), "title,pages\r\nPlain,3\r\n\"Comma, \"\"quoted\"\"\nand a new line\",\r\n")
    }
}
