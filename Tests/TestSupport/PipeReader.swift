import Foundation

/// Reads a pipe to its end on another thread, so that a child writing to two
/// pipes never blocks on the one nobody is reading.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return lock.withLock { data }
    }

    /// What arrived before the pipe closed or the time ran out (a program
    /// that left a daemon holding the pipe never closes it).
    func wait(timeout: TimeInterval) -> (data: Data, complete: Bool) {
        let complete = done.wait(timeout: .now() + timeout) == .success
        return (lock.withLock { data }, complete)
    }
}
