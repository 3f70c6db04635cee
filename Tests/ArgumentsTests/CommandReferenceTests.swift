import XCTest
@testable import Arguments

/// The Markdown command reference comes from the same definitions as help and the man page.
final class CommandReferenceTests: XCTestCase {
    private let reference = Fixture.parser.commandReference(preamble: "Generated; run `make docs`.", sections: [
        ManSection("Exit status", [.init("64", "Usage error.")]),
        ManSection("See also", [.init(nil, "pdfinfo(1)")]),
    ])

    func testEveryCommandOptionAndArgumentIsInTheReference() {
        XCTAssertTrue(reference.hasPrefix("# Command reference\n\nGenerated; run `make docs`.\n\n"), reference)
        for command in Fixture.root.subcommands {
            XCTAssertTrue(reference.contains("\n## `ibook \(command.name)`\n"), command.name)
            XCTAssertTrue(reference.contains("| [`\(command.name)`](#ibook-\(command.name)) |"), "\(command.name) in the table")
            for option in command.options {
                for name in option.names { XCTAssertTrue(reference.contains(name), name) }
            }
        }
        XCTAssertTrue(reference.contains("```\nibook add <path> ... [--password <password>] [--json]\n```"), reference)
        XCTAssertTrue(reference.contains("- `[<page>]`: The page to open at."), "optional positionals in brackets")
        XCTAssertTrue(reference.contains("- `-t, --tag <tag>` (repeatable): Only books with this tag."))
        XCTAssertTrue(reference.contains("## Options of every command\n\nThese work with every command, before or after its name.\n\n- `--library <dir>`: Library folder.\n- `-h, --help`: Show help information.\n- `--version`: Show the version."), reference)
        XCTAssertTrue(reference.contains("## Exit status\n\n- `64`: Usage error.\n\n## See also\n\npdfinfo(1)\n"), reference)
    }

    /// Help is plain text: `<book>` would vanish as an HTML tag, `*` and `_` would become emphasis.
    func testHelpTextIsEscapedForMarkdown() {
        let root = CommandSpec(name: "ibook", abstract: "Books.", subcommands: [
            CommandSpec(name: "show", abstract: "Show a *page* of <book> [or | not]",
                        discussion: "-dashed start\nsecond_line",
                        options: [Option("--graphics", value: "mode", choices: ["a_b", "c"], help: "How.")]),
        ])
        let text = ArgumentParser(root: root).commandReference(preamble: "", sections: [])
        XCTAssertTrue(text.contains("\nShow a \\*page\\* of \\<book\\> \\[or \\| not\\]\n"), text)
        XCTAssertTrue(text.contains("\n\\-dashed start\n\nsecond\\_line\n"), "a discussion's lines are paragraphs, not a list")
        XCTAssertTrue(text.contains("- `--graphics <mode>`: How. Values: a\\_b, c."), text)
        XCTAssertTrue(text.contains("| [`show`](#ibook-show) | Show a \\*page\\* of \\<book\\> \\[or \\| not\\] |"), text)
    }

    /// Subcommands of subcommands (collection create, server init) get their own headings, a level down.
    func testNestedSubcommandsHaveTheirOwnHeadings() {
        let root = CommandSpec(name: "ibook", abstract: "Books.", subcommands: [
            CommandSpec(name: "collection", abstract: "Lists of books.", subcommands: [
                CommandSpec(name: "create", abstract: "Create one.", positionals: [Positional("name", help: "Its name.")]),
            ]),
        ])
        let text = ArgumentParser(root: root).commandReference(preamble: "", sections: [])
        XCTAssertTrue(text.contains("\n## `ibook collection`\n\nLists of books.\n\n```\nibook collection <subcommand>\n```\n"), text)
        XCTAssertTrue(text.contains("\n### `ibook collection create`\n\nCreate one.\n\n```\nibook collection create <name>\n```\n\nArguments:\n\n- `<name>`: Its name.\n"), text)
    }

    func testLongUsageLinesWrapUnderTheFirstArgument() {
        let options = (1...12).map { Option("--option-\($0)", value: "value", help: "An option.") }
        let root = CommandSpec(name: "ibook", abstract: "Books.",
                               subcommands: [CommandSpec(name: "many", abstract: "Many options.", options: options)])
        let text = ArgumentParser(root: root).commandReference(preamble: "", sections: [])
        guard let usage = text.components(separatedBy: "```\n").dropFirst().first else { return XCTFail(text) }
        let lines = usage.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 1, usage)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, usage)
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasPrefix("           [--option-") }, "continued under the first option:\n\(usage)")
    }
}
