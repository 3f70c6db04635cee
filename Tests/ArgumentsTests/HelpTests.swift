import XCTest
@testable import Arguments

final class HelpTests: XCTestCase {
    let parser = Fixture.parser

    func testSubcommandHelp() {
        XCTAssertEqual(parser.helpText(for: ["ibook", "add"]), """
            OVERVIEW: Add PDFs to the library.

            USAGE: ibook add <path> ... [--password <password>] [--json]

            ARGUMENTS:
              <path>                  A PDF file or a folder to add recursively.

            OPTIONS:
              --password <password>   Password for encrypted PDFs (never stored).
              --json                  Print the added books as JSON.
              --library <dir>         Library folder.
              -h, --help              Show help information.
            """)
    }

    func testRootHelp() {
        XCTAssertEqual(parser.helpText(for: ["ibook"]), """
            OVERVIEW: Manage a library of PDF books.

            USAGE: ibook <subcommand>

            OPTIONS:
              --library <dir>         Library folder.
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              add                     Add PDFs to the library.
              list                    List the books in the library.
              open                    Open a book.
              copy                    Copy files.
              help                    Show subcommand help information.

              See 'ibook help <subcommand>' for detailed help.
            """)
    }

    func testUsageLines() {
        XCTAssertEqual(parser.usageLine(for: ["ibook", "open"]), "ibook open <id> [<page>]")
        XCTAssertEqual(parser.usageLine(for: ["ibook", "copy"]), "ibook copy <source> ... <destination>")
        XCTAssertEqual(parser.usageLine(for: ["ibook", "list"]),
                       "ibook list [--limit <n>] [--verbose] [--quiet] [--tag <tag> ...] [--page <page>] "
                       + "[--scale <factor>] [--json]")
        let optional = CommandSpec(name: "t", abstract: "",
                                   positionals: [Positional("f", help: "", optional: true, repeating: true)])
        XCTAssertEqual(ArgumentParser(root: optional).usageLine(for: ["t"]), "t [<f> ...]")
    }

    func testLongUsageWrapsUnderTheCommandInHelp() {
        let help = parser.helpText(for: ["ibook", "list"])
        XCTAssertTrue(help.contains("""
            USAGE: ibook list [--limit <n>] [--verbose] [--quiet] [--tag <tag> ...]
                   [--page <page>] [--scale <factor>] [--json]
            """), help)
    }

    func testShortAndLongNamesShareALabel() {
        XCTAssertTrue(parser.helpText(for: ["ibook", "list"]).contains("""
              -n, --limit <n>         Show at most this many books.
              -v, --verbose           Show every field.
            """))
    }

    func testDiscussionFollowsTheAbstract() {
        let spec = CommandSpec(name: "tool", abstract: "Do a thing.", discussion: "First line.\nSecond line.")
        XCTAssertTrue(ArgumentParser(root: spec).helpText(for: ["tool"]).hasPrefix("""
            OVERVIEW: Do a thing.

            First line.
            Second line.

            USAGE: tool

            """))
    }

    func testLongHelpWrapsAtEightyColumnsInTheHelpColumn() {
        let words = Array(repeating: "wrapped", count: 20).joined(separator: " ")
        let spec = CommandSpec(name: "tool", abstract: words,
                               options: [Option("--long", help: words)])
        let help = ArgumentParser(root: spec).helpText(for: ["tool"])
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, help)
        let optionLines = lines.drop { !$0.hasPrefix("  --long") }.prefix(3)
        XCTAssertEqual(optionLines.count, 3)
        XCTAssertTrue(optionLines.dropFirst().allSatisfy {
            $0.hasPrefix(String(repeating: " ", count: 26) + "wrapped")
        }, help)
    }

    func testWideLabelPutsHelpOnTheNextLine() {
        let spec = CommandSpec(name: "tool", abstract: "",
                               options: [Option("--a-very-long-option-name", value: "value", help: "Help.")])
        XCTAssertTrue(ArgumentParser(root: spec).helpText(for: ["tool"]).contains(
            "\n  --a-very-long-option-name <value>\n                          Help.\n"))
    }

    func testHelpForAnUnknownPathFallsBackToTheLastKnownCommand() {
        XCTAssertEqual(parser.helpText(for: ["ibook", "nope"]), parser.helpText(for: ["ibook"]))
        XCTAssertEqual(parser.helpText(for: []), parser.helpText(for: ["ibook"]))
    }
}
