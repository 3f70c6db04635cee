import RenderCommands
import FileNames
import Arguments
import BookIndexing
import BookLibrary
import Dispatch
import Foundation
import IBookCLI
import OCR
import PDF

enum AddCommand: Command {
    enum Arguments {
        static let path = RepeatedArgument<String>("path", help: "A book file or a folder.")
    }

    enum Options {
        static let timeout = ValueOption<Double>("--timeout", value: "seconds", in: 0.1...86_400, help: "Give up on a file after this long (default 60).")
        static let memoryLimit = ValueOption<Int>("--memory-limit", value: "mb", in: 16...1 << 20, help: "Memory a file's reader may use before it is stopped (default 4096).")
        static let jobs = ValueOption<Int>("--jobs", value: "n", in: 1...64, help: "Files extracted at once (default: the number of cores).")
        static let inProcess = Flag("--in-process", help: "Extract in this process: no protection from parser crashes or hangs.")
        static let ocr = ValueOption<String>("--ocr", value: "when", help: "OCR pages: auto (those without text, the default), always (every page), never.")
        static let ocrWait = Flag("--ocr-wait", help: "Read the pages OCR is for before returning, rather than in the background.")
        static let ocrLang = ValueOption<String>("--ocr-lang", value: "langs", help: "Tesseract languages joined by +, such as eng+deu+chi_sim (default: the book's language where known and installed, else the installed ones that fit each page's script, else eng).")
        static let ocrMinConfidence = ValueOption<Double>("--ocr-min-confidence", value: "n", in: 0...100, help: "Drop OCR words tesseract is less sure of than n % (default \(Int(ConfidenceFilter.defaultMinimumWordConfidence)); 0 keeps all); a page whose words stay below \(Int(ConfidenceFilter.minimumPageConfidence)) % on average is a picture, with no text.")
        static let json = Flag("--json", help: "Print one JSON object per file.")
    }

    static let spec = CommandSpec(
        name: "add",
        abstract: "Add books to the library: PDF, EPUB, FB2, CBZ, XPS, MOBI and plain text.",
        discussion: "Indexes metadata, page labels, the outline, the text of every page and a cover thumbnail. Folders are searched recursively for .pdf, .epub, .fb2, .cbz, .xps, .mobi and .txt files; a file's format is told from its content. Books that are not PDFs are laid out at one reference page size (450 × 600 pt, 12 pt type), whose pages are their page numbers everywhere. The same content is never added twice. Adding a single file makes it the open book. PDF pages with no text (scans) wait for OCR once the batch's text is in and searchable: add starts 'ibook ocr --pending' in the background to read them (in worker processes, one per core; its messages go to ocr.log in the library's folder), and returns; 'ibook ocr --pending' waits for them, and the next add or 'ibook view' of such a book starts the reading again if it was stopped. With --ocr-wait (or --ocr always, or a --password) they are read before add returns.",
        positionals: [Arguments.path.positional],
        options: [
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            Options.timeout.option,
            Options.memoryLimit.option,
            Options.jobs.option,
            Options.inProcess.option,
            Options.ocr.option,
            Options.ocrWait.option,
            Options.ocrLang.option,
            Options.ocrMinConfidence.option,
            Options.json.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var options = AddOptions()
        options.password = try context.password()
        if let timeout = try arguments[Options.timeout] { options.timeout = timeout }
        if let jobs = try arguments[Options.jobs] { options.workers = jobs }
        if let megabytes = try arguments[Options.memoryLimit] { options.memoryLimit = UInt64(megabytes) << 20 }
        if let mode = arguments[Options.ocr] {
            guard let parsed = OCRMode(rawValue: mode) else {
                throw UsageError("--ocr takes auto, always or never, not '\(mode)'")
            }
            options.ocrMode = parsed
        }
        if let languages = arguments[Options.ocrLang], options.ocrMode != .never {
            options.ocrLanguages = try OCRLanguages.parse(languages)
        }
        if let confidence = try arguments[Options.ocrMinConfidence] {
            options.ocrFilter = ConfidenceFilter(minimumWordConfidence: confidence)
        }
        if !arguments[Options.inProcess] {
            options.isolation = .workerProcess(executable: currentExecutable())
        }
        // A run in the background has no password to open a locked book with.
        options.ocrWaits = arguments[Options.ocrWait] || options.password != nil
        let library = try context.library()
        try library.requireMayAddBooks()
        let json = arguments[Options.json]
        let progress = ProgressBar(terminal: context.stderr)
        let stop = StopFlag()
        let interrupt = interruptSource(stop)
        defer { interrupt.cancel() }

        // On a terminal, a locked file given no password is asked for after
        // the batch (so nothing waits behind a question) and added then.
        let mayAsk = options.password == nil && !json && PasswordSource.canPrompt
        var locked: [String] = []
        func report(_ result: AddResult) {
            progress?.clear()
            if context.verbose {
                for line in result.diagnostics { context.stderr.write("poppler: \(FileName.displayed(result.path)): \(line)\n") }
            }
            if json {
                try? context.printJSON(result)
                if result.status == .failed { context.error("\(FileName.displayed(result.path)): \(PDFErrorMessage.reason(result.reason ?? "failed"))") }
                return
            }
            switch result.status {
            case .added:
                guard let book = result.book else { return }
                context.stdout.write("\(context.stdout.style("Added", .green)) #\(book.id) \(book.title) (\(book.pageCount) page\(book.pageCount == 1 ? "" : "s"))\n")
            case .alreadyPresent:
                guard let book = result.book else { return }
                let relinked = result.relinked ? " (its file had moved: now \(FileName.displayed(result.path)))" : ""
                context.stdout.write("\(FileName.displayed(result.path)): already in library as #\(book.id)\(relinked)\n")
            case .failed:
                if mayAsk, result.reason == PDFError.passwordRequired.description {
                    locked.append(result.path)
                    return
                }
                context.error("\(FileName.displayed(result.path)): \(PDFErrorMessage.reason(result.reason ?? "failed"))")
            }
        }
        func reportOCRProgress(_ step: OCRProgress) {
            progress?.updateOCR(done: step.pagesDone, total: step.pagesTotal, pagesPerSecond: step.pagesPerSecond,
                                name: step.bookTitle)
        }
        func reportOCR(_ result: OCRBookResult) {
            progress?.clear()
            OCRCommand.report(result, json: json, context)
        }
        var summary = library.add(
            paths: arguments[Arguments.path], options: options, stop: stop,
            onProgress: { step in
                guard step.filesTotal > 1 else { return }
                progress?.update(done: step.filesDone, total: step.filesTotal, pages: step.pagesDone, name: step.currentName)
            },
            onResult: report, onOCRProgress: reportOCRProgress, onOCRResult: reportOCR)
        progress?.clear()
        let asking = locked
        locked = []
        for path in asking where !summary.interrupted {
            var retry = options
            retry.password = try PasswordPrompt.ask(for: path)
            let again = library.add(paths: [path], options: retry, stop: stop, onResult: report,
                                    onOCRProgress: reportOCRProgress, onOCRResult: reportOCR)
            summary.failed += again.failed - 1
            summary.added += again.added
            summary.ocrPages += again.ocrPages
            summary.ocrFailed += again.ocrFailed
            summary.ocrError = summary.ocrError ?? again.ocrError
            progress?.clear()
        }
        for path in locked { context.error("\(FileName.displayed(path)): \(PDFErrorMessage.reason(.passwordRequired))") }
        if let reason = summary.ocrError { context.error("not read by OCR: \(reason)") }
        if summary.ocrQueued > 0, !summary.interrupted {
            let command = OCRCommand.backgroundRun(library, languages: arguments[Options.ocrLang],
                                                   minimumConfidence: try arguments[Options.ocrMinConfidence])
            if !OCRQueue(library: library).startInBackground(command) {
                context.error("OCR could not be started in the background: run 'ibook ocr --pending'")
            }
        }
        var parts = ["\(summary.added) added", "\(summary.alreadyPresent) already present", "\(summary.failed) failed"]
        if summary.notTried > 0 { parts.append("\(summary.notTried) not tried (run the same add again)") }
        if summary.ocrPages > 0 || summary.ocrFailed > 0 {
            parts.append("\(summary.ocrPages) page\(summary.ocrPages == 1 ? "" : "s") read by OCR")
        }
        if summary.ocrQueued > 0, !summary.interrupted {
            parts.append("\(summary.ocrQueued) page\(summary.ocrQueued == 1 ? "" : "s") without text being read by OCR in the background ('ibook ocr --pending' waits for them)")
        }
        if summary.interrupted { parts.insert("interrupted", at: 0) }
        context.stderr.write(parts.joined(separator: ", ") + "\n")
        if summary.interrupted { throw ExitCode(status: 130) }
        if summary.failed > 0 || summary.ocrFailed > 0 || summary.ocrError != nil { throw ExitCode(status: ExitCode.failure) }
    }

    /// "OCR #3 Scan: 12 pages read, 11 with text, mean confidence 91%".
    static func ocrLine(_ result: OCRBookResult, style: Terminal) -> String {
        var line = "\(style.style("OCR", .green)) #\(result.book.id) \(result.book.title): \(result.pagesRead) page\(result.pagesRead == 1 ? "" : "s") read"
        if result.pagesWithText != result.pagesRead { line += ", \(result.pagesWithText) with text" }
        if let confidence = result.meanConfidence { line += String(format: ", mean confidence %.0f%%", confidence) }
        return line
    }

    /// Ctrl-C asks the indexer to stop after the book it is committing.
    static func interruptSource(_ stop: StopFlag) -> DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { stop.set() }
        source.resume()
        return source
    }

    static func currentExecutable() -> String {
        PathName.runningBinary()
    }
}
