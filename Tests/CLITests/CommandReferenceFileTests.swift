import Foundation
import TestSupport
import XCTest

/// docs/commands.md is what the binary prints now, so it cannot drift from `--help`.
final class CommandReferenceFileTests: XCTestCase {
    func testTheCommittedReferenceIsWhatTheBinaryGenerates() throws {
        let library = try TestLibrary("reference")
        let generated = try library.ibook("manpage", "--markdown")
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let file = Fixtures.repositoryRoot.appendingPathComponent("docs/commands.md")
        let committed = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard committed != generated.stdout else { return }
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = generated.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        XCTFail("""
            docs/commands.md is not what `ibook manpage --markdown` prints now: run `make docs` and commit it.
            First difference at line \(line + 1):
              committed: \(line < old.count ? String(old[line]) : "(end of file)")
              generated: \(line < new.count ? String(new[line]) : "(end of output)")
            """)
    }

    /// Every command of the overview, and the subcommands of those that have them, have a heading.
    func testTheReferenceHasEveryCommandAndSubcommand() throws {
        let library = try TestLibrary("reference-all")
        let reference = try library.ibook("manpage", "--markdown").stdout
        let overview = try library.ibook("--help").stdout
        let names = overview.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  See ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "help" } ?? []
        XCTAssertGreaterThan(names.count, 30, overview)
        for name in names {
            XCTAssertTrue(reference.contains("\n## `ibook \(name)`\n"), name)
        }
        for nested in ["collection create", "server init", "server grant", "roots set"] {
            XCTAssertTrue(reference.contains("\n### `ibook \(nested)`\n"), nested)
        }
        XCTAssertTrue(reference.contains("- `--library <dir>`: Library folder, or a postgresql:// URL"), "global options")
        XCTAssertTrue(reference.contains("## Exit status"), reference)
        XCTAssertTrue(reference.contains("- `--markdown`: Print the command reference in Markdown"), "the manpage command's own option")
    }
}
