import Foundation
import Workers

/// The idle workers of one `add` (or `ocr`, `refresh`), shared by its
/// threads: long-lived, so that process start-up stays out of the cost of
/// each file, with a memory limit for their life. A worker that crashes,
/// hangs or is stopped was killed and is not taken back; the next file gets
/// a fresh one. Idle workers exit when the pool, and so their stdin, goes away.
final class WorkerPool: @unchecked Sendable {
    private let executable: String
    private let mode: String
    private let environment: [String: String]
    private let memoryLimit: UInt64
    private let directory: String
    private let lock = NSLock()
    private var idle: [WorkerConnection] = []
    private var started = 0

    init(executable: String, mode: String = ExtractionWorker.modeArgument, environment: [String: String] = [:],
         memoryLimit: UInt64, directory: String) {
        self.executable = executable
        self.mode = mode
        self.environment = environment
        self.memoryLimit = memoryLimit
        self.directory = directory
    }

    func take() throws -> WorkerConnection {
        lock.lock()
        if let worker = idle.popLast() {
            lock.unlock()
            return worker
        }
        started += 1
        let number = started
        lock.unlock()
        // What poppler prints on its own goes to a side file, shown with --verbose.
        return try WorkerConnection(executable: executable, mode: mode, memoryLimit: memoryLimit, environment: environment,
                                    errorOutput: .file("\(directory)/\(mode)-\(number).stderr"))
    }

    /// Every idle worker told to end before any is waited for: they exit together.
    deinit {
        for worker in idle { worker.finish() }
    }

    func give(_ worker: WorkerConnection) {
        guard worker.isUsable else { return }
        lock.lock()
        idle.append(worker)
        lock.unlock()
    }
}
