import Foundation

/// A flag the indexer checks between steps; set from a signal handler's queue.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    public init() {}
    public var isSet: Bool { lock.lock(); defer { lock.unlock() }; return stopped }
    public func set() { lock.lock(); stopped = true; lock.unlock() }
}
