import Foundation

/// A program running in a detached tmux session on a private server, typed
/// at with `send-keys` and read with `capture-pane`: how a person would
/// drive a full-screen command, with a real terminal and a controlling tty.
///
/// `stop()` ends the tmux server (and the program in it); a test that keeps a
/// session past its own end calls it in tearDown. A session still running
/// when the test process exits is stopped then (Cleanup).
public final class TmuxSession: TestResource {
    public let socket: String
    public let name = "ibook"
    private var cleanup: Cleanup.Token?

    /// Starts `command` (run by sh) in a window of `columns × rows`.
    public init(_ command: String, columns: Int = 100, rows: Int = 30, environment: [String: String]) throws {
        socket = "ibook-test-\(UUID().uuidString.prefix(8))"
        var env = environment
        env.removeValue(forKey: "TMUX")
        let status = Spawn.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
                                "-x", String(columns), "-y", String(rows), command], environment: env)
        let socket = socket
        cleanup = Cleanup.register("tmux server -L \(socket)") {
            Spawn.run(["tmux", "-L", socket, "kill-server"], timeout: 20)
        }
        guard status == 0 else {
            stop()
            throw RunError.failed("tmux new-session failed")
        }
        tmuxQuietly(["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit { stop() }

    /// Ends the tmux server and what runs in it; the second call does nothing.
    public func stop() {
        guard let cleanup else { return }
        self.cleanup = nil
        tmuxQuietly(["kill-server"])
        Cleanup.done(cleanup)
    }

    public func release() { stop() }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> Run.Result {
        try Run.process("/usr/bin/env", ["tmux", "-L", socket] + arguments, timeout: 20)
    }

    /// A tmux command whose output is not wanted (it may start or stop the server).
    public func tmuxQuietly(_ arguments: [String]) { Spawn.run(["tmux", "-L", socket] + arguments, timeout: 20) }

    /// Keys in tmux's names ("Space", "Enter", "C-c", "Escape") or literal text.
    public func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", name, key]) }
    }

    public func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// The screen as text, or with escape sequences (colours) when `escapes`.
    public func screen(escapes: Bool = false) -> String {
        (try? tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : [])).stdout) ?? ""
    }

    /// The rows of the screen (capture-pane ends each with a newline).
    public func lines() -> [String] {
        var rows = screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The process running in the pane (the shell, or the program it exec'd).
    public var panePID: pid_t? {
        (try? tmux(["display-message", "-p", "-t", name, "#{pane_pid}"]).stdout)
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The last non-empty line: the reader's status line.
    public func statusLine() -> String {
        lines().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Waits until the screen satisfies `condition` (true) or the time runs out (false).
    @discardableResult
    public func waitFor(timeout: TimeInterval = 5, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if condition(screen()) { return true }
            usleep(30_000)
        } while Date() < deadline
        return false
    }

    /// Whether the program in the pane has exited (remain-on-exit keeps the pane).
    public var hasExited: Bool {
        ((try? tmux(["display-message", "-p", "-t", name, "#{pane_dead}"]).stdout) ?? "").hasPrefix("1")
    }

    /// A tmux format of the pane, such as `#{mouse_sgr_flag}` (1 while the
    /// program asks for SGR mouse reports; kept by a pane whose program exited).
    public func paneFormat(_ format: String) -> String {
        ((try? tmux(["display-message", "-p", "-t", name, format]).stdout) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }
}
