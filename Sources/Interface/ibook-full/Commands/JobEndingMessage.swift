import IBookCLI
import Printing

/// The line and the exit code `print --wait` ends with. The ending states
/// the condition and CUPS's own way on; the command line adds its own
/// (cancelling with --cancel). Exit codes: 0 printed, 124 the time given to
/// --timeout ran out (the job is left as it is, as timeout(1) does), 1 every
/// other ending (and 130 for Ctrl-C, which cancels the job).
enum JobEndingMessage {
    static let timedOut: Int32 = 124

    static func text(_ ending: JobEnding) -> String {
        var ways: [String] = []
        if let wayOn = ending.wayOn { ways.append(wayOn) }
        if ending.stillQueued, ending.kind != .schedulerGone, ending.kind != .schedulerRestarted {
            ways.append("cancel the job with 'ibook print --cancel \(ending.job)'")
        }
        return ending.description + (ways.isEmpty ? "" : "; " + ways.joined(separator: " or "))
    }

    static func exitStatus(_ ending: JobEnding) -> Int32 {
        switch ending.kind {
        case .completed: return 0
        case .timedOut: return timedOut
        default: return ExitCode.failure
        }
    }
}
