/// Decides, from what the scheduler says of a job and its printer, whether
/// following it is over: the job is finished, or stuck where it will not
/// move on by itself (held, stopped, waiting on a stopped printer). Pure, so
/// every case is tested without a scheduler.
public enum JobJudge {
    /// The ending `job` has reached, or nil while it may still print by itself.
    /// `events` are the job's events so far, oldest first.
    public static func ending(job: JobStatus, printer: PrinterStatus?, events: [JobEvent], queue: String) -> JobEnding? {
        let name = job.printer ?? printer?.name ?? queue
        let jobReasons = job.stateReasons
        let printerReasons = printer?.stateReasons ?? []
        let eventReasons = events.last { $0.state == job.state }?.stateReasons ?? []
        let reasons = jobReasons + eventReasons.filter { !jobReasons.contains($0) }
        func ending(_ kind: JobEnding.Kind, reason: String? = nil, message: String? = nil, by: String? = nil,
                    stillQueued: Bool = false) -> JobEnding {
            JobEnding(kind: kind, job: job.id, printer: name, state: job.state, reason: reason, message: message, by: by,
                      jobStateReasons: reasons, printerStateReasons: printerReasons, stillQueued: stillQueued)
        }
        switch job.state {
        case .completed:
            return ending(.completed)
        case .canceled:
            let by = events.last { $0.state == .canceled && $0.user != nil }?.user
            var reason: String?
            if reasons.contains("job-canceled-at-device") { reason = "at the printer" }
            if by == nil, reasons.contains("job-canceled-by-operator") { reason = "by an operator" }
            return ending(.canceled, reason: reason, by: by)
        case .aborted:
            return ending(.aborted, reason: failure(job, events), message: message(job, printer, jobFirst: true))
        case .stopped:
            return ending(.stopped, reason: failure(job, events), message: message(job, printer, jobFirst: true),
                          stillQueued: true)
        case .held:
            // Held while its document is still coming in: not yet the queue's to start.
            guard !reasons.contains("job-incoming") else { return nil }
            let why = held(job, printer, events, reasons)
            return ending(.held, reason: why.reason, message: why.message, by: why.by, stillQueued: true)
        case .pending, .processing:
            guard let printer, printer.state == .stopped else { return nil }
            let backend = events.contains { $0.text.contains("backend error") }
            return ending(.printerStopped, reason: backend ? "backend error" : nil,
                          message: message(job, printer, jobFirst: false), stillQueued: true)
        case .unknown:
            return nil
        }
    }

    /// Why a job is held, and by whom when CUPS says.
    private static func held(_ job: JobStatus, _ printer: PrinterStatus?, _ events: [JobEvent],
                             _ reasons: [String]) -> (reason: String, message: String?, by: String?) {
        if reasons.contains("resources-are-not-ready") {
            // CUPS's retry-job policy: the backend failed, the job is tried again later.
            return ("for a retry after a backend error", message(job, printer, jobFirst: true), nil)
        }
        if reasons.contains(where: { $0.hasSuffix("held-for-authentication") }) {
            return ("until it is authenticated", nil, nil)
        }
        if let by = events.last(where: { $0.state == .held && $0.user != nil })?.user {
            return ("by \"\(by)\"", nil, by)
        }
        if let until = job.holdUntil, until != "no-hold" {
            if printer?.holdUntilDefault == until { return ("the queue holds every job: job-hold-until=\(until)", nil, nil) }
            return ("job-hold-until=\(until)", nil, nil)
        }
        return ("by a user or an operator", nil, nil)
    }

    /// "filter failed" or "backend error" when CUPS says which failed.
    private static func failure(_ job: JobStatus, _ events: [JobEvent]) -> String? {
        if job.message?.lowercased() == "filter failed" || events.contains(where: { $0.text.contains("filter errors") }) {
            return "filter failed"
        }
        if events.contains(where: { $0.text.contains("backend error") }) { return "backend error" }
        return nil
    }

    /// The most telling message: the job's or the printer's, CUPS's generic
    /// "Filter failed" only if there is nothing else.
    private static func message(_ job: JobStatus, _ printer: PrinterStatus?, jobFirst: Bool) -> String? {
        let candidates = (jobFirst ? [job.message, printer?.stateMessage] : [printer?.stateMessage, job.message])
            .compactMap { $0 }.filter { !$0.isEmpty }
        return candidates.first { $0.lowercased() != "filter failed" } ?? candidates.first
    }
}
