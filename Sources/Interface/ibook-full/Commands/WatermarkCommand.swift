import RenderCommands
import FileNames
import Arguments
import BookIndexing
import BookLibrary
import Dispatch
import FileOutput
import Foundation
import IBookCLI
import PDF
import PageRanges
import Watermark

enum WatermarkCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "A book or a PDF file (default: the open book).", optional: true)
    }

    enum Options {
        static let text = ValueOption<String>("--text", value: "text", help: "The watermark text (required).")
        static let pages = ValueOption<String>("--pages", value: "range", help: "Pages to stamp, by number or label: 2-10,15 or iv-x (default all).")
        static let inPlace = Flag("--in-place", help: "Replace the input file instead of writing a new one.")
        static let output = WorkbenchOptions.output("Where to write the watermarked PDF (with --preview: the PNG).")
        static let add = WorkbenchOptions.add("the watermarked PDF")
    }

    static let spec = CommandSpec(
        name: "watermark",
        abstract: "Stamp text on the pages of a PDF, writing a new file.",
        discussion: "The watermark is vector text laid over (or under) the pages; the text stays selectable and the outline, links, page labels, metadata and annotations are kept. Rotated pages get the watermark upright as displayed. BOOK is a library book (id, path or part of the title) or any PDF file; with none, the open book.",
        positionals: [Arguments.book.positional],
        options: [
            Options.output.option,
            Options.text.option,
        ] + WatermarkStyle.options + [
            Options.pages.option,
            WorkbenchOptions.previewLabelled.option,
            WorkbenchOptions.previewSize.option,
            Options.inPlace.option,
            Options.add.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            CommonOptions.json.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var options = try watermarkOptions(arguments)
        let inPlace = arguments[Options.inPlace]
        let preview = arguments[WorkbenchOptions.previewLabelled]
        let output = arguments[Options.output]
        switch (output, inPlace, preview) {
        case (_?, true, _): throw UsageError("Give either -o/--output or --in-place, not both")
        case (nil, false, _): throw UsageError("Missing -o/--output (or --in-place to replace the input)")
        case (_, true, _?): throw UsageError("--preview writes a PNG: give it -o page.png instead of --in-place")
        default: break
        }
        if preview != nil, arguments[Options.add] { throw UsageError("--add cannot be used with --preview") }
        // Refused before anything is written, not after.
        if arguments[Options.add] { try context.library().requireWritable() }
        let input = try BookInput.path(arguments[Arguments.book], context)
        if options.password == nil { options.password = try PasswordPrompt.password(for: input, context) }
        let watermarker = Watermarker(options: options)

        if let preview, let output {
            let size = try WorkbenchOptions.previewPixels(arguments)
            let png = absolutePath(output)
            try BookInput.reporting(input) { try watermarker.preview(input: input, page: preview, png: png, maxPixels: size) }
            context.stdout.write(FileName.displayed(png) + "\n")
            return
        }

        let destination = inPlace ? input : absolutePath(output ?? input)
        let progress = PercentLine(terminal: context.stderr, title: "Watermarking")
        let interrupt = removeTemporaryFilesOnInterrupt(destination, progress)
        defer { interrupt.cancel() }
        let result = try BookInput.reporting(input) {
            try watermarker.watermark(input: input, output: destination, overwritingInput: inPlace,
                                      progress: progress.map { line in { line.show($0) } })
        }
        progress?.clear()
        if arguments[CommonOptions.json] {
            try context.printJSON(result)
        } else {
            context.stdout.write(FileName.displayed(result.output) + "\n")
        }
        if arguments[Options.add] { try addToLibrary(result.output, password: options.password, context) }
    }

    /// qpdf cannot be stopped midway, so Ctrl-C removes the half-written
    /// temporary file and leaves; the output itself is never touched.
    private static func removeTemporaryFilesOnInterrupt(_ destination: String, _ progress: PercentLine?) -> DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            AtomicFile.removeLeftovers(for: destination)
            let scratch = NSTemporaryDirectory()
            for name in (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? [] where name.hasPrefix(Watermarker.scratchPrefix) {
                try? FileManager.default.removeItem(atPath: (scratch as NSString).appendingPathComponent(name))
            }
            progress?.clear()
            _exit(130)
        }
        source.resume()
        return source
    }

    private static func watermarkOptions(_ arguments: ParsedArguments) throws -> WatermarkOptions {
        guard let text = arguments[Options.text] else { throw UsageError("Missing --text") }
        var options = WatermarkOptions(text: text)
        try WatermarkStyle.apply(arguments, to: &options)
        options.pages = arguments[Options.pages]
        options.password = try PasswordSource.resolve(arguments)
        return options
    }

    private static func addToLibrary(_ path: String, password: String?, _ context: CommandContext) throws {
        var options = AddOptions()
        options.password = password
        var failure: String?
        _ = try context.library().add(paths: [path], options: options, onResult: { result in
            switch result.status {
            case .added, .alreadyPresent:
                guard let book = result.book else { return }
                context.stdout.write("\(result.status == .added ? "Added" : "Already in library as") #\(book.id) \(book.title)\n")
            case .failed:
                failure = result.reason ?? "failed"
            }
        })
        if let failure { throw FileFailure(file: path, reason: failure) }
    }
}
