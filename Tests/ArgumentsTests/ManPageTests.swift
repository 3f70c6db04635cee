import Foundation
import XCTest
@testable import Arguments

/// The man page and the fish script come from the same definitions as help.
final class ManPageTests: XCTestCase {
    private let page = Fixture.parser.manPage(version: "1.2", date: "2026-12-01", sections: [
        ManSection("Exit status", [.init("64", "Usage error.")]),
        ManSection("See also", [.init(nil, ".dot at the start and a back\\slash")]),
    ])

    func testEveryCommandAndOptionIsInTheManPage() {
        XCTAssertTrue(page.hasPrefix(".TH IBOOK 1 \"2026-12-01\" \"ibook 1.2\" \"User Commands\"\n"))
        for command in Fixture.root.subcommands {
            XCTAssertTrue(page.contains(".SS \"ibook \(command.name)"), command.name)
            for option in command.options {
                for name in option.names {
                    XCTAssertTrue(page.contains("\\fB" + name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), name)
                }
            }
        }
        XCTAssertTrue(page.contains("\\fB\\-\\-library\\fR \\fI<dir>\\fR"), "global options with their values")
        XCTAssertTrue(page.contains(".SH EXIT STATUS\n.TP\n\\fB64\\fR\nUsage error."))
        XCTAssertTrue(page.contains("\n\\&.dot at the start and a back\\eslash\n"), "roff requests and escapes are neutralised")
    }

    func testManRendersItWithoutComplaint() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { throw XCTSkip("man is not installed") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ibook-\(UUID().uuidString).1")
        try page.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
        process.arguments = ["--warnings", "-l", file.path]
        process.environment = ["MANPAGER": "cat", "MANWIDTH": "100", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, warnings)
        XCTAssertEqual(warnings, "", "groff's warnings")
        XCTAssertTrue(text.contains("ibook add <path> ..."), text)
        XCTAssertTrue(text.contains("--password <password>"), text)
    }

    func testFishCompletesSubcommandsOptionsAndFiles() {
        let fish = Fixture.parser.fishCompletionScript()
        XCTAssertTrue(fish.contains("complete -c ibook -n __fish_use_subcommand -a 'add' -d 'Add PDFs to the library'\n"))
        XCTAssertTrue(fish.contains("complete -c ibook -n '__fish_seen_subcommand_from list' -s 'n' -l 'limit' -r -F -d 'Show at most this many books'\n"))
        XCTAssertTrue(fish.contains("complete -c ibook -n '__fish_seen_subcommand_from add' -F\n"), "positionals complete as files")
        XCTAssertTrue(fish.contains("complete -c ibook -l 'library' -r -F -d 'Library folder'\n"), "global options anywhere")
        XCTAssertTrue(fish.contains("complete -c ibook -n '__fish_seen_subcommand_from help' -a 'copy'\n"))
        XCTAssertFalse(fish.contains("__fish_seen_subcommand_from list' -F"), "list takes no file")
    }
}
