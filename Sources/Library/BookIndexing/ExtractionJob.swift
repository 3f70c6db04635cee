import BookLibrary
import Foundation
import Workers

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
        let worker: WorkerConnection
        do { worker = try pool.take() } catch {
            return .failed("could not be read (cannot start worker: \(error.localizedDescription))", diagnostics: [])
        }
        defer { pool.give(worker) }
        let reply = worker.call(request, timeout: timeout, stop: { stop.isSet })
        if case .failure(.stopped) = reply { return .stopped }
        let printed = worker.newErrorOutput()
        switch reply.map({ $0.decode(WorkerAnswer.self) }) {
        case .success(.done): return .finished(printed: printed)
        case .success(.unreadable): return spooledFailure(request, printed: printed)
        case .failure(.timedOut): return .failed("could not be read (timed out after \(Int(timeout)) s of work)", diagnostics: printed)
        case .success(nil):
            worker.kill()
            return .failed("could not be read (parser crashed)", diagnostics: printed)
        case .failure: return .failed("could not be read (parser crashed)", diagnostics: printed)
        }
    }

    private static func spooledFailure(_ request: ExtractionRequest, printed: [String]) -> Result {
        if let reader = SpoolReader(path: request.spoolPath), case .failure(let failure)? = reader.next() {
            return .failed(failure.reason, diagnostics: failure.diagnostics + printed)
        }
        return .failed("could not be read (parser crashed)", diagnostics: printed)
    }
}
