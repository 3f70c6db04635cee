import FileNames
import Foundation
import LeanBasics
import XCTest

/// The lean modules' replacements for Foundation's NSString, CharacterSet,
/// String(format:) and DateFormatter give what Foundation gave (this target
/// links Foundation to compare).
final class FoundationParityTests: XCTestCase {
    func testCharacterClassesAreFoundationsOverEveryScalar() {
        let classes: [(String, CharacterSet, (Unicode.Scalar) -> Bool)] = [
            ("whitespaces", .whitespaces, ScalarClass.isWhitespace),
            ("whitespacesAndNewlines", .whitespacesAndNewlines, ScalarClass.isWhitespaceOrNewline),
            ("alphanumerics", .alphanumerics, ScalarClass.isAlphanumeric),
            ("decimalDigits", .decimalDigits, ScalarClass.isDecimalDigit),
            ("punctuationCharacters", .punctuationCharacters, ScalarClass.isPunctuation),
        ]
        for (name, set, isMember) in classes {
            let differing = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter { set.contains($0) != isMember($0) }
            XCTAssertEqual(differing.map { String($0.value, radix: 16) }, [], name)
        }
    }

    func testTrimmingAsFoundation() {
        for text in ["", " ", "  a b  ", "\t x\u{00A0}\u{2003}", "\n\r x \u{2028}\u{85}", "\u{3000}漢字\u{3000}",
                     " \u{301}a", "\u{200B}x\u{200B}", "\u{1F600} \u{FEFF}", "\r\npass\r"] {
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), text)
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), text)
        }
    }

    func testReplacingFindsEveryOccurrenceByItsBytes() {
        XCTAssertEqual("it's 'x'".replacingEvery("'", with: "''"), "it''s ''x''")
        XCTAssertEqual("50%_a\\b".replacingEvery("\\", with: "\\\\").replacingEvery("%", with: "\\%"), "50\\%_a\\\\b")
        XCTAssertEqual("a\tb\nc".replacingEvery("\t", with: " "), "a b\nc")
        // Foundation compared composed characters and left a quote before a combining accent,
        // which then ended an SQL string early; the bytes are what SQL sees.
        XCTAssertEqual("x'\u{301}".replacingEvery("'", with: "''"), "x''\u{301}")
        XCTAssertEqual("aaa".replacingEvery("aa", with: "b"), "ba")
    }

    func testCFormatAsStringFormat() {
        for value in [0.0, 0.05, 0.95, 9.95, 9.96, 12.5, 13.5, 999.4, -1.5] {
            for format in ["%.0f", "%.1f", "%.2f", "%.0f%%"] {
                XCTAssertEqual(CFormat.string(format, value), String(format: format, value))
            }
        }
        XCTAssertEqual(CFormat.string("%%%02X", UInt8(7)), String(format: "%%%02X", UInt8(7)))
        XCTAssertEqual(CFormat.string("%08x", UInt32(0xdeadbeef)), "deadbeef")
        XCTAssertEqual(CFormat.string("%0300d", 7), String(repeating: "0", count: 299) + "7")
    }

    func testLocalTimeAsDateFormatterAndCalendarInTheUsersZone() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        for seconds in stride(from: -100_000.0, to: 2_000_000_000, by: 7_654_321.3) {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(LocalTime.format(seconds, "%Y-%m-%d %H:%M"), formatter.string(from: date))
            XCTAssertEqual(LocalTime.year(seconds), calendar.component(.year, from: date))
        }
        for (year, month, day) in [(2024, 1, 1), (2024, 2, 29), (2023, 2, 29), (2024, 4, 31), (2024, 10, 27), (1970, 1, 1)] {
            let start = try XCTUnwrap(calendar.date(from: DateComponents(year: year, month: month, day: day)))
            XCTAssertEqual(LocalTime.midnight(year: year, month: month, day: day), start.timeIntervalSince1970)
            let next = try XCTUnwrap(calendar.date(byAdding: DateComponents(day: 1), to: start))
            XCTAssertEqual(LocalTime.midnight(year: year, month: month, day: day + 1), next.timeIntervalSince1970)
        }
    }

    func testPathsAsNSString() throws {
        let folder = NSTemporaryDirectory() + "ibook-paths-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/relative", withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: folder + "/absolute", withDestinationPath: folder + "/real")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: "nowhere")
        let paths = ["", "/", "/a", "/a/", "/a/b", "a/b/c", "..", "...", ".a", "a.", "a.b.c", "/x/.pdf", "/x/y.tar.gz",
                     "/x.y/z", "x/..", "~", "~/", "~/a/b", "~root/x", "~nosuchuser/x/", "/a/./b/../../..", "/../..",
                     "a/../b", "/x/café.pdf", "/a/b.", "/a/..", "/a/.b", folder + "/relative/sub/../x",
                     folder + "/absolute/sub", folder + "/dangling/a", folder + "/relative/"]
        for path in paths {
            let ns = path as NSString
            if path.filter({ $0 != "/" }).count > 1 || path.hasPrefix("/") {  // NSString traps on one character
                XCTAssertEqual(PathName.folder(of: path), ns.deletingLastPathComponent, path)
            }
            XCTAssertEqual(PathName.lastComponent(of: path), ns.lastPathComponent, path)
            XCTAssertEqual(PathName.extension(of: path), ns.pathExtension, path)
            XCTAssertEqual(PathName.deletingExtension(of: path), ns.deletingPathExtension, path)
            XCTAssertEqual(PathName.appending("z.pdf", to: path), ns.appendingPathComponent("z.pdf"), path)
            XCTAssertEqual(PathName.expandingTilde(path), ns.expandingTildeInPath, path)
            XCTAssertEqual(PathName.standardized(path), ns.standardizingPath, path)
        }
        XCTAssertEqual(PathName.standardized(folder + "/absolute/sub"), folder + "/real/sub")
        // As NSString did: a relative link's target is looked for from the current folder.
        XCTAssertEqual(PathName.standardized(folder + "/relative/sub"), folder + "/relative/sub")
        XCTAssertEqual(PathName.standardized(folder + "//relative///sub/"), (folder + "//relative///sub/" as NSString).standardizingPath)
    }
}
