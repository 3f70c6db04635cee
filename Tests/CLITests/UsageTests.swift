import Foundation
import TestSupport
import XCTest

/// Help, version, usage errors and exit codes, as swift-argument-parser users expect.
final class UsageTests: XCTestCase {
    func testHelpIsTheSameThreeWaysAndGeneratedFromTheDefinitions() throws {
        let library = try TestLibrary()
        let viaHelp = try library.ibook("help", "add")
        let viaFlag = try library.ibook("add", "--help")
        let viaShort = try library.ibook("add", "-h")
        XCTAssertEqual(viaHelp.status, 0)
        XCTAssertEqual(viaHelp.stdout, viaFlag.stdout)
        XCTAssertEqual(viaHelp.stdout, viaShort.stdout)
        for section in ["OVERVIEW:", "USAGE: ibook add", "ARGUMENTS:", "OPTIONS:", "--password <password>", "--library <dir>"] {
            XCTAssertTrue(viaHelp.stdout.contains(section), "missing \(section) in\n\(viaHelp.stdout)")
        }
        let top = try library.ibook("--help")
        XCTAssertTrue(top.stdout.contains("SUBCOMMANDS:") && top.stdout.contains("thumbnail"), top.stdout)
        XCTAssertEqual(try library.ibook("--version").stdout.hasPrefix("ibook "), true)
    }

    func testUsageErrorsExit64WithUsageAndAPointerToHelp() throws {
        let library = try TestLibrary()
        let unknown = try library.ibook("add", "--foo")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown option '--foo'\nUsage: ibook add"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("See 'ibook add --help'"), unknown.stderr)

        XCTAssertEqual(try library.ibook("add").status, 64)
        XCTAssertEqual(try library.ibook("list", "--sort", "colour").status, 64)
        XCTAssertEqual(try library.ibook("thumbnail", "--size", "huge").status, 64)
        let typo = try library.ibook("lsit")
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.contains("Did you mean 'list'?"), typo.stderr)
    }

    func testDoubleDashLetsAFileNamedLikeAnOptionBeAdded() throws {
        let library = try TestLibrary()
        let folder = try Fixtures.temporaryDirectory("dash")
        let awkward = folder.appendingPathComponent("--help.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("untitled-notes.pdf"), toPath: awkward.path)
        let result = try library.ibook(["add", "--", "--help.pdf"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Added #1 --help (3 pages)"), result.stdout)
    }

    func testEmptyLibraryAndDamagedLibraryGiveClearErrors() throws {
        let library = try TestLibrary()
        let empty = try library.ibook("info")
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("the library is empty"), empty.stderr)

        try FileManager.default.createDirectory(at: library.directory, withIntermediateDirectories: true)
        let file = library.directory.appendingPathComponent("library.sqlite")
        try Data("this is not a database at all, just text that is long enough to fill a header".utf8).write(to: file)
        let before = try Data(contentsOf: file)
        let damaged = try library.ibook("list")
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.stderr.contains("not an ibook library"), damaged.stderr)
        XCTAssertEqual(try Data(contentsOf: file), before, "never overwritten")
    }
}
