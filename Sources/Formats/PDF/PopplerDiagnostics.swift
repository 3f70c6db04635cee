import CPoppler
import Foundation

/// Poppler and GLib report problems in files ("Syntax Error", CRITICAL
/// assertions) through GLib's log. Those lines are about the file, not for the
/// user's terminal: they are kept, per document where the reader says which
/// (`collect(into:)`), and shown only on request (--verbose).
public enum PopplerDiagnostics {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var collected: [String] = []
    nonisolated(unsafe) private static var installed = false
    private static let limit = 200

    /// Routes GLib's default log handler into our buffer. Idempotent.
    public static func install() {
        lock.lock(); defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        g_log_set_default_handler({ domain, level, message, _ in
            let domainText = domain.map { String(cString: $0) } ?? "GLib"
            let text = message.map { String(cString: $0) } ?? ""
            PopplerDiagnostics.record(domainText == "Poppler" ? text : "\(domainText): \(text)")
        }, nil)
    }

    /// The key of the calling thread's current log in its thread dictionary.
    private static let currentLogKey = "ibook.PopplerDiagnostics.log"

    /// Runs `body` with what poppler says on this thread going to `log`:
    /// poppler reports through GLib's log on the thread that called it, so
    /// each document read on its own thread gets its own lines.
    public static func collect<T>(into log: PopplerLog, _ body: () throws -> T) rethrows -> T {
        install()
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[currentLogKey]
        dictionary[currentLogKey] = log
        defer { dictionary[currentLogKey] = previous }
        return try body()
    }

    /// The key under which the calling thread keeps what it is not to hear.
    private static let mutedKey = "ibook.PopplerDiagnostics.muted"

    /// Runs `body` with what poppler says on this thread dropped: a file
    /// opened a second time says what it said the first time.
    static func muted<T>(_ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[mutedKey]
        dictionary[mutedKey] = true
        defer { dictionary[mutedKey] = previous }
        return try body()
    }

    static func record(_ line: String) {
        if Thread.current.threadDictionary[mutedKey] != nil { return }
        if let log = Thread.current.threadDictionary[currentLogKey] as? PopplerLog {
            log.record(line)
            return
        }
        lock.lock()
        if collected.count < limit { collected.append(line) }
        lock.unlock()
    }

    /// Returns and clears what was said outside any `collect` (a command
    /// that reads one document in this process).
    public static func drain() -> [String] {
        lock.lock(); defer { lock.unlock() }
        let lines = collected
        collected.removeAll()
        return lines
    }
}
