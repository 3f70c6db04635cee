import XCTest
@testable import Arguments

/// Positional arguments declared as typed handles: the handle a command lists
/// in its spec is the one it reads, and what it reads is the declared type.
final class TypedPositionalTests: XCTestCase {
    private enum Arguments {
        static let book = Argument<String>("book", help: "The book.")
        static let page = Argument<Int>("page", in: 1...999, help: "The page.", optional: true)
        static let scale = Argument<Double>("scale", in: 0.1...10, help: "Zoom factor.", optional: true)
        static let numbers = RepeatedArgument<Int>("number", help: "Numbers to add.")
        static let words = RepeatedArgument<String>("word", help: "Words to look for.", optional: true)
    }

    private let parser = ArgumentParser(root: CommandSpec(
        name: "ibook", abstract: "Books.",
        subcommands: [
            CommandSpec(name: "go", abstract: "Go to a page.",
                        positionals: [Arguments.book.positional, Arguments.page.positional, Arguments.scale.positional]),
            CommandSpec(name: "sum", abstract: "Add numbers.", positionals: [Arguments.numbers.positional]),
            CommandSpec(name: "find", abstract: "Find words.", positionals: [Arguments.words.positional]),
        ]))

    func testAHandleDeclaresWhatTheUntypedPositionalDid() {
        XCTAssertEqual(Arguments.book.positional, Positional("book", help: "The book."))
        XCTAssertEqual(Arguments.page.positional, Positional("page", help: "The page.", optional: true))
        XCTAssertEqual(Arguments.numbers.positional, Positional("number", help: "Numbers to add.", repeating: true))
        XCTAssertEqual(Arguments.words.positional, Positional("word", help: "Words to look for.", optional: true, repeating: true))
        XCTAssertTrue(parser.helpText(for: ["ibook", "go"]).contains("ibook go <book> [<page>] [<scale>]"))
        XCTAssertTrue(parser.helpText(for: ["ibook", "sum"]).contains("ibook sum <number> ..."))
        XCTAssertTrue(parser.helpText(for: ["ibook", "find"]).contains("ibook find [<word> ...]"))
    }

    func testAStringArgumentReadsAsGiven() throws {
        XCTAssertEqual(try run(["go", "Atlas of Coastlines"], with: parser)[Arguments.book], "Atlas of Coastlines")
        XCTAssertEqual(try run(["go", "--", "-7"], with: parser)[Arguments.book], "-7")
    }

    func testAnOptionalArgumentLeftOutReadsAsNil() throws {
        let parsed = try run(["go", "atlas"], with: parser)
        XCTAssertNil(try parsed[Arguments.page])
        XCTAssertNil(try parsed[Arguments.scale])
        // A command's handles read nothing from another command's line.
        XCTAssertNil(try run(["sum", "1"], with: parser)[Arguments.book])
    }

    func testAConvertedArgumentReadsAsItsType() throws {
        let parsed = try run(["go", "atlas", "12", "1.5"], with: parser)
        XCTAssertEqual(try parsed[Arguments.page], 12)
        XCTAssertEqual(try parsed[Arguments.scale], 1.5)
    }

    func testAnArgumentThatIsNoSuchValueOrOutOfRangeIsAUsageError() throws {
        XCTAssertEqual(try run(["go", "atlas", "999"], with: parser)[Arguments.page], 999)
        for bad in ["0", "1000", "twelve", "1.5", ""] {
            let parsed = try run(["go", "atlas", bad], with: parser)
            XCTAssertEqual(parsed[Arguments.book], "atlas", "read apart from the bad one")
            XCTAssertThrowsError(try parsed[Arguments.page], bad) { error in
                XCTAssertEqual(error as? UsageError, UsageError("Invalid value '\(bad)' for '<page>'", commandPath: ["ibook", "go"]))
            }
        }
        XCTAssertThrowsError(try run(["go", "atlas", "1", "nan"], with: parser)[Arguments.scale]) { error in
            XCTAssertEqual(error as? UsageError, UsageError("Invalid value 'nan' for '<scale>'", commandPath: ["ibook", "go"]))
        }
    }

    func testARepeatingArgumentReadsAsEveryArgumentInOrder() throws {
        XCTAssertEqual(try run(["find", "quiet", "harbour"], with: parser)[Arguments.words], ["quiet", "harbour"])
        XCTAssertEqual(try run(["find"], with: parser)[Arguments.words], [])
        XCTAssertEqual(try run(["sum", "3", "1", "2"], with: parser)[Arguments.numbers], [3, 1, 2])
        XCTAssertThrowsError(try run(["sum", "3", "one"], with: parser)[Arguments.numbers]) { error in
            XCTAssertEqual(error as? UsageError, UsageError("Invalid value 'one' for '<number>'", commandPath: ["ibook", "sum"]))
        }
    }

    func testTheHandleReadsWhatTheNameBoundTo() throws {
        let parsed = try run(["go", "atlas", "3"], with: parser)
        XCTAssertEqual(parsed[Arguments.book], parsed.positional("book"))
        XCTAssertEqual(try run(["find", "a", "b"], with: parser)[Arguments.words], try run(["find", "a", "b"], with: parser).positionalValues("word"))
    }
}
