import Foundation
import XCTest
@testable import Arguments

/// An option that takes one of a fixed set: help, the man page and the three
/// completion scripts list the values, and anything else is a usage error.
final class ChoiceTests: XCTestCase {
    private enum Paper: String, CaseIterable { case a4, a5, letter }

    private let parser = ArgumentParser(root: CommandSpec(
        name: "ibook", abstract: "Books.",
        subcommands: [CommandSpec(name: "export", abstract: "Write a report.", options: [
            Option("--paper", value: "size", choices: Paper.self, help: "Paper size (default a4)."),
            Option("-o", "--output", value: "file", help: "Where to write."),
        ])]))

    func testAValueOutsideTheSetIsAUsageErrorNamingTheSet() throws {
        guard case .run(let parsed) = try parser.parse(["export", "--paper", "LETTER"]) else { return XCTFail("runs") }
        XCTAssertEqual(parsed.value("paper"), "LETTER", "any case is accepted; the command normalises it")
        XCTAssertThrowsError(try parser.parse(["export", "--paper", "a3"])) { error in
            XCTAssertEqual((error as? UsageError)?.message,
                           "Invalid value 'a3' for '--paper <size>': expected one of a4, a5, letter")
        }
    }

    func testHelpAndManPageListTheValues() {
        XCTAssertTrue(parser.helpText(for: ["ibook", "export"]).contains("--paper <size>          Paper size (default a4). Values: a4, a5,"),
                      parser.helpText(for: ["ibook", "export"]))
        XCTAssertTrue(parser.manPage(version: "1", date: "2026-12-01", sections: []).contains("Values: a4, a5, letter."))
    }

    func testCompletionsOfferTheValues() throws {
        XCTAssertTrue(parser.zshCompletionScript().contains(":size:(a4 a5 letter)"))
        XCTAssertTrue(parser.fishCompletionScript().contains("-l 'paper' -x -a 'a4 a5 letter'"))
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("choices-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: script) }
        try parser.bashCompletionScript().write(to: script, atomically: true, encoding: .utf8)
        func complete(_ words: [String]) throws -> [String] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
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
        XCTAssertEqual(try complete(["ibook", "export", "--paper", ""]), ["a4", "a5", "letter"])
        XCTAssertEqual(try complete(["ibook", "export", "--paper", "l"]), ["letter"])
        XCTAssertEqual(try complete(["ibook", "export", "--paper", "a5", "--o"]), ["--output"])
    }
}
