import Foundation
import Printing
import TestSupport
import XCTest

/// `print --wait` on queues that go wrong, against a private cupsd with
/// programs of the test's own (PrivateCupsPrograms): a pdftopdf that cannot
/// write its temporary file, backends that fail or take their time. Every
/// ending is one line on stderr (stdout has only the job's "Sent" line), a
/// known exit code, and no temporary copy left behind.
final class PrintWaitTests: XCTestCase {
    var cups: PrivateCups!
    var library: TestLibrary!
    var scratch: URL!
    let book = Fixtures.sampleBook("lighthouses.pdf")

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/cupsd"),
              FileManager.default.fileExists(atPath: PrivateCups.ppd),
              FileManager.default.isExecutableFile(atPath: "/usr/lib/cups/filter/pdftopdf") else {
            throw XCTSkip("LOUDLY SKIPPED: cupsd or cups-filters is missing (run `make deps`); no real CUPS to print to")
        }
        cups = try PrivateCups()
        library = try TestLibrary("print-wait")
        scratch = try Fixtures.temporaryDirectory("print-wait-tmp")
        do {
            try cups.useOwnPrograms()
            try cups.start()
            try cups.addQueue("Slow", device: "slow://")
        } catch {
            cups.stop()
            throw error
        }
    }

    override func tearDown() {
        cups?.stop()
        cups = nil
        library = nil
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    // MARK: - Helpers

    var environment: [String: String] {
        var environment = library.environment
        environment["CUPS_SERVER"] = cups.socket
        environment["TMPDIR"] = scratch.path
        environment["LPDEST"] = nil
        environment["PRINTER"] = nil
        return environment
    }

    /// Runs ibook to its end; a wait that hangs is killed after a minute and fails the test.
    func ibook(_ arguments: String...) throws -> Run.Result {
        try cups.emptyOutput()
        return try Run.process(Run.ibookPath, arguments, environment: environment, timeout: 60)
    }

    func connection() throws -> CupsConnection { try CupsConnection(server: cups.socket) }

    func jobID(_ result: Run.Result) throws -> Int {
        let line = try XCTUnwrap(result.stdoutLines.first { $0.hasPrefix("Sent ") }, result.stdout + result.stderr)
        return try XCTUnwrap(Int(line.split(separator: " ").last ?? ""), line)
    }

    func assertNoTemporaryCopies(file: StaticString = #filePath, line: UInt = #line) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix("ibook-print-") }
        XCTAssertEqual(left, [], "temporary copies left behind", file: file, line: line)
    }

    /// `ibook print BOOK -d QUEUE --wait …` started in the background, once it has said its job id.
    final class Waiting {
        let process = Process()
        let errors = Pipe()
        var id = 0

        /// Waits for the end (at most a minute) and returns the exit status and stderr.
        func finish() -> (status: Int32, stderr: String) {
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { process.interrupt() }
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }

    func startWaiting(_ queue: String, _ extra: String...) throws -> Waiting {
        let waiting = Waiting()
        let out = Pipe()
        waiting.process.executableURL = URL(fileURLWithPath: Run.ibookPath)
        waiting.process.arguments = ["print", book, "-d", queue, "--pages", "3-4", "--watermark", "DRAFT", "--wait"] + extra
        waiting.process.environment = environment
        waiting.process.standardOutput = out
        waiting.process.standardError = waiting.errors
        try waiting.process.run()
        var printed = ""
        while !printed.contains("as job") {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        guard let id = Int(printed.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
            waiting.process.terminate()
            throw RunError.failed("no job id in: \(printed)")
        }
        waiting.id = id
        return waiting
    }

    /// Waits until the scheduler says the job is printing.
    func waitUntilProcessing(_ id: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let connection = try connection()
        for _ in 0..<200 {
            if try connection.job(id).state == .processing { return }
            usleep(100_000)
        }
        XCTFail("job \(id) never started: \(try connection.job(id).progressLine)", file: file, line: line)
    }

    func cupsCommand(_ path: String, _ arguments: String...) throws {
        let result = try Run.process(path, arguments, environment: environment)
        XCTAssertEqual(result.status, 0, "\(path) \(arguments): \(result.stderr)")
    }

    // MARK: - The queue fails

    /// The issue's case: pdftopdf cannot write its temporary file, CUPS stops
    /// the job, and the queue goes on saying it is idle.
    func testAFilterThatFailsStopsTheJobAndTheWaitSaysWhy() throws {
        try cups.addFailingFilterQueue("Q")
        let result = try ibook("print", book, "--pages", "3-4", "--printer", "Q", "--number-up", "2", "--wait")
        let id = try jobID(result)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "Sent 2 pages to \"Q\" as job \(id)\n")
        XCTAssertEqual(result.stderr, """
            Error: job \(id) on "Q" stopped (filter failed: Can't create temporary file); \
            restart it with 'lp -i \(id) -H restart' or cancel the job with 'ibook print --cancel \(id)'

            """)
        XCTAssertEqual(try connection().job(id).state, .stopped)
        try assertNoTemporaryCopies()

        // The queue's last message, in the table and in JSON.
        let table = try ibook("printers")
        XCTAssertEqual(table.status, 0, table.stderr)
        let row = try XCTUnwrap(table.stdoutLines.first { $0.contains(" Q ") }, table.stdout)
        XCTAssertTrue(row.contains("idle — Can't create temporary file"), row)
        let printers = try JSONDecoder().decode([PrinterInfo].self, from: Data(try ibook("printers", "--json").stdout.utf8))
        let queue = try XCTUnwrap(printers.first { $0.name == "Q" })
        XCTAssertEqual(queue.state, .idle)
        XCTAssertEqual(queue.stateMessage, "Can't create temporary file")
        let slow = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try ibook("printers", "--json").stdout.utf8)) as? [[String: Any]])
            .first { $0["name"] as? String == "Slow" }
        XCTAssertTrue(slow?["stateMessage"] is NSNull, "a queue without a message says null: \(String(describing: slow))")

        // --json gives the ending as data.
        let json = try ibook("print", book, "--pages", "1", "-d", "Q", "--wait", "--json")
        XCTAssertEqual(json.status, 1)
        let output = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let ending = try XCTUnwrap(output["ending"] as? [String: Any], json.stdout)
        XCTAssertEqual(ending["kind"] as? String, "stopped")
        XCTAssertEqual(ending["reason"] as? String, "filter failed")
        XCTAssertEqual(ending["stillQueued"] as? Bool, true)
        XCTAssertEqual(output["state"] as? String, "stopped")
        XCTAssertEqual(json.stderrLines.count, 1, json.stderr)
    }

    /// A backend exiting CUPS_BACKEND_STOP stops the printer: the job waits on it.
    func testABackendThatStopsThePrinter() throws {
        try cups.addQueue("Q", device: "fail://4")
        let result = try ibook("print", book, "--pages", "3-4", "--printer", "Q", "--watermark", "DRAFT", "--wait")
        let id = try jobID(result)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, """
            Error: job \(id) is waiting on "Q", which is stopped (backend error: the device is on fire); \
            start the printer with 'cupsenable Q' or cancel the job with 'ibook print --cancel \(id)'

            """)
        XCTAssertEqual(try connection().job(id).state, .pending)
        try assertNoTemporaryCopies()

        // The next print is warned before it is sent, and queued all the same.
        let next = try ibook("print", book, "--pages", "1", "-d", "Q")
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(next.stderr, """
            Warning: printer "Q" is stopped (the device is on fire); start it with cupsenable Q \
            (the job waits in its queue until then)

            """)
        XCTAssertTrue(next.stdout.hasPrefix("Sent 1 page to \"Q\" as job "), next.stdout)
        let table = try ibook("printers")
        XCTAssertTrue(table.stdoutLines.contains { $0.contains(" Q ") && $0.contains("stopped — the device is on fire") }, table.stdout)
    }

    /// CUPS_BACKEND_FAILED: aborted under the abort-job policy, held for a retry under retry-job.
    func testABackendThatFails() throws {
        try cups.addQueue("Abort", device: "fail://1", "printer-error-policy=abort-job")
        let aborted = try ibook("print", book, "--pages", "3-4", "--printer", "Abort", "--watermark", "DRAFT", "--wait")
        let id = try jobID(aborted)
        XCTAssertEqual(aborted.status, 1, aborted.stderr)
        XCTAssertEqual(aborted.stderr, "Error: job \(id) on \"Abort\" was aborted (backend error: the device is on fire)\n")
        XCTAssertEqual(try connection().job(id).state, .aborted)
        try assertNoTemporaryCopies()

        try cups.addQueue("Retry", device: "fail://1", "printer-error-policy=retry-job")
        let held = try ibook("print", book, "--pages", "3-4", "--printer", "Retry", "--number-up", "2", "--wait")
        let heldID = try jobID(held)
        XCTAssertEqual(held.status, 1, held.stderr)
        XCTAssertEqual(held.stderr, """
            Error: job \(heldID) on "Retry" is held (for a retry after a backend error: the device is on fire); \
            release it with 'lp -i \(heldID) -H resume' or cancel the job with 'ibook print --cancel \(heldID)'

            """)
        try assertNoTemporaryCopies()
    }

    // MARK: - Someone else steps in

    func testAJobCancelledFromAnotherConnection() throws {
        let waiting = try startWaiting("Slow")
        try waitUntilProcessing(waiting.id)
        XCTAssertTrue(waiting.process.isRunning)
        try cupsCommand("/usr/bin/cancel", "-U", "alice", "\(waiting.id)")
        let (status, messages) = waiting.finish()
        XCTAssertEqual(status, 1, messages)
        XCTAssertEqual(messages, "Error: job \(waiting.id) on \"Slow\" was canceled by \"alice\"\n")
        try assertNoTemporaryCopies()
    }

    func testAJobHeldByAnotherUserOrByTheQueue() throws {
        let waiting = try startWaiting("Slow")
        try waitUntilProcessing(waiting.id)
        try cupsCommand("/usr/bin/lp", "-U", "bob", "-i", "\(waiting.id)", "-H", "hold")
        let (status, messages) = waiting.finish()
        XCTAssertEqual(status, 1, messages)
        XCTAssertEqual(messages, """
            Error: job \(waiting.id) on "Slow" is held (by "bob"); release it with 'lp -i \(waiting.id) -H resume' \
            or cancel the job with 'ibook print --cancel \(waiting.id)'

            """)
        try cupsCommand("/usr/bin/cancel", "\(waiting.id)")

        try cups.admin("lpadmin", "-p", "Slow", "-o", "job-hold-until-default=indefinite")
        let held = try ibook("print", book, "--pages", "3-4", "-d", "Slow", "--watermark", "DRAFT", "--wait")
        let id = try jobID(held)
        XCTAssertEqual(held.status, 1, held.stderr)
        XCTAssertEqual(held.stderr, """
            Error: job \(id) on "Slow" is held (the queue holds every job: job-hold-until=indefinite); \
            release it with 'lp -i \(id) -H resume' or cancel the job with 'ibook print --cancel \(id)'

            """)
        XCTAssertEqual(try connection().job(id).state, .held)
        try assertNoTemporaryCopies()
    }

    func testAQueueDisabledMidJob() throws {
        let waiting = try startWaiting("Slow")
        try waitUntilProcessing(waiting.id)
        try cups.admin("cupsdisable", "Slow")
        let (status, messages) = waiting.finish()
        XCTAssertEqual(status, 1, messages)
        XCTAssertEqual(messages, """
            Error: job \(waiting.id) is waiting on "Slow", which is stopped; start the printer with 'cupsenable Slow' \
            or cancel the job with 'ibook print --cancel \(waiting.id)'

            """)
        try assertNoTemporaryCopies()

        // Stopped with a reason before the job is sent: warned, sent, and the wait ends at once.
        try cups.admin("cupsdisable", "-r", "toner low", "Slow")
        let stopped = try ibook("print", book, "--pages", "1", "-d", "Slow", "--wait")
        let id = try jobID(stopped)
        XCTAssertEqual(stopped.status, 1)
        XCTAssertEqual(stopped.stderrLines, [
            "Warning: printer \"Slow\" is stopped (toner low); start it with cupsenable Slow (the job waits in its queue until then)",
            "Error: job \(id) is waiting on \"Slow\", which is stopped (toner low); start the printer with 'cupsenable Slow' "
                + "or cancel the job with 'ibook print --cancel \(id)'",
        ])
        let table = try ibook("printers")
        XCTAssertTrue(table.stdoutLines.contains { $0.contains("Slow") && $0.contains("stopped — toner low") }, table.stdout)
    }

    // MARK: - The scheduler goes away

    func testTheSchedulerStoppedMidWait() throws {
        let waiting = try startWaiting("Slow")
        try waitUntilProcessing(waiting.id)
        cups.stop()
        let (status, messages) = waiting.finish()
        XCTAssertEqual(status, 1, messages)
        // A scheduler on its way down puts its jobs back in the queue, or stops answering before
        // ibook has read the job's state at all: it says what it last saw, or nothing of a state.
        let said = ["was processing", "was pending", "ibook waited for job \(waiting.id)"].map { end in """
            Error: the CUPS scheduler at \(cups.socket) stopped answering while \
            \(end.hasPrefix("was") ? "job \(waiting.id) \(end)" : end); \
            the job may go on once the scheduler is back ('lpstat -o')

            """ }
        XCTAssertTrue(said.contains(messages), messages)
        try assertNoTemporaryCopies()
    }

    func testTheSchedulerRestartedMidWait() throws {
        let waiting = try startWaiting("Slow")
        try waitUntilProcessing(waiting.id)
        cups.stop()
        try cups.start()
        let (status, messages) = waiting.finish()
        XCTAssertEqual(status, 1, messages)
        XCTAssertTrue(messages.hasPrefix("Error: the CUPS scheduler at \(cups.socket) restarted while ibook waited for job \(waiting.id), which is "),
                      messages)
        XCTAssertEqual(messages.split(separator: "\n").count, 1, messages)
        try assertNoTemporaryCopies()
    }

    // MARK: - The wait itself

    func testTimeoutEndsTheWaitAndLeavesTheJob() throws {
        let started = Date()
        let result = try ibook("print", book, "--pages", "3-4", "-d", "Slow", "--watermark", "DRAFT", "--wait", "--timeout", "1.5")
        let id = try jobID(result)
        XCTAssertEqual(result.status, 124, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertEqual(result.stderr, """
            Error: stopped waiting after 1.5 s: job \(id) on "Slow" is still processing (printing slowly); \
            cancel the job with 'ibook print --cancel \(id)'

            """)
        XCTAssertEqual(try connection().job(id).state, .processing)
        try assertNoTemporaryCopies()

        for (arguments, message) in [
            (["--timeout", "5"], "Error: --timeout bounds --wait: add --wait"),
            (["--wait", "--timeout", "0"], "Error: --timeout takes a number of seconds greater than 0, not '0'"),
            (["--wait", "--timeout", "soon"], "Error: --timeout takes a number of seconds greater than 0, not 'soon'"),
        ] {
            let bad = try Run.process(Run.ibookPath, ["print", book, "-d", "Slow"] + arguments, environment: environment)
            XCTAssertEqual(bad.status, 64, "\(arguments)")
            XCTAssertTrue(bad.stderr.hasPrefix(message), bad.stderr)
        }
    }

    func testCtrlCWhileWaitingCancelsTheJob() throws {
        let waiting = try startWaiting("Slow")
        try waitUntilProcessing(waiting.id)
        waiting.process.interrupt()
        let (status, messages) = waiting.finish()
        XCTAssertEqual(status, 130, messages)
        XCTAssertEqual(messages, "Cancelled job \(waiting.id)\n")
        XCTAssertEqual(try connection().job(waiting.id).state, .canceled)
        try assertNoTemporaryCopies()
    }

    func testProgressOnATerminalOnly() throws {
        let terminal = try PseudoTerminal(Run.ibookPath, ["print", book, "-d", "Slow", "--pages", "2", "--wait"],
                                          environment: environment)
        XCTAssertTrue(terminal.waitFor(timeout: 20) { String(decoding: $0, as: UTF8.self).contains("printing slowly") },
                      String(decoding: terminal.read(), as: UTF8.self))
        let text = String(decoding: terminal.read(), as: UTF8.self)
        let id = try XCTUnwrap(text.range(of: #"as job (\d+)"#, options: .regularExpression)
            .flatMap { Int(text[$0].split(separator: " ").last ?? "") }, text)
        XCTAssertTrue(text.contains("\u{1B}[2KJob \(id): processing (printing slowly)"), text)
        try cupsCommand("/usr/bin/cancel", "-U", "alice", "\(id)")
        XCTAssertEqual(terminal.waitForExit(timeout: 20), 1)
        let all = String(decoding: terminal.read(), as: UTF8.self)
        // The progress line is cleared before the error takes its place.
        XCTAssertTrue(all.contains("\r\u{1B}[2K"), all)
        XCTAssertTrue(all.contains("job \(id) on \"Slow\" was canceled by \"alice\""), all)

        // On a pipe, no progress: only the ending (see the tests above).
    }
}
