import Arguments
import BookIndexing
import BookLibrary
import FileNames
import Foundation
import IBookCLI
import OCR
import PageRanges
import SearchablePDF

enum OCRCommand: Command {
    static let requires: LibraryCapabilities = [.ocr]

    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title (default: the open book).", optional: true)
    }

    enum Options {
        static let all = Flag("--all", help: "Every book in the library.")
        static let pending = Flag("--pending", help: "The pages add left waiting for OCR, and those of books queued meanwhile; if a run in the background is reading them, wait for it first.")
        static let background = Flag("--background", help: "With --pending: return at once if another run is reading the queue (it reads what is waiting now). What add starts; it reads with half the cores (--jobs), leaving the others to the user.")
        static let pages = ValueOption<String>("--pages", value: "range", help: "Only these pages, by number or label: 2-10,15 or iv-x.")
        static let lang = ValueOption<String>("--lang", value: "langs", help: "Tesseract languages joined by +, such as eng+deu+chi_sim.")
        static let minConfidence = ValueOption<Double>("--min-confidence", value: "n", in: 0...100, help: "Drop words tesseract is less sure of than n % (default \(Int(ConfidenceFilter.defaultMinimumWordConfidence)); 0 keeps all).")
        static let force = Flag("--force", help: "Read again pages OCR has read before.")
        static let output = ValueOption<String>("-o", "--output", value: "file", help: "Write a searchable copy of the book's PDF here instead.")
        static let everyPage = Flag("--every-page", help: "Read pages that have a text layer too, replacing it.")
        static let timeout = ValueOption<Double>("--timeout", value: "seconds", in: 1...86_400, help: "Give up on a page after this long (default 120).")
        static let jobs = ValueOption<Int>("--jobs", value: "n", in: 1...64, help: "Pages read at once (default: the number of cores).")
        static let inProcess = Flag("--in-process", help: "Read in this process: no protection from crashes or hangs.")
    }

    static let spec = CommandSpec(
        name: "ocr",
        abstract: "Read the pages of a book that have no text with OCR (tesseract).",
        discussion: "Pages with no text layer (or almost none) that OCR has not read yet are rendered at 300 dpi, turned upright, read with tesseract in worker processes (one per core) and stored like extracted text: searchable, readable, marked as OCR with tesseract's confidence, with word boxes. Each page is stored as it is read, so Ctrl-C loses nothing and the next run goes on from there. Books added before ibook had OCR get their text-less pages read the same way. Languages: --lang, else the book's language where it is known (ibook edit --language, the PDF's metadata, its text) and installed, else the installed tesseract languages that fit each page's script, else English; a known language that is not installed is said once, with the Debian package to install. Words tesseract is unsure of (--min-confidence) are dropped, and a page whose words are still unsure on average is a picture: it is stored as read, with no text. With -o, a copy of the PDF is written with the words OCR found laid invisibly under every page that has no text of its own, so that other tools (pdftotext, viewers) find and copy them on the right page; the words stored in the library are used, and only pages OCR never read (all of them with --force) are read, and stored, first. The copy appears whole or not at all.",
        positionals: [Arguments.book.positional],
        options: [
            Options.all.option,
            Options.pending.option,
            Options.background.option,
            Options.pages.option,
            Options.lang.option,
            Options.minConfidence.option,
            Options.force.option,
            Options.output.option,
            Options.everyPage.option,
            Options.timeout.option,
            Options.jobs.option,
            Options.inProcess.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            CommonOptions.json.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var options = OCROptions()
        options.password = try context.password()
        options.force = arguments[Options.force]
        if arguments[Options.everyPage] { options.mode = .always }
        if let languages = arguments[Options.lang] { options.languages = try OCRLanguages.parse(languages) }
        if let confidence = try arguments[Options.minConfidence] {
            options.filter = ConfidenceFilter(minimumWordConfidence: confidence)
        }
        if let timeout = try arguments[Options.timeout] { options.timeout = timeout }
        if let jobs = try arguments[Options.jobs] { options.workers = jobs }
        if !arguments[Options.inProcess] { options.isolation = .workerProcess(executable: AddCommand.currentExecutable()) }
        let library = try context.library()
        if let output = arguments[Options.output] {
            guard !arguments[Options.all], arguments[Options.pages] == nil, !arguments[Options.everyPage] else {
                throw UsageError("-o writes one book's copy: without --all, --pages or --every-page")
            }
            try writeCopy(of: try context.book(Arguments.book), to: output, options: options,
                          library: library, json: arguments[CommonOptions.json], context)
            return
        }
        if arguments[Options.pending] {
            guard try context.bookName(Arguments.book) == nil, !arguments[Options.all], arguments[Options.pages] == nil,
                  !arguments[Options.everyPage], !options.force else {
                throw UsageError("--pending reads the queue of every book: without a book, --all, --pages, --every-page or --force")
            }
            try readQueue(library, options: options, background: arguments[Options.background],
                          jobsGiven: arguments.contains(Options.jobs), json: arguments[CommonOptions.json], context)
            return
        }
        if arguments[Options.background] { throw UsageError("--background goes with --pending") }
        let books: [Book]
        if arguments[Options.all] {
            guard try context.bookName(Arguments.book) == nil else { throw UsageError("Give a book or --all, not both") }
            books = try library.list()
        } else {
            books = [try context.book(Arguments.book)]
        }
        if let range = arguments[Options.pages] {
            guard books.count == 1, let book = books.first else { throw UsageError("--pages needs one book") }
            let labels = try library.info(book).labelledPages ?? []
            var parser = PageRangeParser(pageCount: book.pageCount, labels: { labels })
            options.pages = Set(try parser.parse(range))
        }

        let json = arguments[CommonOptions.json]
        let progress = ProgressBar(terminal: context.stderr)
        let stop = StopFlag()
        let interrupt = AddCommand.interruptSource(stop)
        defer { interrupt.cancel() }
        let run = RunReport(progress: progress, json: json, context)
        let summary = try library.ocr(books, options: options, stop: stop, onProgress: run.step, onResult: run.book)
        progress?.clear()
        var line = summary.pagesRead == 0 && summary.pagesFailed == 0 && !summary.interrupted
            ? "no pages to read: every page has text or was read by OCR before (--force reads them again)"
            : "\(summary.pagesRead) page\(summary.pagesRead == 1 ? "" : "s") read by OCR in "
                + String(format: "%.1f s (%.2f pages/s)", summary.seconds,
                         summary.seconds > 0 ? Double(summary.pagesRead) / summary.seconds : 0)
        if summary.interrupted { line = "interrupted, " + line + "; 'ibook ocr' goes on from here" }
        context.stderr.write(line + "\n")
        if summary.interrupted { throw ExitCode(status: 130) }
        if run.failed > 0 { throw ExitCode(status: ExitCode.failure) }
    }

    /// The bar of a run of OCR and its books' lines, and how many pages failed.
    private final class RunReport {
        let progress: ProgressBar?
        let json: Bool
        let context: CommandContext
        var failed = 0

        init(progress: ProgressBar?, json: Bool, _ context: CommandContext) {
            self.progress = progress
            self.json = json
            self.context = context
        }

        func step(_ step: OCRProgress) {
            progress?.updateOCR(done: step.pagesDone, total: step.pagesTotal, pagesPerSecond: step.pagesPerSecond,
                                name: step.bookTitle)
        }

        func book(_ result: OCRBookResult) {
            progress?.clear()
            failed += result.failures.count
            OCRCommand.report(result, json: json, context)
        }
    }

    /// A book's OCR: its failures and notice on stderr, its line (or JSON) on stdout.
    static func report(_ result: OCRBookResult, json: Bool, _ context: CommandContext) {
        for failure in result.failures { context.error("\(FileName.displayed(result.book.path)): \(failure)") }
        if let notice = result.languageNotice { context.stderr.write(notice + "\n") }
        if json {
            try? context.printJSON(result)
        } else {
            context.stdout.write(AddCommand.ocrLine(result, style: context.stdout) + "\n")
        }
    }

    /// What `add` and `view` start to read the queue in the background.
    static func backgroundRun(_ library: Library, languages: String? = nil, minimumConfidence: Double? = nil) -> [String] {
        var command = [AddCommand.currentExecutable(), "ocr", "--pending", "--background", "--library", library.location.directory]
        if let languages { command += ["--lang", languages] }
        if let minimumConfidence { command += ["--min-confidence", String(minimumConfidence)] }
        return command
    }

    /// `--pending`: the queue `add` leaves, read by one run at a time.
    private static func readQueue(_ library: Library, options: OCROptions, background: Bool, jobsGiven: Bool,
                                  json: Bool, _ context: CommandContext) throws {
        var options = options
        // A run in the background leaves half the cores to what the user does meanwhile. Not
        // by a lower priority: on a busy machine that starves it, and `ocr --pending` waits on it.
        if background, !jobsGiven { options.workers = max(1, options.workers / 2) }
        let progress = ProgressBar(terminal: context.stderr)
        let stop = StopFlag()
        let interrupt = AddCommand.interruptSource(stop)
        defer { interrupt.cancel() }
        let run = RunReport(progress: progress, json: json, context)
        let summary = try OCRQueue(library: library).drain(
            options: options, stop: stop, waitsForOther: !background,
            onWaiting: { left in progress?.updateWaiting(pagesLeft: left) }, onProgress: run.step, onResult: run.book)
        progress?.clear()
        if summary.leftToOtherRun {
            context.stderr.write("another run is reading the pages waiting for OCR\n")
            return
        }
        let nothingLeft = summary.waitedForOtherRun
            ? "the run in the background read the pages that waited for OCR (its lines are in \(library.location.directory)/ocr.log)"
            : "no pages wait for OCR"
        var line = summary.pagesRead == 0 && summary.pagesFailed == 0
            ? nothingLeft
            : "\(summary.pagesRead) page\(summary.pagesRead == 1 ? "" : "s") read by OCR"
        if summary.pagesFailed > 0 {
            line += "; \(summary.pagesFailed) could not be read ('ibook ocr BOOK' tries them again)"
        }
        if summary.interrupted { line = "interrupted, " + line + "; 'ibook ocr --pending' goes on from here" }
        context.stderr.write(line + "\n")
        if summary.interrupted { throw ExitCode(status: 130) }
        if run.failed > 0 { throw ExitCode(status: ExitCode.failure) }
    }

    private static func writeCopy(of book: Book, to output: String, options: OCROptions, library: Library, json: Bool,
                                  _ context: CommandContext) throws {
        let progress = ProgressBar(terminal: context.stderr)
        let stop = StopFlag()
        let interrupt = AddCommand.interruptSource(stop)
        defer { interrupt.cancel() }
        var failed = 0
        let copy: SearchableCopy
        do {
            copy = try library.writeSearchableCopy(
                of: book, to: output, options: options, stop: stop,
                onProgress: { step in
                    progress?.updateOCR(done: step.pagesDone, total: step.pagesTotal,
                                        pagesPerSecond: step.pagesPerSecond, name: step.bookTitle)
                },
                onResult: { result in
                    progress?.clear()
                    failed += result.failures.count
                    for failure in result.failures { context.error("\(result.book.path): \(failure)") }
                    if let notice = result.languageNotice { context.stderr.write(notice + "\n") }
                })
        } catch SearchableCopyError.interrupted {
            progress?.clear()
            context.stderr.write("interrupted: \(output) not written; the pages read so far are stored\n")
            throw ExitCode(status: 130)
        } catch {
            progress?.clear()
            throw error
        }
        progress?.clear()
        if json {
            try context.printJSON(copy)
        } else {
            context.stdout.write("\(copy.output)\n")
            let read = copy.pagesRead > 0 ? ", \(copy.pagesRead) page\(copy.pagesRead == 1 ? "" : "s") read by OCR first" : ""
            context.stderr.write("text laid under \(copy.pages.count) page\(copy.pages.count == 1 ? "" : "s") (\(copy.languages.joined(separator: "+"))\(read))\n")
        }
        if failed > 0 { throw ExitCode(status: ExitCode.failure) }
    }
}
