import BookLibrary
import Foundation

/// Runs one extraction and says how it ended.
enum ExtractionJob {
    enum Result {
        /// The spool is complete; `printed` is what the worker wrote to stderr.
        case finished(printed: [String])
        case failed(String, diagnostics: [String])
        case stopped
    }

    /// In a worker from `pool`, or in this process when there is none.
    static func run(_ request: ExtractionRequest, pool: WorkerPool?, timeout: TimeInterval, stop: StopFlag) -> Result {
        guard let pool else {
            return ExtractionWorker.extract(request) ? .finished(printed: []) : spooledFailure(request, printed: [])
        }
        let worker: WorkerProcess
        do { worker = try pool.take() } catch {
            return .failed("could not be read (cannot start worker: \(error.localizedDescription))", diagnostics: [])
        }
        defer { pool.give(worker) }
        let (reply, printed) = worker.extract(request, timeout: timeout, stop: stop)
        switch reply {
        case .done: return .finished(printed: printed)
        case .unreadable: return spooledFailure(request, printed: printed)
        case .died: return .failed("could not be read (parser crashed)", diagnostics: printed)
        case .timedOut: return .failed("could not be read (timed out after \(Int(timeout)) s of work)", diagnostics: printed)
        case .stopped: return .stopped
        }
    }

    private static func spooledFailure(_ request: ExtractionRequest, printed: [String]) -> Result {
        if let reader = SpoolReader(path: request.spoolPath), case .failure(let failure)? = reader.next() {
            return .failed(failure.reason, diagnostics: failure.diagnostics + printed)
        }
        return .failed("could not be read (parser crashed)", diagnostics: printed)
    }
}
