import Foundation
import Printing
import XCTest

/// When following a job is over, and the one line that says why, from what
/// CUPS 2.4 reports (the states, reasons, messages and event texts below are
/// the ones a private cupsd gave; PrintWaitTests drives the real thing).
final class JobJudgeTests: XCTestCase {
    let idle = PrinterStatus(name: "Q", state: .idle)

    func judge(_ job: JobStatus, _ printer: PrinterStatus? = nil, _ events: [JobEvent] = []) -> JobEnding? {
        JobJudge.ending(job: job, printer: printer ?? idle, events: events, queue: "Q")
    }

    func testAJobThatMayStillPrintIsWaitedFor() {
        XCTAssertNil(judge(JobStatus(id: 6, state: .pending)))
        XCTAssertNil(judge(JobStatus(id: 6, state: .processing, stateReasons: ["job-printing"], message: "printing slowly")))
        // Held while its document still comes in.
        XCTAssertNil(judge(JobStatus(id: 6, state: .held, stateReasons: ["job-incoming"])))
        // A printer that rejects new jobs still prints the ones it has.
        XCTAssertNil(judge(JobStatus(id: 6, state: .pending), PrinterStatus(name: "Q", state: .idle, acceptingJobs: false)))
    }

    func testCompleted() throws {
        let ending = try XCTUnwrap(judge(JobStatus(id: 6, state: .completed, stateReasons: ["job-completed-successfully"])))
        XCTAssertEqual(ending.kind, .completed)
        XCTAssertTrue(ending.succeeded)
        XCTAssertEqual(ending.description, "job 6 completed")
        XCTAssertNil(ending.wayOn)
    }

    func testAFilterThatFailedStopsTheJob() throws {
        let job = JobStatus(id: 6, state: .stopped, stateReasons: ["job-completed-with-errors"], message: "Filter failed")
        let printer = PrinterStatus(name: "Q", state: .idle, stateMessage: "Can't create temporary file")
        let ending = try XCTUnwrap(judge(job, printer))
        XCTAssertEqual(ending.kind, .stopped)
        XCTAssertEqual(ending.reason, "filter failed")
        XCTAssertEqual(ending.message, "Can't create temporary file")
        XCTAssertTrue(ending.stillQueued)
        XCTAssertEqual(ending.description, "job 6 on \"Q\" stopped (filter failed: Can't create temporary file)")
        XCTAssertEqual(ending.wayOn, "restart it with 'lp -i 6 -H restart'")
        // CUPS's generic message alone is not said twice.
        let bare = try XCTUnwrap(judge(job, PrinterStatus(name: "Q", state: .idle)))
        XCTAssertEqual(bare.description, "job 6 on \"Q\" stopped (filter failed)")
        // Or known by the event alone.
        let byEvent = try XCTUnwrap(judge(JobStatus(id: 6, state: .stopped), idle, [
            JobEvent(event: "job-state-changed", text: "Job stopped due to filter errors; please consult the error_log file for details.",
                     state: .stopped, stateReasons: ["job-stopped"]),
        ]))
        XCTAssertEqual(byEvent.reason, "filter failed")
        XCTAssertEqual(byEvent.jobStateReasons, ["job-stopped"])
    }

    func testABackendErrorAbortsTheJobOrStopsThePrinter() throws {
        let aborted = try XCTUnwrap(judge(
            JobStatus(id: 7, state: .aborted, stateReasons: ["processing-to-stop-point"], message: "the device is on fire"), idle, [
                JobEvent(event: "job-completed", text: "Job aborted due to backend errors; please consult the error_log file for details.",
                         state: .aborted, stateReasons: ["aborted-by-system"]),
            ]))
        XCTAssertEqual(aborted.kind, .aborted)
        XCTAssertFalse(aborted.stillQueued)
        XCTAssertEqual(aborted.description, "job 7 on \"Q\" was aborted (backend error: the device is on fire)")
        XCTAssertNil(aborted.wayOn)

        let stopped = PrinterStatus(name: "Q", state: .stopped, stateReasons: ["paused"], stateMessage: "the device is on fire")
        let waiting = try XCTUnwrap(judge(JobStatus(id: 8, state: .pending, stateReasons: ["printer-stopped"]), stopped, [
            JobEvent(event: "job-state-changed", text: "Printer stopped due to backend errors; please consult the error_log file for details.",
                     state: .pending),
        ]))
        XCTAssertEqual(waiting.kind, .printerStopped)
        XCTAssertEqual(waiting.printerStateReasons, ["paused"])
        XCTAssertEqual(waiting.description, "job 8 is waiting on \"Q\", which is stopped (backend error: the device is on fire)")
        XCTAssertEqual(waiting.wayOn, "start the printer with 'cupsenable Q'")
        // Stopped by an operator: their message, or none.
        XCTAssertEqual(judge(JobStatus(id: 8, state: .processing),
                             PrinterStatus(name: "Q", state: .stopped, stateReasons: ["paused"], stateMessage: "toner low"))?.description,
                       "job 8 is waiting on \"Q\", which is stopped (toner low)")
        XCTAssertEqual(judge(JobStatus(id: 8, state: .pending), PrinterStatus(name: "Q", state: .stopped, stateReasons: ["paused"]))?
            .description, "job 8 is waiting on \"Q\", which is stopped")
    }

    func testCancelledBySomeoneElse() throws {
        let job = JobStatus(id: 9, state: .canceled, stateReasons: ["processing-to-stop-point"])
        let named = try XCTUnwrap(judge(job, idle, [
            JobEvent(event: "job-completed", text: #"Job canceled by \"alice\""#, state: .canceled, stateReasons: ["job-canceled-by-user"]),
        ]))
        XCTAssertEqual(named.kind, .canceled)
        XCTAssertEqual(named.by, "alice")
        XCTAssertEqual(named.description, "job 9 on \"Q\" was canceled by \"alice\"")
        XCTAssertEqual(judge(job)?.description, "job 9 on \"Q\" was canceled by someone else")
        XCTAssertEqual(judge(JobStatus(id: 9, state: .canceled, stateReasons: ["job-canceled-at-device"]))?.description,
                       "job 9 on \"Q\" was canceled at the printer")
    }

    func testHeldByWhomOrWhy() throws {
        let held = JobStatus(id: 5, state: .held, stateReasons: ["job-hold-until-specified"], holdUntil: "no-hold")
        XCTAssertEqual(judge(held, idle, [
            JobEvent(event: "job-state-changed", text: #"Job held by "bob"."#, state: .held, stateReasons: ["job-hold-until-specified"]),
            JobEvent(event: "job-state-changed", text: "Job held by user.", state: .held),
        ])?.description, "job 5 on \"Q\" is held (by \"bob\")")
        XCTAssertEqual(judge(held)?.description, "job 5 on \"Q\" is held (by a user or an operator)")

        var byTheQueue = held
        byTheQueue.holdUntil = "indefinite"
        XCTAssertEqual(judge(byTheQueue, PrinterStatus(name: "Q", state: .idle, holdUntilDefault: "indefinite"))?.description,
                       "job 5 on \"Q\" is held (the queue holds every job: job-hold-until=indefinite)")
        byTheQueue.holdUntil = "night"
        XCTAssertEqual(judge(byTheQueue)?.description, "job 5 on \"Q\" is held (job-hold-until=night)")

        let retry = try XCTUnwrap(judge(JobStatus(id: 5, state: .held, stateReasons: ["resources-are-not-ready"],
                                                  message: "the device is on fire", holdUntil: "no-hold")))
        XCTAssertEqual(retry.description, "job 5 on \"Q\" is held (for a retry after a backend error: the device is on fire)")
        XCTAssertEqual(retry.wayOn, "release it with 'lp -i 5 -H resume'")
        XCTAssertTrue(retry.stillQueued)
    }

    func testTheSchedulersEndingsAndTheTimeout() throws {
        let gone = JobEnding(kind: .schedulerGone, job: 6, printer: "Q", state: .processing, stillQueued: true, server: "/run/cups/cups.sock")
        XCTAssertEqual(gone.description, "the CUPS scheduler at /run/cups/cups.sock stopped answering while job 6 was processing")
        let goneAtOnce = JobEnding(kind: .schedulerGone, job: 6, printer: "Q", state: .unknown, stillQueued: true, server: "/run/cups/cups.sock")
        XCTAssertEqual(goneAtOnce.description, "the CUPS scheduler at /run/cups/cups.sock stopped answering while ibook waited for job 6")
        let restarted = JobEnding(kind: .schedulerRestarted, job: 6, printer: "Q", state: .pending, reason: "which is pending now",
                                  server: "localhost:631")
        XCTAssertEqual(restarted.description, "the CUPS scheduler at localhost:631 restarted while ibook waited for job 6, which is pending now")
        let late = JobEnding(kind: .timedOut, job: 6, printer: "Q", state: .processing, message: "printing slowly",
                             stillQueued: true, waitedSeconds: 30)
        XCTAssertEqual(late.description, "stopped waiting after 30 s: job 6 on \"Q\" is still processing (printing slowly)")
        XCTAssertNil(late.wayOn)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(late)) as? [String: Any])
        XCTAssertEqual(json["kind"] as? String, "timed-out")
        XCTAssertEqual(json["state"] as? String, "processing")
    }

    func testTheUserAnEventNames() {
        XCTAssertEqual(JobEvent(event: "", text: #"Job held by "root"."#).user, "root")
        XCTAssertEqual(JobEvent(event: "", text: #"Job canceled by \"alice\""#).user, "alice")
        XCTAssertNil(JobEvent(event: "", text: "Job held by user.").user)
        XCTAssertNil(JobEvent(event: "", text: "Job created.").user)
    }
}
