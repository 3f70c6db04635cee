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
        // Spawned and waited for directly: Foundation's Process never sees
        // a `tmux new-session -d` client exit (it is left a zombie).
        func tmux(_ arguments: String...) -> Int32 {
            let argv = (["/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor in Int32(0)...2 {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            var pid = pid_t()
            guard posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ) == 0 else { return -1 }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return status
        }
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
