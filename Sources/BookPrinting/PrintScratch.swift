import Foundation

/// A private folder (mode 0700, made by mkdtemp) for the temporary copies a
/// print job needs. Removed by `remove()` (safe from a signal handler's
/// queue, and more than once) or when the object goes away.
public final class PrintScratch: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var removed = false

    public init() throws {
        var template = Array((NSTemporaryDirectory() + "ibook-print-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BookPrintingError.noTemporaryFolder(String(cString: strerror(errno)))
        }
        path = String(cString: made)
    }

    deinit { remove() }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    public func remove() {
        lock.lock()
        defer { lock.unlock() }
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(atPath: path)
    }
}
