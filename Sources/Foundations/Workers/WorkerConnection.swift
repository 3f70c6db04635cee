import Foundation

/// The client side of one worker process: this same binary started in a
/// hidden mode (`WorkerLoop` on the other end), requests written to its
/// stdin as JSON lines, replies read from its stdout as frames. It owns the
/// process and both pipe ends: going away closes the worker's stdin, which
/// ends an idle worker, and waits for it; a worker killed first is reaped.
public final class WorkerConnection {
    /// Where what the worker prints on its own goes.
    public enum ErrorOutput: Sendable {
        case discarded
        /// A side file, read back with `newErrorOutput` (poppler's complaints, shown with --verbose);
        /// removed with the connection.
        case file(String)
    }

    private let process = Process()
    /// -1 once closed (`finish`).
    private var requests: Int32
    private let replies: Int32
    private let errorPath: String?
    private var errorOffset: UInt64 = 0
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)
    /// False once the worker was killed: it answers nothing more.
    public private(set) var isUsable = true

    /// Starts `executable mode` with `environment` added to this process's
    /// and the memory limit (bytes, 0 for none) the worker sets on itself.
    public init(executable: String, mode: String, memoryLimit: UInt64, environment extra: [String: String] = [:],
                errorOutput: ErrorOutput) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [mode]
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment[WorkerLoop.memoryLimitKey] = String(memoryLimit)
        process.environment = environment
        switch errorOutput {
        case .discarded:
            errorPath = nil
            process.standardError = FileHandle.nullDevice
        case .file(let path):
            errorPath = path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: path)
        }
        // One worker started at a time: Foundation closes a new child's inherited descriptors as they
        // were when it looked, so a worker started meanwhile on another thread could keep this one's
        // stdin open (it would never see its end, and the add hung at its end, about once in 60) or the
        // socket Foundation learns its exit from. The ends kept are close-on-exec from then on.
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
        // Replies are read as they come, so that a reader keeps reading keys while a page renders.
        _ = fcntl(replies, F_SETFL, fcntl(replies, F_GETFL) | O_NONBLOCK)
    }

    private static let starting = NSLock()

    deinit {
        finish()
        Self.waitForExit(process.processIdentifier)
        close(replies)
        if let errorPath { unlink(errorPath) }
    }

    /// Closes the worker's stdin, which ends an idle worker; its exit is
    /// waited for when the connection goes away.
    public func finish() {
        guard requests >= 0 else { return }
        close(requests)
        requests = -1
    }

    /// Returns once the process has exited. Foundation's waitUntilExit looks
    /// every 50 ms, which every `add` paid once a worker at its end (100 ms
    /// of adding the 11 IDPF EPUBs); waitid with WNOWAIT sees the exit at
    /// once and leaves reaping the child to Foundation.
    private static func waitForExit(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
    }

    public var processIdentifier: pid_t { process.processIdentifier }

    public var isRunning: Bool { process.isRunning }

    /// The descriptor to poll for replies.
    public var replyDescriptor: Int32 { replies }

    /// Writes one request; false when the worker is gone.
    public func send<Request: Encodable>(_ request: Request) -> Bool {
        guard isUsable, requests >= 0, var line = try? JSONEncoder().encode(request) else { return false }
        line.append(0x0A)
        buffer.removeAll(keepingCapacity: true)
        return WorkerLoop.writeAll(requests, Array(line))
    }

    /// Reads what has arrived, without waiting: the reply once it is whole,
    /// nil while it is not.
    public func receive() throws(WorkerFailure) -> WorkerFrame? {
        while true {
            let count = read(replies, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if let frame = try WorkerFrame.take(from: &buffer) { return frame }
            if count == 0 { throw .died }
            return nil  // EAGAIN: nothing more for now
        }
    }

    /// Sends `request` and waits for its reply, for at most `timeout`
    /// seconds of the worker's time: time it spent waiting for a core in the
    /// run queue (six adds at once on two cores) is not its own and is added
    /// back, up to five times the limit in all; a worker asleep (blocked, or
    /// a parser that sleeps) has the wall-clock limit. A worker that fails
    /// is killed.
    public func call<Request: Encodable>(_ request: Request, timeout: TimeInterval,
                                         stop: () -> Bool) -> Result<WorkerFrame, WorkerFailure> {
        guard send(request) else { return .failure(kill(.died)) }
        let started = Date()
        var deadline = started.addingTimeInterval(timeout)
        let delayAtStart = runQueueDelay()
        let latest = started.addingTimeInterval(timeout * 5)
        while true {
            do {
                if let frame = try receive() { return .success(frame) }
            } catch {
                return .failure(kill(error))
            }
            if stop() { return .failure(kill(.stopped)) }
            if Date() >= deadline {
                let waited = delayAtStart.flatMap { start in runQueueDelay().map { $0 - start } } ?? 0
                deadline = min(latest, started.addingTimeInterval(timeout + max(waited, 0)))
                if Date() >= deadline { return .failure(kill(.timedOut)) }
            }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 100)
        }
    }

    /// Kills the worker (SIGKILL: it may be stuck in a parser); `failure` is handed back.
    @discardableResult
    public func kill(_ failure: WorkerFailure = .died) -> WorkerFailure {
        isUsable = false
        Glibc.kill(process.processIdentifier, SIGKILL)
        return failure
    }

    /// What the worker wrote to its error file since the last call; nothing when it is discarded.
    public func newErrorOutput() -> [String] {
        guard let errorPath, let handle = FileHandle(forReadingAtPath: errorPath) else { return [] }
        defer { try? handle.close() }
        try? handle.seek(toOffset: errorOffset)
        let data = (try? handle.readToEnd()) ?? Data()
        errorOffset += UInt64(data.count)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
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
}
