import Foundation
import TerminalIO
import TestSupport
import XCTest

/// Wrapping image sequences for tmux, and asking a real tmux server
/// (started here on a private socket) whether it passes them through.
final class TmuxPassthroughGraphicsTests: XCTestCase {
    func testWrapDoublesEveryEscape() {
        let wrapped = TmuxPassthrough.wrap(Array("\u{1B}_Ga=T;AAAA\u{1B}\\".utf8))
        XCTAssertEqual(String(decoding: wrapped, as: UTF8.self), "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T;AAAA\u{1B}\u{1B}\\\u{1B}\\")
        XCTAssertEqual(TmuxPassthrough.wrap([]), Array("\u{1B}Ptmux;\u{1B}\\".utf8))
    }

    func testInsideTmuxOnlyWithTMUXSet() {
        XCTAssertTrue(TmuxPassthrough.isInsideTmux(["TMUX": "/tmp/tmux-0/default,42,0"]))
        XCTAssertFalse(TmuxPassthrough.isInsideTmux(["TMUX": ""]))
        XCTAssertFalse(TmuxPassthrough.isInsideTmux(["TERM": "tmux-256color"]))
        XCTAssertTrue(TmuxPassthrough.enableAdvice.contains("set -g allow-passthrough on"))
    }

    func testAllowPassthroughAsTmuxReportsIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw XCTSkip("no tmux") }
        let directory = try Fixtures.temporaryDirectory("tmux")
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("socket").path
        func tmux(_ arguments: String...) -> Int32 { Spawn.run(["/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = "\(socket),1,0"

        XCTAssertNil(TmuxPassthrough.isEnabled(environment: environment), "no server yet")
        XCTAssertEqual(tmux("new-session", "-d", "-x", "80", "-y", "24"), 0)
        defer { _ = tmux("kill-server") }
        XCTAssertEqual(tmux("set-option", "-g", "allow-passthrough", "off"), 0)
        XCTAssertEqual(TmuxPassthrough.isEnabled(environment: environment), false)
        XCTAssertEqual(tmux("set-option", "-g", "allow-passthrough", "on"), 0)
        XCTAssertEqual(TmuxPassthrough.isEnabled(environment: environment), true)
        // tmux 3.4 adds "all" (panes not in view too), which also counts as on; 3.3a refuses it.
    }
}
