import CCups
import Foundation

/// Follows a job over one connection until it ends or cannot go on by
/// itself (see JobJudge), or until the time given runs out: the job's
/// attributes, its printer's state and the job's events, read every
/// `interval`. A scheduler that stops answering is given `grace` seconds to
/// come back: if it does, it restarted; if not, it is gone. Never prints.
public final class JobWatch {
    /// The queue the job is sent to.
    public let queue: String
    private let connection: CupsConnection
    private var events: JobEvents?
    private var seen: [JobEvent] = []
    /// False once the scheduler is gone: nothing more is asked of it.
    private var answering = true

    /// The events subscription (for a Ctrl-C handler to cancel on its own
    /// connection); nil when the scheduler would not make one.
    public var subscription: Int? { events?.subscription }

    /// Subscribes to the queue's job events before the job is sent, so that
    /// who holds or cancels it is heard however soon they do; `leaseSeconds`
    /// bounds the subscription if ibook is killed before `close`.
    public init(queue: String, on connection: CupsConnection, leaseSeconds: Int = 3600) {
        self.queue = queue
        self.connection = connection
        events = JobEvents(queue: queue, leaseSeconds: leaseSeconds, on: connection)
    }

    deinit { close() }

    /// Ends the subscription (once; not on a scheduler that is gone).
    public func close() {
        if answering { events?.cancel(on: connection) }
        events = nil
    }

    /// Ends a subscription from another connection (a Ctrl-C handler's).
    public static func cancelSubscription(_ subscription: Int, queue: String, on connection: CupsConnection) {
        JobEvents.cancel(subscription, queue: queue, on: connection)
    }

    /// Follows the job; `changed` hears each status that reads differently
    /// from the one before (for a progress line). Throws only when the
    /// scheduler answers with a refusal (not allowed to see the job, say).
    public func follow(job: Int, timeout: TimeInterval? = nil, every interval: TimeInterval = 0.5, grace: TimeInterval = 5,
                       changed: (JobStatus) -> Void) throws -> JobEnding {
        let start = Self.now
        let deadline = timeout.map { start + $0 }
        var last: JobStatus?
        var shown = ""
        var reconnected = false
        while true {
            if connection.closedByPeer { reconnected = true }
            let status: JobStatus
            do {
                status = try connection.job(job)
            } catch PrintingError.jobNotFound {
                // Purged (cancel -x), or forgotten by a scheduler that restarted.
                return JobEnding(kind: reconnected ? .schedulerRestarted : .canceled, job: job, printer: last?.printer ?? queue,
                                 state: last?.state ?? .unknown,
                                 reason: reconnected ? "and no longer knows it" : "and removed from the queue",
                                 server: reconnected ? connection.server : nil)
            } catch let error as PrintingError where !Self.lostTheScheduler(error) {
                throw error
            } catch {
                let limit = min(Self.now + grace, deadline ?? .infinity)
                if comesBack(before: limit) {
                    reconnected = true
                    continue
                }
                answering = false
                return JobEnding(kind: .schedulerGone, job: job, printer: last?.printer ?? queue,
                                 state: last?.state ?? .unknown, stillQueued: true, server: connection.server)
            }
            // A scheduler on its way down may answer without the job's state: asked again.
            if status.state == .unknown, Self.now < deadline ?? .infinity {
                usleep(useconds_t(interval * 1_000_000))
                continue
            }
            last = status
            if reconnected {
                return JobEnding(kind: .schedulerRestarted, job: job, printer: status.printer ?? queue, state: status.state,
                                 reason: "which is \(status.state.rawValue) now", jobStateReasons: status.stateReasons,
                                 stillQueued: !status.state.isFinished, server: connection.server)
            }
            let printer = try? connection.printerStatus(status.printer ?? queue)
            if let events { seen += events.fetch(job: job, on: connection) }
            if let ending = JobJudge.ending(job: status, printer: printer, events: seen, queue: queue) { return ending }
            if status.progressLine != shown {
                shown = status.progressLine
                changed(status)
            }
            if let deadline, Self.now >= deadline {
                return JobEnding(kind: .timedOut, job: job, printer: status.printer ?? queue, state: status.state,
                                 message: status.message, jobStateReasons: status.stateReasons,
                                 printerStateReasons: printer?.stateReasons ?? [], stillQueued: true,
                                 waitedSeconds: timeout)
            }
            let pause = min(interval, (deadline ?? .infinity) - Self.now)
            if pause > 0 { usleep(useconds_t(pause * 1_000_000)) }
        }
    }

    /// The request failed for want of a scheduler, not by its answer.
    private static func lostTheScheduler(_ error: PrintingError) -> Bool {
        if case .noScheduler = error { return true }
        let status = cupsLastError()
        return status == IPP_STATUS_ERROR_SERVICE_UNAVAILABLE || status == IPP_STATUS_ERROR_INTERNAL
    }

    /// Tries to reach the scheduler again until `limit`.
    private func comesBack(before limit: TimeInterval) -> Bool {
        repeat {
            if connection.reconnect(timeoutMilliseconds: 1000) { return true }
            usleep(250_000)
        } while Self.now < limit
        return false
    }

    /// Seconds on a clock that does not jump.
    private static var now: TimeInterval { ProcessInfo.processInfo.systemUptime }
}
