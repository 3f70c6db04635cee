import Foundation

/// Reads a pipe to its end on another thread, so that a child writing to two
/// pipes never blocks on the one nobody is reading.
final class PipeReader: @unchecked Sendable {
    // Written once by the reading thread before `done` is signalled, read only after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
