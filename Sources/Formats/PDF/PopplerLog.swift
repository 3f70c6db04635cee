import Foundation

/// What poppler said while one document was read: each document's
/// complaints are its own, even when several are read at once on other
/// threads (`add --in-process`), instead of mixing in one process-wide buffer.
public final class PopplerLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    private let limit = 200

    public init() {}

    func record(_ line: String) {
        lock.lock()
        if collected.count < limit { collected.append(line) }
        lock.unlock()
    }

    /// The lines so far, oldest first.
    public var lines: [String] {
        lock.lock(); defer { lock.unlock() }
        return collected
    }
}
