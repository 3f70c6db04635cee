import CPoppler
import Foundation

/// Poppler and GLib report problems in files ("Syntax Error", CRITICAL
/// assertions) through GLib's log. Those lines are about the file, not for the
/// user's terminal: they are kept here and shown only on request (--verbose).
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

    static func record(_ line: String) {
        lock.lock()
        if collected.count < limit { collected.append(line) }
        lock.unlock()
    }

    /// Returns and clears what was collected so far.
    public static func drain() -> [String] {
        lock.lock(); defer { lock.unlock() }
        let lines = collected
        collected.removeAll()
        return lines
    }
}
