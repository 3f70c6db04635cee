import XCTest
@testable import Arguments

final class ParsingTests: XCTestCase {
    func testFirstNonOptionArgumentPicksTheSubcommand() throws {
        let parsed = try run(["add", "a.pdf"])
        XCTAssertEqual(parsed.commandPath, ["ibook", "add"])
        XCTAssertEqual(parsed.positionals, ["a.pdf"])
    }

    func testGlobalOptionBeforeOrAfterTheSubcommand() throws {
        let before = try run(["--library", "/x", "list"])
        let after = try run(["list", "--library", "/x"])
        XCTAssertEqual(before.commandPath, ["ibook", "list"])
        XCTAssertEqual(before.value("library"), "/x")
        XCTAssertEqual(after.value("library"), "/x")
    }

    func testGlobalOptionValueIsNotTakenForASubcommand() throws {
        let parsed = try run(["--library", "add", "list"])
        XCTAssertEqual(parsed.commandPath, ["ibook", "list"])
        XCTAssertEqual(parsed.value("library"), "add")
    }

    func testLongOptionValueSeparateOrAfterEquals() throws {
        XCTAssertEqual(try run(["list", "--limit", "5"]).value("limit"), "5")
        XCTAssertEqual(try run(["list", "--limit=5"]).value("limit"), "5")
        XCTAssertEqual(try run(["list", "--limit=a=b"]).value("limit"), "a=b")
        XCTAssertEqual(try run(["add", "--password=", "a.pdf"]).value("password"), "")
    }

    func testShortOptionValueSeparateOrAttached() throws {
        XCTAssertEqual(try run(["list", "-n", "5"]).value("limit"), "5")
        XCTAssertEqual(try run(["list", "-n5"]).value("limit"), "5")
        XCTAssertEqual(try run(["list", "-n=5"]).value("limit"), "5")
    }

    func testValueOptionTakesTheNextArgumentEvenWithADash() throws {
        let parsed = try run(["list", "--page", "-1", "-n", "--json"])
        XCTAssertEqual(parsed.value("page"), "-1")
        XCTAssertEqual(parsed.value("limit"), "--json")
        XCTAssertFalse(parsed.flag("json"))
    }

    func testLastValueWinsForANonRepeatableOption() throws {
        let parsed = try run(["list", "--limit", "1", "-n", "2", "--limit=3"])
        XCTAssertEqual(parsed.value("limit"), "3")
        XCTAssertEqual(parsed.values("limit"), ["3"])
    }

    func testRepeatableOptionKeepsEveryValueInOrder() throws {
        let parsed = try run(["list", "--tag", "a", "-tb", "--tag=c"])
        XCTAssertEqual(parsed.values("tag"), ["a", "b", "c"])
        XCTAssertEqual(parsed.value("tag"), "c")
    }

    func testCombinedShortFlags() throws {
        let parsed = try run(["list", "-vq"])
        XCTAssertTrue(parsed.flag("verbose"))
        XCTAssertTrue(parsed.flag("quiet"))
        XCTAssertFalse(parsed.flag("json"))
    }

    func testCombinedShortFlagsMayEndWithAValueOption() throws {
        let attached = try run(["list", "-vn5"])
        XCTAssertTrue(attached.flag("verbose"))
        XCTAssertEqual(attached.value("limit"), "5")
        XCTAssertEqual(try run(["list", "-qn", "7"]).value("limit"), "7")
    }

    func testAbsentOptionsAreFalseOrNil() throws {
        let parsed = try run(["list"])
        XCTAssertFalse(parsed.flag("verbose"))
        XCTAssertNil(parsed.value("limit"))
        XCTAssertEqual(parsed.values("tag"), [])
        XCTAssertNil(parsed.positional("anything"))
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try run(["add", "--json", "--", "--help.pdf", "-x.pdf", "--"])
        XCTAssertTrue(parsed.flag("json"))
        XCTAssertEqual(parsed.positionalValues("path"), ["--help.pdf", "-x.pdf", "--"])
    }

    func testLoneDashIsAPositional() throws {
        XCTAssertEqual(try run(["add", "-"]).positionalValues("path"), ["-"])
    }

    func testOptionsMayBeMixedWithPositionals() throws {
        let parsed = try run(["add", "a.pdf", "--json", "b.pdf"])
        XCTAssertTrue(parsed.flag("json"))
        XCTAssertEqual(parsed.positionals, ["a.pdf", "b.pdf"])
    }

    func testRepeatingPositionalCollectsEveryArgument() throws {
        let parsed = try run(["add", "a.pdf", "b", "c.pdf"])
        XCTAssertEqual(parsed.positionalValues("path"), ["a.pdf", "b", "c.pdf"])
        XCTAssertEqual(parsed.positional("path"), "a.pdf")
    }

    func testOptionalPositionalMayBeLeftOut() throws {
        let without = try run(["open", "42"])
        XCTAssertEqual(without.positional("id"), "42")
        XCTAssertNil(without.positional("page"))
        XCTAssertEqual(try run(["open", "42", "7"]).positional("page"), "7")
    }

    func testRepeatingPositionalLeavesEnoughForTheRequiredOnesAfterIt() throws {
        let parsed = try run(["copy", "a", "b", "c", "dest"])
        XCTAssertEqual(parsed.positionalValues("source"), ["a", "b", "c"])
        XCTAssertEqual(parsed.positional("destination"), "dest")
    }

    func testOptionalRepeatingPositionalAcceptsNone() throws {
        let spec = CommandSpec(name: "tool", abstract: "",
                               positionals: [Positional("file", help: "", optional: true, repeating: true)])
        let parser = ArgumentParser(root: spec)
        XCTAssertEqual(try run([], with: parser).positionalValues("file"), [])
        XCTAssertEqual(try run(["a", "b"], with: parser).positionalValues("file"), ["a", "b"])
    }

    func testNestedSubcommandsAndTheirGlobalOptions() throws {
        let remove = CommandSpec(name: "remove", abstract: "Remove a tag.",
                                 positionals: [Positional("tag", help: "")])
        let tag = CommandSpec(name: "tag", abstract: "Manage tags.", subcommands: [remove],
                              globalOptions: [Option("--dry-run", help: "Change nothing.")])
        let root = CommandSpec(name: "ibook", abstract: "", subcommands: [tag],
                               globalOptions: [Fixture.library])
        let parser = ArgumentParser(root: root)
        let parsed = try run(["--library", "/x", "tag", "--dry-run", "remove", "old", "--dry-run"], with: parser)
        XCTAssertEqual(parsed.commandPath, ["ibook", "tag", "remove"])
        XCTAssertEqual(parsed.positional("tag"), "old")
        XCTAssertTrue(parsed.flag("dry-run"))
        XCTAssertEqual(parsed.value("library"), "/x")
        XCTAssertEqual(try parser.parse(["tag"]), .help(["ibook", "tag"]))
        XCTAssertEqual(usageError(["--dry-run", "tag"], with: parser)?.message, "Unknown option '--dry-run'")
    }

    func testOptionKeysAndValueNames() {
        XCTAssertEqual(Option("-o", "--output", value: "file", help: "").key, "output")
        XCTAssertEqual(Option("--dry-run", "-n", help: "").key, "dry-run")
        XCTAssertEqual(Option("-o", help: "").key, "o")
        XCTAssertEqual(Option("-n", value: "<n>", help: "").valueName, "n")
        XCTAssertNil(Option("--json", help: "").valueName)
        XCTAssertEqual(Option("-n", "--limit", value: "n", help: "").displayName, "--limit <n>")
    }

    func testACommandsOwnShortHelpNameShadowsTheBuiltIn() throws {
        let spec = CommandSpec(name: "du", abstract: "",
                               options: [Option("-h", "--human", help: "Human-readable sizes.")])
        let parser = ArgumentParser(root: spec)
        XCTAssertTrue(try run(["-h"], with: parser).flag("human"))
        XCTAssertEqual(try parser.parse(["--help"]), .help(["du"]))
        XCTAssertTrue(parser.helpText(for: ["du"]).contains("\n  --help                  Show help information."))
    }
}
