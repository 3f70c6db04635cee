import Foundation
import Printing
import TestSupport
import XCTest

/// A private CUPS scheduler for one test: its own ServerRoot, spool, logs
/// and domain socket in a temporary folder, and a queue "TestPDF" whose
/// device is a file. The queue uses cups-filters' generic PDF driver, so
/// pdftopdf really applies page ranges, copies and n-up to what lands in
/// the file; tests read it back with pdfinfo and pdftotext. `stop()` ends
/// cupsd and `remove()` its folder (tearDown calls both); cupsd still running
/// when the test process exits is stopped then (Cleanup).
final class PrivateCups {
    let root: URL
    var socket: String { root.appendingPathComponent("cups.sock").path }
    var output: String { root.appendingPathComponent("out.pdf").path }
    static let ppd = "/usr/share/ppd/cupsfilters/Generic-PDF_Printer-PDF.ppd"
    private var process: Process?
    private var cleanup: Cleanup.Token?

    init() throws {
        root = try Fixtures.temporaryDirectory("cups")
        for folder in ["spool", "cache", "state", "log", "ppd"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // The filters run as lp and must reach the spool and the PPD.
        chmod(root.path, 0o755)
        let path = root.path
        try """
        Listen \(socket)
        LogLevel warn
        WebInterface No
        Browsing No
        DefaultAuthType None
        <Location />
          Order allow,deny
          Allow all
        </Location>
        <Policy default>
          <Limit All>
            Order deny,allow
          </Limit>
        </Policy>

        """.write(to: root.appendingPathComponent("cupsd.conf"), atomically: true, encoding: .utf8)
        try """
        ServerRoot \(path)
        RequestRoot \(path)/spool
        CacheDir \(path)/cache
        StateDir \(path)/state
        TempDir \(path)/spool
        ErrorLog \(path)/log/error_log
        AccessLog \(path)/log/access_log
        PageLog \(path)/log/page_log
        FileDevice Yes
        Printcap \(path)/printcap

        """.write(to: root.appendingPathComponent("cups-files.conf"), atomically: true, encoding: .utf8)
    }

    /// Starts cupsd in the foreground and waits until its socket answers.
    func start() throws {
        let cupsd = Process()
        cupsd.executableURL = URL(fileURLWithPath: "/usr/sbin/cupsd")
        cupsd.arguments = ["-f", "-c", root.appendingPathComponent("cupsd.conf").path,
                           "-s", root.appendingPathComponent("cups-files.conf").path]
        cupsd.standardOutput = FileHandle.nullDevice
        cupsd.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try cupsd.run()
        process = cupsd
        cleanup = Cleanup.register("cupsd in \(root.path)") { [cupsd] in
            cupsd.terminate()
            cupsd.waitUntilExit()
        }
        for _ in 0..<100 {
            if FileManager.default.fileExists(atPath: socket), (try? CupsConnection(server: socket)) != nil { return }
            usleep(100_000)
        }
        throw RunError.failed("cupsd did not start: \(log)")
    }

    /// Ends cupsd (SIGTERM; SIGKILL after 10 s) and waits for it.
    func stop() {
        if let cleanup { Cleanup.done(cleanup) }
        cleanup = nil
        guard let process else { return }
        self.process = nil
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Removes the scheduler's folder (spool, logs, socket).
    func remove() { try? FileManager.default.removeItem(at: root) }

    deinit {
        stop()
        remove()
    }

    var log: String { (try? String(contentsOfFile: root.appendingPathComponent("log/error_log").path, encoding: .utf8)) ?? "" }

    var environment: [String: String] { ["CUPS_SERVER": socket] }

    /// Runs one of CUPS's own admin tools (lpadmin, cupsdisable…) against this scheduler.
    @discardableResult
    func admin(_ tool: String, _ arguments: String...) throws -> Run.Result {
        try admin(tool, arguments)
    }

    @discardableResult
    func admin(_ tool: String, _ arguments: [String]) throws -> Run.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["CUPS_SERVER"] = socket
        let result = try Run.process("/usr/sbin/" + tool, arguments, environment: environment)
        guard result.status == 0 else { throw RunError.failed("\(tool) \(arguments): \(result.stderr)") }
        return result
    }

    /// Empties the queue's output file, making it if need be: Debian's cupsd
    /// (2.4.2-3+deb12u10 on) writes a file: device only where a file already
    /// is, and over what it holds, so each job needs an empty one to land in.
    func emptyOutput() throws {
        try Data().write(to: URL(fileURLWithPath: output))
    }

    /// The bytes the queue has printed since the output was last emptied.
    var printedBytes: Int {
        ((try? FileManager.default.attributesOfItem(atPath: output))?[.size] as? Int) ?? 0
    }

    func addQueue(_ name: String = "TestPDF") throws {
        try admin("lpadmin", "-p", name, "-E", "-v", "file://" + output, "-P", Self.ppd)
    }
}

final class PrintCommandTests: XCTestCase {
    var cups: PrivateCups!
    var library: TestLibrary!
    var scratch: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/cupsd"),
              FileManager.default.fileExists(atPath: PrivateCups.ppd) else {
            throw XCTSkip("LOUDLY SKIPPED: cupsd or cups-filters is missing (run `make deps`); no real CUPS to print to")
        }
        cups = try PrivateCups()
        library = try TestLibrary("print")
        scratch = try Fixtures.temporaryDirectory("print-tmp")
        do {
            try cups.start()
            try cups.addQueue()
        } catch {
            cups.stop()
            throw error
        }
    }

    override func tearDown() {
        cups?.stop()
        cups?.remove()
        cups = nil
        library?.remove()
        library = nil
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    // MARK: - Helpers

    @discardableResult
    func ibook(_ arguments: String..., environment extra: [String: String] = [:]) throws -> Run.Result {
        try ibook(arguments, environment: extra)
    }

    @discardableResult
    func ibook(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Run.Result {
        var environment = library.environment
        environment["CUPS_SERVER"] = cups.socket
        environment["TMPDIR"] = scratch.path
        environment["LPDEST"] = nil
        environment["PRINTER"] = nil
        for (key, value) in extra { environment[key] = value }
        if arguments.first == "print" { try cups.emptyOutput() }
        return try Run.process(Run.ibookPath, arguments, environment: environment)
    }

    func pdfPages(_ path: String) throws -> Int {
        let info = try Run.process("/usr/bin/pdfinfo", [path])
        guard let line = info.stdout.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }),
              let count = Int(line.split(separator: " ").last ?? "") else { throw RunError.failed(info.stderr) }
        return count
    }

    func pdfText(_ path: String, page: Int? = nil) throws -> String {
        var arguments = [String]()
        if let page { arguments += ["-f", "\(page)", "-l", "\(page)"] }
        return try Run.process("/usr/bin/pdftotext", arguments + [path, "-"]).stdout
    }

    /// The first line of a page's text in the original book.
    func firstLine(_ book: String, page: Int) throws -> String {
        try pdfText(book, page: page).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.count > 8 } ?? ""
    }

    func jobID(_ result: Run.Result) -> Int? {
        guard let line = result.stdoutLines.first(where: { $0.hasPrefix("Sent ") }),
              let id = line.split(separator: " ").last else { return nil }
        return Int(id)
    }

    func connection() throws -> CupsConnection { try CupsConnection(server: cups.socket) }

    func assertNoTemporaryCopies(file: StaticString = #filePath, line: UInt = #line) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix("ibook-print-") }
        XCTAssertEqual(left, [], "temporary copies left behind", file: file, line: line)
    }

    // MARK: - Printers

    func testPrintersListsTheQueueAndMarksTheDefault() throws {
        try cups.admin("lpadmin", "-p", "Second", "-E", "-v", "file:///dev/null", "-P", PrivateCups.ppd)
        try cups.admin("lpadmin", "-d", "Second")
        let table = try ibook("printers")
        XCTAssertEqual(table.status, 0, table.stderr)
        let rows = table.stdoutLines.dropFirst()
        XCTAssertTrue(rows.contains { $0.hasPrefix("*") && $0.contains("Second") }, table.stdout)
        XCTAssertTrue(rows.contains { !$0.hasPrefix("*") && $0.contains("TestPDF") && $0.contains("idle") && $0.contains("accepting") }, table.stdout)
        XCTAssertEqual(table.stdoutLines.first?.split(separator: " "), ["PRINTER", "STATE", "QUEUE", "JOBS", "DESCRIPTION"])

        let json = try ibook("printers", "--json")
        let printers = try JSONDecoder().decode([PrinterInfo].self, from: Data(json.stdout.utf8))
        XCTAssertEqual(Set(printers.map(\.name)), ["Second", "TestPDF"])
        XCTAssertEqual(printers.first { $0.isDefault }?.name, "Second")
        XCTAssertEqual(printers.first { $0.name == "TestPDF" }?.deviceURI, "file://" + cups.output)
        XCTAssertEqual(printers.first { $0.name == "TestPDF" }?.queuedJobs, 0)

        // A held job counts as queued; a stopped queue shows the operator's message.
        try cups.admin("lpadmin", "-p", "TestPDF", "-o", "job-hold-until-default=indefinite")
        XCTAssertEqual(try ibook("print", Fixtures.sampleBook("lighthouses.pdf"), "-d", "TestPDF").status, 0)
        try cups.admin("cupsdisable", "-r", "toner low", "TestPDF")
        let after = try JSONDecoder().decode([PrinterInfo].self, from: Data(try ibook("printers", "--json").stdout.utf8))
        let queue = try XCTUnwrap(after.first { $0.name == "TestPDF" })
        XCTAssertEqual(queue.queuedJobs, 1)
        XCTAssertEqual(queue.state, .stopped)
        XCTAssertEqual(queue.stateMessage, "toner low")
    }

    // MARK: - Pages

    func testPagesByNumberReachThePrinter() throws {
        let book = Fixtures.sampleBook("long-history.pdf")
        let result = try ibook("print", book, "-d", "TestPDF", "--pages", "12-14,20", "--wait")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Sent 4 pages to \"TestPDF\" as job "), result.stdout)
        XCTAssertTrue(result.stdoutLines.last?.hasSuffix("completed") ?? false, result.stdout)
        XCTAssertEqual(try pdfPages(cups.output), 4)
        XCTAssertTrue(try pdfText(cups.output, page: 1).contains(try firstLine(book, page: 12)))
        XCTAssertTrue(try pdfText(cups.output, page: 4).contains(try firstLine(book, page: 20)))
        let job = try connection().job(try XCTUnwrap(jobID(result)))
        // CUPS keeps ranges as ranges: "20" comes back as "20-20".
        XCTAssertEqual(job.attributes["page-ranges"], "12-14,20-20")
    }

    /// A book whose file name is not UTF-8 (Latin-1 "café.pdf") prints like any other.
    func testABookWithALatin1FileNamePrints() throws {
        let folder = scratch.appendingPathComponent("archive")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let staging = folder.appendingPathComponent("staging.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("long-history.pdf"), toPath: staging.path)
        let raw = (Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".pdf".utf8)).map { CChar(bitPattern: $0) } + [0]
        XCTAssertEqual(rename(staging.path, raw), 0)
        XCTAssertEqual(try ibook("add", folder.path).status, 0)
        let result = try ibook("print", "1", "-d", "TestPDF", "--pages", "12", "--wait")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Sent 1 page to \"TestPDF\" as job "), result.stdout)
        XCTAssertEqual(try pdfPages(cups.output), 1)
        XCTAssertTrue(try pdfText(cups.output, page: 1).contains(try firstLine(Fixtures.sampleBook("long-history.pdf"), page: 12)))
    }

    func testPagesByLabelBecomePhysicalPages() throws {
        // long-history.pdf numbers its front matter i–vi: iii-v are pages 3-5.
        let book = Fixtures.sampleBook("long-history.pdf")
        let result = try ibook("print", book, "-d", "TestPDF", "--pages", "iii-v", "--wait", "--json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let plan = output?["plan"] as? [String: Any]
        XCTAssertEqual(plan?["pages"] as? [Int], [3, 4, 5])
        XCTAssertEqual(output?["state"] as? String, "completed")
        XCTAssertEqual(try pdfPages(cups.output), 3)
        XCTAssertEqual(try pdfText(cups.output, page: 1), try pdfText(book, page: 3))

        let lighthouses = Fixtures.sampleBook("lighthouses.pdf")
        let second = try ibook("print", lighthouses, "-d", "TestPDF", "--pages", "ii,iv", "--wait")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try pdfPages(cups.output), 2)
        XCTAssertEqual(try pdfText(cups.output, page: 2), try pdfText(lighthouses, page: 4))

        let unknown = try ibook("print", book, "-d", "TestPDF", "--pages", "xlii")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no page is labelled 'xlii'"), unknown.stderr)
    }

    func testCopiesAndNumberUpCountTheSelectedPages() throws {
        let book = Fixtures.sampleBook("long-history.pdf")
        let copies = try ibook("print", book, "-d", "TestPDF", "--pages", "7-9", "--copies", "2", "--wait")
        XCTAssertEqual(copies.status, 0, copies.stderr)
        XCTAssertTrue(copies.stdout.hasPrefix("Sent 3 pages (2 copies) to \"TestPDF\""), copies.stdout)
        XCTAssertEqual(try pdfPages(cups.output), 6)

        // Four pages two-up are two sheets, and they are the pages asked for
        // (CUPS alone would apply page-ranges to the sheets).
        let nup = try ibook("print", book, "-d", "TestPDF", "--pages", "iii-vi", "--number-up", "2", "--wait")
        XCTAssertEqual(nup.status, 0, nup.stderr)
        XCTAssertEqual(try pdfPages(cups.output), 2)
        let sheets = try pdfText(cups.output)
        for page in 3...6 { XCTAssertTrue(sheets.contains(try firstLine(book, page: page)), "page \(page) missing") }
        XCTAssertFalse(sheets.contains(try firstLine(book, page: 7)))
        try assertNoTemporaryCopies()
    }

    func testOptionsReachTheJob() throws {
        // A held job keeps its attributes for us to read.
        try cups.admin("lpadmin", "-p", "TestPDF", "-o", "job-hold-until-default=indefinite")
        let result = try ibook("print", Fixtures.sampleBook("lighthouses.pdf"), "-d", "TestPDF", "--copies", "3",
                               "--duplex", "short", "--media", "A4", "--fit", "--landscape", "--number-up", "4")
        XCTAssertEqual(result.status, 0, result.stderr)
        let id = try XCTUnwrap(jobID(result), result.stdout)
        let job = try connection().job(id)
        XCTAssertEqual(job.state, .held)
        XCTAssertEqual(job.attributes["copies"], "3")
        XCTAssertEqual(job.attributes["sides"], "two-sided-short-edge")
        XCTAssertEqual(job.attributes["number-up"], "4")
        XCTAssertEqual(job.attributes["orientation-requested"], "landscape")
        XCTAssertEqual(job.attributes["fit-to-page"], "true")
        XCTAssertTrue(job.attributes["media"]?.lowercased().contains("a4") ?? false, "\(job.attributes)")

        let cancelled = try ibook("print", "--cancel", "\(id)")
        XCTAssertEqual(cancelled.status, 0, cancelled.stderr)
        XCTAssertEqual(cancelled.stdout, "Cancelled job \(id)\n")
        XCTAssertEqual(try connection().job(id).state, .canceled)

        let again = try ibook("print", "--cancel", "99999")
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("CUPS has no job 99999"), again.stderr)
    }

    // MARK: - Copies made for the job

    func testWatermarkedCopyIsPrintedAndRemoved() throws {
        let book = Fixtures.sampleBook("lighthouses.pdf")
        let result = try ibook("print", book, "-d", "TestPDF", "--pages", "5-6", "--watermark", "DRAFT COPY",
                               "--color", "red", "--opacity", "0.5", "--angle", "0", "--wait")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try pdfPages(cups.output), 2)
        let text = try pdfText(cups.output)
        XCTAssertTrue(text.contains("DRAFT COPY"), text)
        XCTAssertTrue(text.contains(try firstLine(book, page: 5)))
        XCTAssertFalse(try pdfText(book).contains("DRAFT COPY"), "the original was changed")
        try assertNoTemporaryCopies()

        let styleAlone = try ibook("print", book, "--color", "red")
        XCTAssertEqual(styleAlone.status, 64)
        XCTAssertTrue(styleAlone.stderr.contains("--color styles a watermark: add --watermark TEXT"), styleAlone.stderr)
    }

    func testEncryptedBookNeedsItsPasswordAndPrintsDecrypted() throws {
        let encrypted = scratch.appendingPathComponent("secret.pdf").path
        let made = try Run.process("/usr/bin/qpdf", ["--encrypt", "user-pw", "owner-pw", "256", "--",
                                                      Fixtures.sampleBook("lighthouses.pdf"), encrypted])
        XCTAssertEqual(made.status, 0, made.stderr)

        let without = try ibook("print", encrypted, "-d", "TestPDF")
        XCTAssertEqual(without.status, 1)
        XCTAssertEqual(without.stderr, "Error: \(encrypted): needs a password (use --password)\n")
        let wrong = try ibook("print", encrypted, "-d", "TestPDF", "--password", "nope")
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("wrong password"), wrong.stderr)

        let result = try ibook("print", encrypted, "-d", "TestPDF", "--password", "user-pw", "--pages", "2-3", "--wait")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try pdfPages(cups.output), 2)
        XCTAssertEqual(try pdfText(cups.output, page: 1), try pdfText(Fixtures.sampleBook("lighthouses.pdf"), page: 2))
        try assertNoTemporaryCopies()
    }

    func testOwnerForbidsPrintingUnlessForced() throws {
        let restricted = scratch.appendingPathComponent("no-print.pdf").path
        let made = try Run.process("/usr/bin/qpdf", ["--encrypt", "", "owner-pw", "256", "--print=none", "--",
                                                      Fixtures.sampleBook("lighthouses.pdf"), restricted])
        XCTAssertEqual(made.status, 0, made.stderr)
        let refused = try ibook("print", restricted, "-d", "TestPDF")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("its owner forbids printing"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--force"), refused.stderr)

        let forced = try ibook("print", restricted, "-d", "TestPDF", "--pages", "1", "--force", "--wait")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stderr.contains("printed because of --force"), forced.stderr)
        XCTAssertEqual(try pdfPages(cups.output), 1)
    }

    func testLibraryBookAndABookWhoseFileMoved() throws {
        let copy = scratch.appendingPathComponent("lighthouses.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("lighthouses.pdf"), toPath: copy.path)
        let added = try ibook("add", copy.path)
        XCTAssertEqual(added.status, 0, added.stderr)

        // The open book, by default.
        let printed = try ibook("print", "--pages", "1", "--wait", environment: ["PRINTER": "TestPDF"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(try pdfPages(cups.output), 1)

        try FileManager.default.moveItem(at: copy, to: scratch.appendingPathComponent("moved.pdf"))
        let moved = try ibook("print", "1", "-d", "TestPDF")
        XCTAssertEqual(moved.status, 1)
        XCTAssertTrue(moved.stderr.contains(copy.path), moved.stderr)
        XCTAssertTrue(moved.stderr.contains("moved or was deleted"), moved.stderr)
        XCTAssertEqual(moved.stderr.split(separator: "\n").count, 1, moved.stderr)
    }

    // MARK: - Printer choice and refusals

    func testPrinterChoiceAndErrors() throws {
        let book = Fixtures.sampleBook("lighthouses.pdf")
        // No default, nothing named.
        let none = try ibook("print", book)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.hasPrefix("Error: no printer:"), none.stderr)

        let unknown = try ibook("print", book, "--printer", "Nowhere")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "Error: CUPS has no printer \"Nowhere\" (from --printer); see 'ibook printers'\n")
        let fromEnvironment = try ibook("print", book, environment: ["PRINTER": "Elsewhere"])
        XCTAssertTrue(fromEnvironment.stderr.contains("\"Elsewhere\" (from $PRINTER)"), fromEnvironment.stderr)
        // $LPDEST comes before $PRINTER, as lp has it; --printer before both.
        let lpdest = try ibook("print", book, "--dry-run", environment: ["LPDEST": "Lobby", "PRINTER": "TestPDF"])
        XCTAssertTrue(lpdest.stderr.contains("\"Lobby\" (from $LPDEST)"), lpdest.stderr)
        let named = try ibook("print", book, "--dry-run", "-d", "TestPDF", environment: ["LPDEST": "Lobby"])
        XCTAssertEqual(named.status, 0, named.stderr)

        try cups.admin("lpadmin", "-d", "TestPDF")
        let byDefault = try ibook("print", book, "--pages", "1", "--dry-run")
        XCTAssertEqual(byDefault.status, 0, byDefault.stderr)
        XCTAssertTrue(byDefault.stdout.contains("Printer:  TestPDF"), byDefault.stdout)

        // A stopped printer is warned about; the job is queued all the same
        // (PrintWaitTests: what --wait says of it).
        try cups.admin("cupsdisable", "-r", "out of paper", "TestPDF")
        let stopped = try ibook("print", book, "--pages", "1")
        XCTAssertEqual(stopped.status, 0, stopped.stderr)
        XCTAssertEqual(stopped.stderr, "Warning: printer \"TestPDF\" is stopped (out of paper); start it with cupsenable TestPDF "
                       + "(the job waits in its queue until then)\n")
        let queued = try XCTUnwrap(jobID(stopped), stopped.stdout)
        XCTAssertEqual(try connection().job(queued).state, .pending)
        // Not printed once the printer starts, which would clear the message below.
        try connection().cancel(job: queued)
        try cups.admin("cupsenable", "TestPDF")

        try cups.admin("cupsreject", "-r", "maintenance", "TestPDF")
        let rejecting = try ibook("print", book, "--pages", "1")
        XCTAssertEqual(rejecting.status, 1)
        XCTAssertTrue(rejecting.stderr.contains("printer \"TestPDF\" is rejecting jobs (maintenance)"), rejecting.stderr)
        XCTAssertEqual(rejecting.stdout, "")
    }

    func testNoSchedulerIsOneClearLine() throws {
        let nobody = scratch.appendingPathComponent("nobody.sock").path
        for arguments in [["printers"], ["print", Fixtures.sampleBook("lighthouses.pdf"), "-d", "TestPDF"], ["print", "--cancel", "3"]] {
            let result = try Run.process(Run.ibookPath, arguments, environment: library.environment.merging(["CUPS_SERVER": nobody]) { $1 })
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, "Error: no CUPS scheduler is running at \(nobody) (start cupsd, or set CUPS_SERVER)\n")
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testDryRunSendsNothing() throws {
        let book = Fixtures.sampleBook("long-history.pdf")
        let result = try ibook("print", book, "-d", "TestPDF", "--pages", "ii-iv,10", "--copies", "2", "--duplex", "long", "--dry-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            Printer:  TestPDF
            File:     \(book)
            Pages:    2-4,10 (4 pages)
            Copies:   2
            Options:  copies=2 page-ranges=2-4,10 sides=two-sided-long-edge
            Dry run: nothing was sent.

            """)
        XCTAssertEqual(cups.printedBytes, 0)

        let json = try ibook("print", book, "-d", "TestPDF", "--pages", "vi-7", "--number-up", "2", "--watermark", "X", "--dry-run", "--json")
        XCTAssertEqual(json.status, 0, json.stderr)
        let output = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(output["dryRun"] as? Bool, true)
        XCTAssertNil(output["job"])
        let plan = try XCTUnwrap(output["plan"] as? [String: Any])
        XCTAssertEqual(plan["pages"] as? [Int], [6, 7])
        XCTAssertEqual(plan["pageCount"] as? Int, 2)
        XCTAssertEqual(plan["temporaryCopy"] as? [String], ["watermarked", "selected pages"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "a dry run writes nothing")

        for (arguments, message) in [
            (["--number-up", "3"], "Error: --number-up must be one of 1, 2, 4, 6, 9, 16, not 3"),
            (["--duplex", "sideways"], "Error: --duplex must be long, short or off, not 'sideways'"),
            (["--copies", "0"], "--copies"),
            (["--cancel", "4"], "Error: --cancel JOB cancels a job; it takes no BOOK, --pages or --dry-run"),
        ] {
            let bad = try ibook(["print", book, "-d", "TestPDF"] + arguments)
            XCTAssertEqual(bad.status, 64, "\(arguments)")
            XCTAssertTrue(bad.stderr.hasPrefix(message) || bad.stderr.contains(message), bad.stderr)
        }
        let badJob = try ibook("print", "--cancel", "abc")
        XCTAssertEqual(badJob.status, 64)
        XCTAssertTrue(badJob.stderr.hasPrefix("Error: --cancel takes a job id (a positive number), not 'abc'"), badJob.stderr)
        XCTAssertThrowsError(try connection().job(1)) { error in
            XCTAssertEqual(error as? PrintingError, .jobNotFound(1))
        }
    }
}
