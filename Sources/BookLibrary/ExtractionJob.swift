import Foundation

/// How extraction is isolated from the process that owns the library.
public enum Isolation: Sendable, Equatable {
    /// Each file in its own worker process (`ibook __extract`), with a time
    /// and memory limit: a crash or hang costs one file.
    case workerProcess(executable: String)
    /// In this process: no protection, used to measure what isolation costs.
    case inProcess
}

/// A flag the indexer checks between steps; set from a signal handler's queue.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    public init() {}
    public var isSet: Bool { lock.lock(); defer { lock.unlock() }; return stopped }
    public func set() { lock.lock(); stopped = true; lock.unlock() }
}

/// Runs one extraction and says how it ended.
enum ExtractionJob {
    enum Result {
        /// The spool is complete; `printed` is what the worker wrote to stderr.
        case finished(printed: [String])
        case failed(String, diagnostics: [String])
        case stopped
    }

    static func run(_ request: ExtractionRequest, isolation: Isolation, timeout: TimeInterval, stop: StopFlag) -> Result {
        switch isolation {
        case .inProcess:
            return ExtractionWorker.extract(request) ? .finished(printed: []) : spooledFailure(request, printed: [])
        case .workerProcess(let executable):
            return runWorker(request, executable: executable, timeout: timeout, stop: stop)
        }
    }

    private static func spooledFailure(_ request: ExtractionRequest, printed: [String]) -> Result {
        if let reader = SpoolReader(path: request.spoolPath), case .failure(let failure)? = reader.next() {
            return .failed(failure.reason, diagnostics: failure.diagnostics + printed)
        }
        return .failed("could not be read (parser crashed)", diagnostics: printed)
    }

    private static func runWorker(_ request: ExtractionRequest, executable: String, timeout: TimeInterval,
                                  stop: StopFlag) -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [ExtractionWorker.modeArgument]
        var environment = ProcessInfo.processInfo.environment
        guard let json = try? JSONEncoder().encode(request) else { return .failed("could not be read (bad request)", diagnostics: []) }
        environment[ExtractionRequest.environmentKey] = String(decoding: json, as: UTF8.self)
        process.environment = environment
        // What poppler prints on its own goes to a side file, shown with --verbose.
        let errorPath = request.spoolPath + ".stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { unlink(errorPath) }
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch {
            return .failed("could not be read (cannot start worker: \(error.localizedDescription))", diagnostics: [])
        }
        let deadline = Date().addingTimeInterval(timeout)
        while finished.wait(timeout: .now() + 0.1) == .timedOut {
            if stop.isSet || Date() >= deadline {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
                return stop.isSet ? .stopped : .failed("could not be read (timed out after \(Int(timeout)) s)", diagnostics: [])
            }
        }
        let workerOutput = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let printed = workerOutput.split(separator: "\n").map(String.init)
        if process.terminationReason == .uncaughtSignal {
            return stop.isSet ? .stopped : .failed("could not be read (parser crashed)", diagnostics: printed)
        }
        switch process.terminationStatus {
        case 0: return .finished(printed: printed)
        case 3: return spooledFailure(request, printed: printed)
        default: return .failed("could not be read (parser crashed)", diagnostics: printed)
        }
    }
}
