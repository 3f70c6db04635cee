import XCTest
@testable import Arguments

final class ErrorTests: XCTestCase {
    func testUnknownOptionNamesTheCommand() {
        let error = usageError(["add", "--foo", "a.pdf"])
        XCTAssertEqual(error, UsageError("Unknown option '--foo'", commandPath: ["ibook", "add"]))
        XCTAssertEqual(usageError(["add", "--foo=1", "a.pdf"])?.message, "Unknown option '--foo'")
    }

    func testUnknownShortOption() {
        XCTAssertEqual(usageError(["list", "-vx"])?.message, "Unknown option '-x'")
        XCTAssertEqual(usageError(["list", "-foo"])?.message, "Unknown option '-foo'")
    }

    func testAnotherCommandsOptionIsUnknown() {
        XCTAssertEqual(usageError(["--json", "list"]), UsageError("Unknown option '--json'", commandPath: ["ibook"]))
        XCTAssertEqual(usageError(["add", "--limit", "3", "a.pdf"])?.message, "Unknown option '--limit'")
    }

    func testMissingValue() {
        XCTAssertEqual(usageError(["list", "--limit"])?.message, "Missing value for option '--limit <n>'")
        XCTAssertEqual(usageError(["list", "-vn"])?.message, "Missing value for option '--limit <n>'")
    }

    func testFlagGivenAValue() {
        XCTAssertEqual(usageError(["list", "--json=yes"])?.message, "Option '--json' does not take a value")
        XCTAssertEqual(usageError(["list", "-v=1"])?.message, "Option '-v' does not take a value")
    }

    func testUnexpectedArgument() {
        XCTAssertEqual(usageError(["list", "x"]), UsageError("Unexpected argument 'x'", commandPath: ["ibook", "list"]))
        XCTAssertEqual(usageError(["open", "1", "2", "3"])?.message, "Unexpected argument '3'")
    }

    func testMissingExpectedArgument() {
        XCTAssertEqual(usageError(["add", "--json"]),
                       UsageError("Missing expected argument '<path>'", commandPath: ["ibook", "add"]))
        XCTAssertEqual(usageError(["copy", "a"])?.message, "Missing expected argument '<destination>'")
    }

    func testUnknownCommand() {
        XCTAssertEqual(usageError(["foo"]), UsageError("Unknown command 'foo'", commandPath: ["ibook"]))
        XCTAssertEqual(usageError(["foo", "--help"]), UsageError("Unknown command 'foo'", commandPath: ["ibook"]))
        XCTAssertEqual(usageError(["lsit", "-h"])?.message, "Unknown command 'lsit'. Did you mean 'list'?")
        XCTAssertEqual(usageError(["lsit"])?.message, "Unknown command 'lsit'. Did you mean 'list'?")
        XCTAssertEqual(usageError(["ad"])?.message, "Unknown command 'ad'. Did you mean 'add'?")
        XCTAssertEqual(usageError(["delete"])?.message, "Unknown command 'delete'")
    }

    func testEditDistance() {
        XCTAssertEqual(ArgumentScanner.editDistance("lsit", "list"), 1)
        XCTAssertEqual(ArgumentScanner.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(ArgumentScanner.editDistance("", "add"), 3)
        XCTAssertEqual(ArgumentScanner.editDistance("open", "open"), 0)
    }

    func testErrorText() {
        let error = UsageError("Unknown option '--foo'", commandPath: ["ibook", "add"])
        XCTAssertEqual(Fixture.parser.errorText(for: error), """
            Error: Unknown option '--foo'
            Usage: ibook add <path> ... [--password <password>] [--json]
              See 'ibook add --help' for more information.
            """)
    }

    func testErrorTextForARootErrorAndAnUnknownPath() {
        let expected = """
            Error: Unknown command 'foo'
            Usage: ibook <subcommand>
              See 'ibook --help' for more information.
            """
        XCTAssertEqual(Fixture.parser.errorText(for: UsageError("Unknown command 'foo'", commandPath: ["ibook"])), expected)
        XCTAssertEqual(Fixture.parser.errorText(for: UsageError("Unknown command 'foo'")), expected)
    }

    func testDescriptionIsTheMessage() {
        XCTAssertEqual(String(describing: UsageError("Unexpected argument 'x'")), "Unexpected argument 'x'")
    }
}
