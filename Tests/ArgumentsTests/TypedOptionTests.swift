import XCTest
@testable import Arguments

/// Options declared as typed handles: the handle a command lists in its spec
/// is the one it reads, and what it reads is the declared type.
final class TypedOptionTests: XCTestCase {
    private enum Paper: String, CaseIterable { case a4, a5, letter }

    private enum Options {
        static let paper = ChoiceOption<Paper>("--paper", value: "size", help: "Paper size (default a4).")
        static let author = RepeatedOption<String>("-a", "--author", value: "name", help: "An author; repeat for several.")
        static let page = RepeatedOption<Int>("--page", value: "n", help: "A page; repeat for several.")
        static let copies = ValueOption<Int>("--copies", value: "n", in: 1...99, help: "How many.")
        static let title = ValueOption<String>("--title", value: "title", help: "The title.")
        static let force = Flag("-f", "--force", help: "Even so.")
    }

    private let parser = ArgumentParser(root: CommandSpec(
        name: "ibook", abstract: "Books.",
        subcommands: [CommandSpec(name: "print", abstract: "Print.", options: [
            Options.paper.option, Options.author.option, Options.page.option, Options.copies.option, Options.title.option, Options.force.option,
        ])]))

    private func parsed(_ args: [String]) throws -> ParsedArguments {
        try run(["print"] + args, with: parser)
    }

    func testAHandleDeclaresWhatTheUntypedOptionDid() {
        XCTAssertEqual(Options.force.option, Option("-f", "--force", help: "Even so."))
        XCTAssertEqual(Options.title.option, Option("--title", value: "title", help: "The title."))
        XCTAssertEqual(Options.author.option, Option("-a", "--author", value: "name", help: "An author; repeat for several.", repeatable: true))
        XCTAssertEqual(Options.paper.option, Option("--paper", value: "size", choices: Paper.self, help: "Paper size (default a4)."))
        XCTAssertEqual(Options.paper.option.choices, ["a4", "a5", "letter"])
        XCTAssertTrue(parser.helpText(for: ["ibook", "print"]).contains("[--author <name> ...]"))
    }

    func testAFlagReadsAsWhetherItWasGiven() throws {
        XCTAssertTrue(try parsed(["-f"])[Options.force])
        XCTAssertFalse(try parsed([])[Options.force])
    }

    func testAStringValueIsTheLastOneGiven() throws {
        XCTAssertEqual(try parsed(["--title", "A", "--title=B"])[Options.title], "B")
        XCTAssertNil(try parsed([])[Options.title])
    }

    func testAChoiceReadsAsTheCaseWhateverItsSpelling() throws {
        XCTAssertEqual(try parsed(["--paper", "LETTER"])[Options.paper], .letter)
        XCTAssertEqual(try parsed(["--paper=a5"])[Options.paper], .a5)
        XCTAssertNil(try parsed([])[Options.paper])
        XCTAssertEqual(usageError(["print", "--paper", "a3"], with: parser)?.message,
                       "Invalid value 'a3' for '--paper <size>': expected one of a4, a5, letter")
    }

    func testARepeatedOptionReadsAsEveryValueInOrder() throws {
        XCTAssertEqual(try parsed(["-a", "Ann", "--title", "T", "--author=Bo", "-aCy"])[Options.author], ["Ann", "Bo", "Cy"])
        XCTAssertEqual(try parsed([])[Options.author], [])
        XCTAssertEqual(try parsed(["--page", "3", "--page", "1"])[Options.page], [3, 1])
        XCTAssertThrowsError(try parsed(["--page", "3", "--page", "one"])[Options.page]) { error in
            XCTAssertEqual(error as? UsageError, UsageError("Invalid value 'one' for '--page <n>'", commandPath: ["ibook", "print"]))
        }
    }

    func testAConvertedValueOutsideItsRangeIsAUsageError() throws {
        XCTAssertEqual(try parsed(["--copies", "99"])[Options.copies], 99)
        for bad in ["0", "100", "two", "1.5"] {
            XCTAssertThrowsError(try parsed(["--copies", bad])[Options.copies], bad) { error in
                XCTAssertEqual(error as? UsageError, UsageError("Invalid value '\(bad)' for '--copies <n>'", commandPath: ["ibook", "print"]))
            }
        }
    }

    func testAMissingValueIsAUsageErrorNamingTheOption() {
        XCTAssertEqual(usageError(["print", "--copies"], with: parser),
                       UsageError("Missing value for option '--copies <n>'", commandPath: ["ibook", "print"]))
        XCTAssertEqual(usageError(["print", "-fa"], with: parser)?.message, "Missing value for option '--author <name>'")
        XCTAssertEqual(usageError(["print", "--force=yes"], with: parser)?.message, "Option '--force' does not take a value")
    }

    func testContainsSaysWhetherAnOptionWasGivenWithoutReadingIt() throws {
        let given = try parsed(["--copies", "many", "-f"])
        XCTAssertTrue(given.contains(Options.copies), "given, though not a number")
        XCTAssertTrue(given.contains(Options.force))
        XCTAssertFalse(given.contains(Options.title))
    }
}
