import XCTest
@testable import Arguments

/// A command tree shaped like ibook's, with one command per positional layout.
enum Fixture {
    static let add = CommandSpec(
        name: "add", abstract: "Add PDFs to the library.",
        positionals: [Positional("path", help: "A PDF file or a folder to add recursively.", repeating: true)],
        options: [
            Option("--password", value: "password", help: "Password for encrypted PDFs (never stored)."),
            Option("--json", help: "Print the added books as JSON."),
        ])

    /// The options of `list`, as a command declares and reads them.
    enum ListOptions {
        static let limit = ValueOption<Int>("-n", "--limit", value: "n", in: 1...100, help: "Show at most this many books.")
        static let verbose = Flag("-v", "--verbose", help: "Show every field.")
        static let quiet = Flag("-q", "--quiet", help: "Show only titles.")
        static let tag = RepeatedOption<String>("-t", "--tag", value: "tag", help: "Only books with this tag.")
        static let page = ValueOption<Int>("--page", value: "page", help: "Page number, counted from the end when negative.")
        static let scale = ValueOption<Double>("--scale", value: "factor", in: 0.1...10, help: "Zoom factor.")
        static let json = Flag("--json", help: "Print JSON.")
    }

    static let list = CommandSpec(
        name: "list", abstract: "List the books in the library.",
        options: [
            ListOptions.limit.option,
            ListOptions.verbose.option,
            ListOptions.quiet.option,
            ListOptions.tag.option,
            ListOptions.page.option,
            ListOptions.scale.option,
            ListOptions.json.option,
        ])

    static let open = CommandSpec(
        name: "open", abstract: "Open a book.",
        positionals: [Positional("id", help: "The book's id."),
                      Positional("page", help: "The page to open at.", optional: true)])

    static let copy = CommandSpec(
        name: "copy", abstract: "Copy files.",
        positionals: [Positional("source", help: "Files to copy.", repeating: true),
                      Positional("destination", help: "Where to copy them.")])

    static let library = Option("--library", value: "dir", help: "Library folder.")

    static let root = CommandSpec(
        name: "ibook", abstract: "Manage a library of PDF books.",
        subcommands: [add, list, open, copy], globalOptions: [library])

    static let parser = ArgumentParser(root: root)
}

extension XCTestCase {
    /// Parses a line that must run, failing the test otherwise.
    func run(_ args: [String], with parser: ArgumentParser = Fixture.parser,
             file: StaticString = #filePath, line: UInt = #line) throws -> ParsedArguments {
        let outcome = try parser.parse(args)
        guard case .run(let parsed) = outcome else {
            XCTFail("expected .run, got \(outcome)", file: file, line: line)
            throw UsageError("not run")
        }
        return parsed
    }

    /// The usage error a line must produce, failing the test when it parses.
    func usageError(_ args: [String], with parser: ArgumentParser = Fixture.parser,
                    file: StaticString = #filePath, line: UInt = #line) -> UsageError? {
        do {
            let outcome = try parser.parse(args)
            XCTFail("expected a usage error, got \(outcome)", file: file, line: line)
        } catch let error as UsageError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }
}
