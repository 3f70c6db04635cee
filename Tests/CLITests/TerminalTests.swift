import Foundation
import TestSupport
import XCTest

/// What ibook shows on a real terminal (run under `script`, which gives it a
/// pseudo-terminal): a progress bar and colour, and neither with NO_COLOR or a pipe.
final class TerminalTests: XCTestCase {
    private func onTerminal(_ library: TestLibrary, _ command: String, noColor: Bool) throws -> String {
        var environment = library.environment
        if noColor { environment["NO_COLOR"] = "1" } else { environment.removeValue(forKey: "NO_COLOR") }
        environment["TERM"] = "xterm"
        let result = try Run.process("/usr/bin/script", ["-qec", "'\(Run.ibookPath)' \(command)", "/dev/null"],
                                     environment: environment)
        return result.stdout
    }

    func testProgressBarAndColourOnlyOnATerminal() throws {
        let library = try TestLibrary("tty")
        let added = try onTerminal(library, "add '\(Fixtures.sampleBooks.path)'", noColor: false)
        XCTAssertTrue(added.contains("/8 files"), "a progress bar for several files: \(added)")
        XCTAssertTrue(added.contains("\u{1B}[32mAdded\u{1B}[0m"), added)

        let colored = try onTerminal(library, "search --book lighthouses 'quiet harbour'", noColor: false)
        XCTAssertTrue(colored.contains("\u{1B}[1;31mquiet harbour\u{1B}[0m"), colored)
        let plain = try onTerminal(library, "search --book lighthouses 'quiet harbour'", noColor: true)
        XCTAssertFalse(plain.contains("\u{1B}["), plain)
        XCTAssertTrue(plain.contains("[quiet harbour]"), plain)

        let piped = try library.ibook("add", Fixtures.sampleBook("untitled-notes.pdf"), Fixtures.sampleBook("atlas-landscape.pdf"))
        XCTAssertFalse(piped.stderr.contains("files") || piped.stderr.contains("\u{1B}"), piped.stderr)
    }
}
