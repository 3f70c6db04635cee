import RenderCommands
import Arguments
import BookLibrary
import BookPrinting
import FileOutput
import Dispatch
import Foundation
import IBookCLI
import PDF
import Printing
import ReflowDocuments
import Watermark

enum PrintCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "A book or a PDF file (default: the open book).", optional: true)
    }

    enum Options {
        static let printer = ValueOption<String>("-d", "--printer", value: "name", help: "The CUPS destination (PRINTER or PRINTER/INSTANCE).")
        static let pages = ValueOption<String>("--pages", value: "range", help: "Pages by number or label: 2-10,15 or iii-v (default all); a book that is not a PDF: its printed pages.")
        static let copies = ValueOption<Int>("--copies", value: "n", in: PrintOptions.copiesRange, help: "Number of copies (default 1).")
        static let duplex = ValueOption<String>("--duplex", value: "long|short|off", help: "Two-sided on the long or short edge, or one-sided.")
        static let numberUp = ValueOption<Int>("--number-up", value: "n", help: "Pages per sheet: 1, 2, 4, 6, 9 or 16.")
        static let media = ValueOption<String>("--media", value: "name", help: "Paper: A4, Letter, Legal, A5…")
        static let fit = Flag("--fit", help: "Scale each page to fit the paper.")
        static let landscape = Flag("--landscape", help: "Print in landscape orientation.")
        static let watermark = ValueOption<String>("--watermark", value: "text", help: "Print a copy with this text stamped on every page (styled with the options below).")
        static let force = Flag("--force", help: "Print a PDF whose owner forbids printing.")
        static let wait = Flag("--wait", help: "Follow the job until it is printed, fails or is stuck (held, stopped…); Ctrl-C cancels it.")
        static let timeout = ValueOption<String>("--timeout", value: "seconds", help: "With --wait: stop waiting after this long (exit 124); the job stays queued.")
        static let dryRun = Flag("--dry-run", help: "Show the printer, pages, options and file; send nothing.")
        static let cancel = ValueOption<String>("--cancel", value: "job", help: "Cancel a job by its id instead of printing.")
    }

    static let spec = CommandSpec(
        name: "print",
        abstract: "Send a book, some of its pages or a watermarked copy to a CUPS printer.",
        discussion: "BOOK is a library book (id, path or part of the title) or a file ibook reads (PDF, EPUB, FB2, MOBI, CBZ, XPS, plain text); with none, the open book. A book that is not a PDF is laid out for print on the paper (--media, else A4, or Letter where the locale's paper is) with 15 mm margins and 11 pt text, and sent as a temporary PDF; its --pages count those printed pages, not the 450×600 pt pages the library reads it in. The printer is --printer, else $LPDEST, else $PRINTER, else the CUPS default (lpoptions included). --pages takes numbers and labels (iii-v,12,A-1), turned into physical pages first. Encrypted books, watermarks and n-up of some pages are sent as a temporary copy in a private folder, removed once CUPS has the job (or on Ctrl-C). A stopped printer is warned about and the job queued; a queue rejecting jobs is refused. --wait ends with one line on every ending: completed (exit 0); aborted, stopped, cancelled by someone else, held, waiting on a stopped printer, the scheduler restarted or gone (exit 1, with CUPS's reason and the way on); --timeout run out (exit 124, the job left queued); Ctrl-C cancels the job (exit 130). ibook talks to CUPS through libcups.",
        positionals: [Arguments.book.positional],
        options: [
            Options.printer.option,
            Options.pages.option,
            Options.copies.option,
            Options.duplex.option,
            Options.numberUp.option,
            Options.media.option,
            Options.fit.option,
            Options.landscape.option,
            Options.watermark.option,
        ] + WatermarkStyle.options + [
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            Options.force.option,
            Options.wait.option,
            Options.timeout.option,
            Options.dryRun.option,
            Options.cancel.option,
            CommonOptions.json.option,
        ])

    /// The JSON of a dry run or a job.
    struct Output: Encodable {
        var job: Int?
        var state: JobState?
        /// How --wait ended.
        var ending: JobEnding?
        var dryRun: Bool
        var plan: PrintPlan
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        if let job = arguments[Options.cancel] {
            if arguments[Arguments.book] != nil || arguments[Options.pages] != nil || arguments[Options.dryRun] {
                throw UsageError("--cancel JOB cancels a job; it takes no BOOK, --pages or --dry-run")
            }
            try cancel(job, arguments, context)
            return
        }
        let usedStyle = WatermarkStyle.given(arguments)
        if arguments[Options.watermark] == nil, let first = usedStyle.first {
            throw UsageError("\(first) styles a watermark: add --watermark TEXT")
        }
        let timeout = try waitTimeout(arguments)
        let request = try makeRequest(arguments, context)
        let fromLibrary = !isFile(arguments[Arguments.book])
        let printer = BookPrinter(connection: try CupsConnection())
        let (plan, destination) = try reporting(request.file, fromLibrary) { try printer.plan(request) }
        if let stopped = destination.info.stoppedWarning {
            context.warning("\(stopped) (the job waits in its queue until then)")
        }

        if arguments[Options.dryRun] {
            if arguments[CommonOptions.json] {
                try context.printJSON(Output(job: nil, state: nil, ending: nil, dryRun: true, plan: plan))
            } else {
                context.stdout.write(describe(plan))
            }
            return
        }

        let scratch = try ScratchFolder(purpose: "print")
        // The Ctrl-C handler holds it too, so it is removed here on every path.
        defer { scratch.remove() }
        let waiting = WaitingJob()
        let interrupt = onInterrupt(scratch, waiting, context)
        defer { interrupt.cancel() }
        // Listening to the queue's job events before the job is sent: who
        // holds or cancels it is heard however soon they do.
        let watch = arguments[Options.wait]
            ? JobWatch(queue: destination.queue, on: printer.connection, leaseSeconds: timeout.map { Int($0) + 60 } ?? 3600)
            : nil
        defer { watch?.close() }
        if let watch, let subscription = watch.subscription { waiting.listen(queue: destination.queue, subscription: subscription) }
        let result = try reporting(request.file, fromLibrary) {
            try printer.send(request, plan: plan, to: destination, scratch: scratch)
        }
        // Nothing ibook wrote is left from here on, however the wait ends.
        scratch.remove()
        // Ctrl-C cancels the job from the moment it is announced.
        if watch != nil { waiting.follow(result.job) }
        let json = arguments[CommonOptions.json]
        if !json {
            let copies = plan.copies > 1 ? " (\(plan.copies) copies)" : ""
            context.stdout.write("Sent \(plan.pageCount) page\(plan.pageCount == 1 ? "" : "s")\(copies) to \"\(plan.printer)\" as job \(result.job)\n")
        }
        var ending: JobEnding?
        if let watch {
            ending = try follow(result.job, watch, timeout: timeout, context)
            watch.close()
            waiting.clear()
        }
        if json {
            try context.printJSON(Output(job: result.job, state: ending?.state, ending: ending, dryRun: false, plan: plan))
        }
        if plan.restrictionOverridden {
            context.warning("\(request.file): its owner forbids printing; printed because of --force")
        }
        if let ending, !ending.succeeded {
            throw ExitCode(status: JobEndingMessage.exitStatus(ending))
        }
    }

    /// --timeout SECONDS, which only --wait takes.
    private static func waitTimeout(_ arguments: ParsedArguments) throws -> TimeInterval? {
        guard let text = arguments[Options.timeout] else { return nil }
        guard arguments[Options.wait] else { throw UsageError("--timeout bounds --wait: add --wait") }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
            throw UsageError("--timeout takes a number of seconds greater than 0, not '\(text)'")
        }
        return seconds
    }

    private static func makeRequest(_ arguments: ParsedArguments, _ context: CommandContext) throws -> PrintRequest {
        let name = arguments[Arguments.book]
        let file = try BookInput.path(name, context)
        var title: String?
        if !isFile(name) { title = try? context.book(named: name).title }
        var request = PrintRequest(file: file, title: title)
        request.password = try PasswordPrompt.password(for: file, context)
        request.pages = arguments[Options.pages]
        request.printer = arguments[Options.printer]
        request.force = arguments[Options.force]
        var options = PrintOptions()
        options.copies = try arguments[Options.copies] ?? 1
        if let duplex = arguments[Options.duplex] {
            guard let parsed = Duplex(rawValue: duplex.lowercased()) else {
                throw UsageError("--duplex must be long, short or off, not '\(duplex)'")
            }
            options.duplex = parsed
        }
        if let numberUp = try arguments[Options.numberUp] {
            guard PrintOptions.numberUpChoices.contains(numberUp) else {
                throw UsageError("--number-up must be one of 1, 2, 4, 6, 9, 16, not \(numberUp)")
            }
            options.numberUp = numberUp
        }
        if let media = arguments[Options.media] {
            guard !media.isEmpty, !media.contains(where: { $0.isWhitespace || $0 == "," }) else {
                throw UsageError("--media takes one paper name such as A4 or Letter, not '\(media)'")
            }
            options.media = media
        }
        options.fitToPage = arguments[Options.fit]
        options.landscape = arguments[Options.landscape]
        request.options = options
        if let text = arguments[Options.watermark] {
            var watermark = WatermarkOptions(text: text)
            try WatermarkStyle.apply(arguments, to: &watermark)
            request.watermark = watermark
        }
        return request
    }

    private static func isFile(_ name: String?) -> Bool {
        guard let name else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: absolutePath(name), isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// File errors name the file; a library book whose file is gone says how to fix it.
    private static func reporting<T>(_ file: String, _ fromLibrary: Bool, _ body: () throws -> T) throws -> T {
        do {
            return try BookInput.reporting(file) {
                do {
                    return try body()
                } catch let error as BookPrintingError {
                    throw FileFailure(file: file, reason: WorkbenchErrorMessage.reason(error))
                } catch let error as ReflowError {
                    throw FileFailure(file: file, reason: error.description)
                }
            }
        } catch let failure as FileFailure where fromLibrary && failure.reason == PDFError.missing.description {
            throw FileFailure(file: file, reason: "no such file (the book's file has moved or was deleted; see 'ibook relocate')")
        }
    }

    private static func cancel(_ text: String, _ arguments: ParsedArguments, _ context: CommandContext) throws {
        guard let id = Int(text), id > 0 else { throw UsageError("--cancel takes a job id (a positive number), not '\(text)'") }
        let connection = try CupsConnection()
        try connection.cancel(job: id)
        if arguments[CommonOptions.json] {
            try context.printJSON(try connection.job(id))
        } else {
            context.stdout.write("Cancelled job \(id)\n")
        }
    }

    /// Follows the job until it ends, and says how in one line: stdout when
    /// it printed, an error otherwise. A progress line on a terminal only.
    private static func follow(_ job: Int, _ watch: JobWatch, timeout: TimeInterval?, _ context: CommandContext) throws -> JobEnding {
        let tty = context.stderr.isTTY
        var shown = false
        defer { if shown { context.stderr.write("\r\u{1B}[2K") } }
        let ending = try watch.follow(job: job, timeout: timeout) { status in
            guard tty else { return }
            context.stderr.write("\r\u{1B}[2K" + status.progressLine)
            shown = true
        }
        if shown {
            context.stderr.write("\r\u{1B}[2K")
            shown = false
        }
        if ending.succeeded {
            if !context.arguments[CommonOptions.json] { context.stdout.write("Job \(ending.job) completed\n") }
        } else {
            context.error(JobEndingMessage.text(ending))
        }
        return ending
    }

    /// Ctrl-C removes the temporary copies and, while --wait follows a job,
    /// asks CUPS to cancel it.
    private static func onInterrupt(_ scratch: ScratchFolder, _ waiting: WaitingJob, _ context: CommandContext) -> DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            scratch.remove()
            let (job, subscription) = waiting.current
            if let job {
                if context.stderr.isTTY { context.stderr.write("\r\u{1B}[2K") }
                do {
                    try CupsConnection().cancel(job: job)
                    context.stderr.write("Cancelled job \(job)\n")
                } catch {
                    context.error("could not cancel job \(job): \(error)")
                }
            }
            if let subscription, let connection = try? CupsConnection() {
                JobWatch.cancelSubscription(subscription.id, queue: subscription.queue, on: connection)
            }
            _exit(130)
        }
        source.resume()
        return source
    }

    private static func describe(_ plan: PrintPlan) -> String {
        var lines = [
            "Printer:  \(plan.printer)",
            "File:     \(plan.file)",
            "Pages:    \(PrintOptions.ranges(plan.pages)) (\(plan.pageCount) page\(plan.pageCount == 1 ? "" : "s"))",
            "Copies:   \(plan.copies)",
            "Options:  \(plan.options.isEmpty ? "none" : plan.options.map { "\($0.name)=\($0.value)" }.joined(separator: " "))",
        ]
        if !plan.temporaryCopy.isEmpty {
            lines.append("Sends:    a temporary copy (\(plan.temporaryCopy.joined(separator: ", "))), removed once CUPS has the job")
        }
        if plan.restrictionOverridden { lines.append("Note:     the owner forbids printing; --force overrides it") }
        lines.append("Dry run: nothing was sent.")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What --wait holds at the scheduler, for the Ctrl-C handler to let go
/// of: the job it follows, and the subscription to its queue's job events.
private final class WaitingJob: @unchecked Sendable {
    private let lock = NSLock()
    private var job: Int?
    private var subscription: (id: Int, queue: String)?

    var current: (job: Int?, subscription: (id: Int, queue: String)?) {
        lock.lock()
        defer { lock.unlock() }
        return (job, subscription)
    }

    func listen(queue: String, subscription id: Int) {
        lock.lock()
        subscription = (id, queue)
        lock.unlock()
    }

    func follow(_ job: Int) {
        lock.lock()
        self.job = job
        lock.unlock()
    }

    /// The wait is over (its subscription ended): Ctrl-C now cancels nothing.
    func clear() {
        lock.lock()
        job = nil
        subscription = nil
        lock.unlock()
    }
}
