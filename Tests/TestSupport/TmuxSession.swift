import Foundation

/// A program running in a detached tmux session on a private server, typed
/// at with `send-keys` and read with `capture-pane`: how a person would
/// drive a full-screen command, with a real terminal and a controlling tty.
public final class TmuxSession {
    public let socket: String
    public let name = "ibook"

    /// Starts `command` (run by sh) in a window of `columns × rows`.
    public init(_ command: String, columns: Int = 100, rows: Int = 30, environment: [String: String]) throws {
        socket = "ibook-test-\(UUID().uuidString.prefix(8))"
        var env = environment
        env.removeValue(forKey: "TMUX")
        // The server tmux starts keeps the descriptors it was given: no pipes
        // here, or reading them would wait for the server to end.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
                             "-x", String(columns), "-y", String(rows), command]
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RunError.failed("tmux new-session failed") }
        _ = try? tmux(["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> Run.Result {
        try Run.process("/usr/bin/env", ["tmux", "-L", socket] + arguments)
    }

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

    public func lines() -> [String] {
        screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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

    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }
}
