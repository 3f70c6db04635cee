/// How following a job ended: printed, failed, or stuck where it will not go
/// on by itself, with CUPS's reason. A value the CLI prints as one line and
/// turns into an exit code.
public struct JobEnding: Codable, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable {
        /// Printed: the only success.
        case completed
        /// CUPS gave up on the job (a filter or the backend failed under the
        /// abort-job policy); it is no longer queued.
        case aborted
        /// The job itself is stopped (a filter failed); it stays queued until restarted.
        case stopped
        /// Cancelled by someone else (another user, an operator, the printer).
        case canceled
        /// Held: by a user or operator, by the queue (job-hold-until), or for
        /// a retry after the backend failed.
        case held
        /// The job waits on a printer that is stopped (cupsdisable, or a backend that stopped it).
        case printerStopped = "printer-stopped"
        /// The scheduler went away and came back while the job was followed.
        case schedulerRestarted = "scheduler-restarted"
        /// The scheduler stopped answering and did not come back.
        case schedulerGone = "scheduler-gone"
        /// The time given to wait ran out; the job goes on without us.
        case timedOut = "timed-out"
    }

    public var kind: Kind
    public var job: Int
    /// The queue the job is on.
    public var printer: String
    /// The job's last state the scheduler reported.
    public var state: JobState
    /// Why, in a few words: "filter failed", "backend error", "held by \"ann\""; nil if CUPS said nothing.
    public var reason: String?
    /// CUPS's own message: the job's or the printer's (a filter's or backend's
    /// ERROR line, the operator's cupsdisable -r), or an event's text.
    public var message: String?
    /// Who held or cancelled the job, when CUPS names them.
    public var by: String?
    public var jobStateReasons: [String]
    public var printerStateReasons: [String]
    /// The job is still in the queue (and may yet print): held, stopped, on a stopped printer, timed out.
    public var stillQueued: Bool
    /// Where the scheduler was, for the scheduler's endings.
    public var server: String?
    /// How long the wait lasted, for timed-out.
    public var waitedSeconds: Double?

    public init(kind: Kind, job: Int, printer: String, state: JobState, reason: String? = nil, message: String? = nil,
                by: String? = nil, jobStateReasons: [String] = [], printerStateReasons: [String] = [],
                stillQueued: Bool = false, server: String? = nil, waitedSeconds: Double? = nil) {
        self.kind = kind
        self.job = job
        self.printer = printer
        self.state = state
        self.reason = reason
        self.message = message
        self.by = by
        self.jobStateReasons = jobStateReasons
        self.printerStateReasons = printerStateReasons
        self.stillQueued = stillQueued
        self.server = server
        self.waitedSeconds = waitedSeconds
    }

    public var succeeded: Bool { kind == .completed }

    /// What happened, as one clause: `job 6 on "Office" stopped (filter failed: cannot write temporary file)`.
    public var description: String {
        let on = "job \(job) on \"\(printer)\""
        switch kind {
        case .completed:
            return "job \(job) completed"
        case .aborted:
            return "\(on) was aborted\(why)"
        case .stopped:
            return "\(on) stopped\(why)"
        case .canceled:
            if let by { return "\(on) was canceled by \"\(by)\"" }
            return "\(on) was canceled\(reason.map { " \($0)" } ?? " by someone else")"
        case .held:
            return "\(on) is held\(why)"
        case .printerStopped:
            return "job \(job) is waiting on \"\(printer)\", which is stopped\(why)"
        case .schedulerRestarted:
            return "the CUPS scheduler\(at) restarted while ibook waited for job \(job)" + (reason.map { ", \($0)" } ?? "")
        case .schedulerGone:
            // Gone before it said what became of the job: nothing is known to tell.
            if state == .unknown { return "the CUPS scheduler\(at) stopped answering while ibook waited for job \(job)" }
            return "the CUPS scheduler\(at) stopped answering while job \(job) was \(state.rawValue)"
        case .timedOut:
            let seconds = waitedSeconds.map { $0 == $0.rounded() ? "\(Int($0))" : String($0) } ?? "?"
            return "stopped waiting after \(seconds) s: \(on) is still \(state.rawValue)\(why)"
        }
    }

    /// What sets the job going again, when something other than cancelling it
    /// does: a command of CUPS's own. Nil when the job is over.
    public var wayOn: String? {
        switch kind {
        case .stopped:
            return "restart it with 'lp -i \(job) -H restart'"
        case .held:
            return "release it with 'lp -i \(job) -H resume'"
        case .printerStopped:
            return "start the printer with 'cupsenable \(printer)'"
        case .schedulerGone:
            return "the job may go on once the scheduler is back ('lpstat -o')"
        case .completed, .aborted, .canceled, .schedulerRestarted, .timedOut:
            return nil
        }
    }

    /// " (reason: message)", " (reason)", " (message)" or nothing.
    private var why: String {
        switch (reason, message) {
        case let (reason?, message?) where !reason.lowercased().contains(message.lowercased()):
            return " (\(reason): \(message))"
        case let (reason?, _):
            return " (\(reason))"
        case let (nil, message?):
            return " (\(message))"
        case (nil, nil):
            return ""
        }
    }

    private var at: String { server.map { " at \($0)" } ?? "" }
}
