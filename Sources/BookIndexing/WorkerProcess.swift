import BookLibrary
import Foundation

/// One long-lived `ibook __extract` process that extracts files one after
/// another, with a time limit per file and a memory limit for its life. A
/// worker that crashes, hangs or is stopped is killed and not reused; the
/// next file gets a fresh one. Reusing workers keeps process start-up out of
/// the cost of each file.
final class WorkerProcess {
    enum Reply {
        case done
        case unreadable
        case died
        case timedOut
        case stopped
    }

    private let process = Process()
    /// -1 once closed.
    private var requests: Int32
    private let replies: Int32
    private let errorPath: String
    private var errorOffset: UInt64 = 0
    private var pending: [UInt8] = []
    private(set) var isUsable = true

    /// `mode` is the hidden argument that starts the worker (extraction or OCR).
    init(executable: String, mode: String, memoryLimit: UInt64, errorPath: String,
         environment extra: [String: String] = [:]) throws {
        self.errorPath = errorPath
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [mode]
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment[ExtractionWorker.memoryLimitKey] = String(memoryLimit)
        process.environment = environment
        // What poppler prints on its own goes to a side file, shown with --verbose.
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        // One worker started at a time: Foundation closes a new child's inherited descriptors as
        // they were when it looked, so a worker started meanwhile on another thread could keep this
        // one's stdin open (it would never see its end) or the socket Foundation learns its exit from.
        Self.starting.lock()
        defer { Self.starting.unlock() }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        requests = fcntl(input.fileHandleForWriting.fileDescriptor, F_DUPFD_CLOEXEC, 0)
        replies = fcntl(output.fileHandleForReading.fileDescriptor, F_DUPFD_CLOEXEC, 0)
        try? input.fileHandleForWriting.close()
        try? output.fileHandleForReading.close()
    }

    private static let starting = NSLock()

    /// Closes its stdin, which ends an idle worker; its exit is waited for when it is released.
    func finish() {
        guard requests >= 0 else { return }
        close(requests)
        requests = -1
    }

    deinit {
        // Closing its stdin ends an idle worker; a retired one was killed.
        finish()
        Self.waitForExit(process.processIdentifier)
        close(replies)
        unlink(errorPath)
    }

    /// Returns once the process has exited. Foundation's waitUntilExit looks every 50 ms, which
    /// every `add` paid once a worker at its end (100 ms of adding the 11 IDPF EPUBs), and it learns
    /// of the exit from a socket the child holds, which a worker started at the same time on another
    /// thread can inherit, and then hold until it ends itself. waitid with WNOWAIT sees the exit at
    /// once and leaves reaping the child to Foundation.
    private static func waitForExit(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
    }

    /// Runs one request; `printed` is what the worker wrote to stderr meanwhile.
    func extract<Request: Encodable>(_ request: Request, timeout: TimeInterval, stop: StopFlag) -> (Reply, printed: [String]) {
        guard isUsable, var line = try? JSONEncoder().encode(request) else { return (.died, []) }
        line.append(0x0A)
        let sent = line.withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
        guard sent == line.count else { return (retire(.died), newErrorOutput()) }
        let started = Date()
        var deadline = started.addingTimeInterval(timeout)
        // The limit is on time the file had a core: time spent waiting in
        // the run queue (six adds at once on two cores) is not the file's and
        // is added back, up to five times the limit in all. A worker asleep
        // (blocked, or a parser that sleeps) has the wall-clock limit.
        let delayAtStart = runQueueDelay()
        let latest = started.addingTimeInterval(timeout * 5)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let answer = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return (answer == "0" ? .done : answer == "3" ? .unreadable : retire(.died), newErrorOutput())
            }
            if stop.isSet { return (retire(.stopped), []) }
            if Date() >= deadline {
                let waited = delayAtStart.flatMap { start in runQueueDelay().map { $0 - start } } ?? 0
                deadline = min(latest, started.addingTimeInterval(timeout + max(waited, 0)))
                if Date() >= deadline { return (retire(.timedOut), newErrorOutput()) }
            }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 64)
            let count = read(replies, &chunk, chunk.count)
            if count <= 0 { return (retire(.died), newErrorOutput()) }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// Seconds the worker's main thread has spent runnable but waiting for a
    /// core, from /proc/PID/schedstat; nil where that cannot be read, and the
    /// limit is then wall time.
    private func runQueueDelay() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/schedstat", encoding: .utf8)
        else { return nil }
        // "time on a core, time waiting in the run queue, time slices", in nanoseconds.
        let fields = stat.split(separator: " ")
        guard fields.count >= 2, let waiting = Double(fields[1]) else { return nil }
        return waiting / 1e9
    }

    private func retire(_ reply: Reply) -> Reply {
        isUsable = false
        kill(process.processIdentifier, SIGKILL)
        return reply
    }

    private func newErrorOutput() -> [String] {
        guard let handle = FileHandle(forReadingAtPath: errorPath) else { return [] }
        defer { try? handle.close() }
        try? handle.seek(toOffset: errorOffset)
        let data = (try? handle.readToEnd()) ?? Data()
        errorOffset += UInt64(data.count)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// The idle workers of one `add`, shared by its extraction threads; they
/// exit when the pool, and so their stdin, goes away.
final class WorkerPool: @unchecked Sendable {
    private let executable: String
    private let mode: String
    private let environment: [String: String]
    private let memoryLimit: UInt64
    private let directory: String
    private let lock = NSLock()
    private var idle: [WorkerProcess] = []
    private var started = 0

    init(executable: String, mode: String = ExtractionWorker.modeArgument, environment: [String: String] = [:],
         memoryLimit: UInt64, directory: String) {
        self.executable = executable
        self.mode = mode
        self.environment = environment
        self.memoryLimit = memoryLimit
        self.directory = directory
    }

    func take() throws -> WorkerProcess {
        lock.lock()
        if let worker = idle.popLast() {
            lock.unlock()
            return worker
        }
        started += 1
        let number = started
        lock.unlock()
        return try WorkerProcess(executable: executable, mode: mode, memoryLimit: memoryLimit,
                                 errorPath: "\(directory)/\(mode)-\(number).stderr", environment: environment)
    }

    /// Every idle worker told to end before any is waited for: they exit together.
    deinit {
        for worker in idle { worker.finish() }
    }

    func give(_ worker: WorkerProcess) {
        guard worker.isUsable else { return }
        lock.lock()
        idle.append(worker)
        lock.unlock()
    }
}
