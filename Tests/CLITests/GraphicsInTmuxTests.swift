import Foundation
import TestSupport
import XCTest

/// Finding out what a terminal shows, from inside tmux: tmux takes a bare
/// kitty query (an APC, `ESC _ G … ESC \`) as a new pane title, so the
/// question must go wrapped for passthrough, or not at all. A real tmux, a
/// pane title set beforehand, `show` and `view` run with auto graphics.
final class GraphicsInTmuxTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("tmux-probe")
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func paneTitle(_ session: TmuxSession) throws -> String {
        try session.tmux(["display-message", "-p", "-t", session.name, "#{pane_title}"]).stdout
            .trimmingCharacters(in: .newlines)
    }

    func testProbingLeavesThePaneTitleAsItWas() throws {
        var environment = library.environment
        // Auto graphics, from nothing but asking: no hint of a terminal that speaks kitty or sixel.
        for hint in ["IBOOK_GRAPHICS", "KITTY_WINDOW_ID", "TERM_PROGRAM", "LC_TERMINAL", "KONSOLE_VERSION", "WT_SESSION"] {
            environment.removeValue(forKey: hint)
        }
        for passthrough in ["off", "on"] {
            let session = try TmuxSession("exec bash --norc --noprofile", environment: environment)
            try session.tmux(["set-option", "-g", "allow-passthrough", passthrough])
            try session.tmux(["select-pane", "-t", session.name, "-T", "my notes"])
            XCTAssertEqual(try paneTitle(session), "my notes")

            try session.sendLiteral("'\(Run.ibookPath)' show lighthouses 3 --width 30 --height 8; echo show-exit=$?")
            try session.send("Enter")
            XCTAssertTrue(session.waitFor(timeout: 20) { $0.contains("show-exit=0") }, "\(passthrough): \(session.screen())")
            XCTAssertEqual(try paneTitle(session), "my notes", "show, allow-passthrough \(passthrough)")

            try session.sendLiteral("'\(Run.ibookPath)' view lighthouses 3; echo view-exit=$?")
            try session.send("Enter")
            XCTAssertTrue(session.waitFor(timeout: 20) { _ in session.statusLine().contains("page 3 of 40") },
                          "\(passthrough): \(session.screen())")
            try session.send("q")
            XCTAssertTrue(session.waitFor(timeout: 20) { $0.contains("view-exit=0") }, "\(passthrough): \(session.screen())")
            XCTAssertEqual(try paneTitle(session), "my notes", "view, allow-passthrough \(passthrough)")
            session.stop()
        }
    }
}
