import XCTest
@testable import Arguments

/// Help and version requests, which succeed however the rest of the line looks.
final class OutcomeTests: XCTestCase {
    let parser = Fixture.parser

    func testHelpFlagAnywhereGivesHelpForTheCommand() throws {
        XCTAssertEqual(try parser.parse(["add", "-h"]), .help(["ibook", "add"]))
        XCTAssertEqual(try parser.parse(["add", "a.pdf", "--help"]), .help(["ibook", "add"]))
        XCTAssertEqual(try parser.parse(["--help", "list"]), .help(["ibook", "list"]))
        XCTAssertEqual(try parser.parse(["list", "-vh"]), .help(["ibook", "list"]))
        XCTAssertEqual(try parser.parse(["-h"]), .help(["ibook"]))
    }

    func testHelpFlagWinsOverOtherMistakes() throws {
        XCTAssertEqual(try parser.parse(["add", "--bogus", "--help"]), .help(["ibook", "add"]))
        XCTAssertEqual(try parser.parse(["add", "--help"]), .help(["ibook", "add"]))
        XCTAssertEqual(try parser.parse(["list", "--limit", "-h"]).debugLimit, "-h")
    }

    func testHelpAfterDoubleDashIsAnArgument() throws {
        XCTAssertEqual(try run(["add", "--", "--help"]).positionals, ["--help"])
    }

    func testHelpSubcommand() throws {
        XCTAssertEqual(try parser.parse(["help", "add"]), .help(["ibook", "add"]))
        XCTAssertEqual(try parser.parse(["help"]), .help(["ibook"]))
        XCTAssertEqual(try parser.parse(["help", "list", "--json"]), .help(["ibook", "list"]))
        XCTAssertEqual(usageError(["help", "lsit"])?.message, "Unknown command 'lsit'. Did you mean 'list'?")
    }

    func testNoArgumentsOrOnlyGlobalOptionsGiveRootHelp() throws {
        XCTAssertEqual(try parser.parse([]), .help(["ibook"]))
        XCTAssertEqual(try parser.parse(["--library", "/x"]), .help(["ibook"]))
    }

    func testVersionAtTheRootOnly() throws {
        XCTAssertEqual(try parser.parse(["--version"]), .version)
        XCTAssertEqual(try parser.parse(["--library", "/x", "--version"]), .version)
        XCTAssertEqual(usageError(["list", "--version"])?.message, "Unknown option '--version'")
    }

    func testHelpTakesPrecedenceOverVersion() throws {
        XCTAssertEqual(try parser.parse(["--version", "--help"]), .help(["ibook"]))
    }
}

private extension ParseOutcome {
    /// The `--limit` value of a `.run`, or a marker, to assert on in one expression.
    var debugLimit: String {
        guard case .run(let parsed) = self else { return "not run: \(self)" }
        return parsed.value("limit") ?? "nil"
    }
}
