import Foundation
import XCTest
@testable import Arguments

final class CompletionTests: XCTestCase {
    private var directory: URL!
    /// Holds only the files that completion should offer; the script lives beside it.
    private var files: URL { directory.appendingPathComponent("files") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ArgumentsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data().write(to: files.appendingPathComponent("book one.pdf"))
        try Data().write(to: files.appendingPathComponent("other.pdf"))
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// Runs the generated bash function as bash would for `words`, the last being the
    /// word under the cursor, and returns its suggestions.
    private func bashComplete(_ words: [String]) throws -> [String] {
        let script = directory.appendingPathComponent("completion.bash")
        try Fixture.parser.bashCompletionScript().write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.currentDirectoryURL = files
        process.arguments = ["-c", """
            source "$1" || exit 9; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            _ibook; printf '%s\\n' "${COMPREPLY[@]}"
            """, "bash", script.path] + words
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    func testBashScriptIsValidBash() throws {
        let script = directory.appendingPathComponent("check.bash")
        try Fixture.parser.bashCompletionScript().write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-n", script.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testBashCompletesSubcommands() throws {
        XCTAssertEqual(try bashComplete(["ibook", ""]), ["add", "copy", "help", "list", "open"])
        XCTAssertEqual(try bashComplete(["ibook", "l"]), ["list"])
        XCTAssertEqual(try bashComplete(["ibook", "help", "o"]), ["open"])
    }

    func testBashCompletesTheSubcommandsOptionsIncludingGlobalOnes() throws {
        XCTAssertEqual(try bashComplete(["ibook", "add", "--"]), ["--help", "--json", "--library", "--password"])
        XCTAssertEqual(try bashComplete(["ibook", "--"]), ["--help", "--library", "--version"])
    }

    func testBashStepsOverOptionValuesToFindTheSubcommand() throws {
        XCTAssertEqual(try bashComplete(["ibook", "--library", "list", "add", "--j"]), ["--json"])
    }

    func testBashCompletesFilesForPositionalsAndValues() throws {
        XCTAssertEqual(try bashComplete(["ibook", "add", ""]), ["book one.pdf", "other.pdf"])
        XCTAssertEqual(try bashComplete(["ibook", "add", "--password", "o"]), ["other.pdf"])
        XCTAssertEqual(try bashComplete(["ibook", "list", ""]), [])
    }

    func testZshScriptDescribesEveryCommand() throws {
        let script = Fixture.parser.zshCompletionScript()
        XCTAssertTrue(script.hasPrefix("#compdef ibook\n"))
        XCTAssertTrue(script.hasSuffix("_ibook \"$@\"\n"))
        for expected in [
            "'add:Add PDFs to the library.'",
            "'help:Show subcommand help information.'",
            "'add') _ibook_add ;;",
            "_ibook_add() {",
            "'(--password)--password[Password for encrypted PDFs (never stored).]:password:_files'",
            "'(--library)--library[Library folder.]:dir:_files'",
            "'(-h --help)'{-h,--help}'[Show help information.]'",
            "'*'{-t,--tag}'[Only books with this tag.]:tag:_files'",
            "'*:path:_files'",
            "'1:id:_files'",
            "'2::page:_files'",
        ] {
            XCTAssertTrue(script.contains(expected), "missing \(expected)\n\(script)")
        }
    }

    func testZshCompletesEverythingAfterARepeatingPositionalAsFiles() {
        let script = Fixture.parser.zshCompletionScript()
        let copy = script.components(separatedBy: "_ibook_copy() {").last ?? ""
        XCTAssertTrue(copy.contains("'*:source:_files'"), copy)
        XCTAssertFalse(copy.contains("destination"), copy)
    }

    func testZshEscapesHelpText() {
        let spec = CommandSpec(name: "tool", abstract: "",
                               options: [Option("--x", value: "a:b", help: "Use [brackets] and 'quotes'.")])
        XCTAssertTrue(ArgumentParser(root: spec).zshCompletionScript().contains(
            #"'(--x)--x[Use \[brackets\] and '\''quotes'\''.]:a\:b:_files'"#))
    }

    func testZshScriptIsValidZshWhenZshIsInstalled() throws {
        let zsh = ["/bin/zsh", "/usr/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let zsh else { throw XCTSkip("zsh is not installed") }
        let script = directory.appendingPathComponent("_ibook")
        try Fixture.parser.zshCompletionScript().write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zsh)
        process.arguments = ["-n", script.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
