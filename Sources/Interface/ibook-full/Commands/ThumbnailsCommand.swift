import Arguments
import BookIndexing
import BookLibrary
import Dispatch
import FileOutput
import Foundation
import IBookCLI

enum ThumbnailsCommand: Command {
    static let defaults = ContactSheetOptions()

    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title (default: the open book).", optional: true)
    }

    enum Options {
        static let sheet = Flag("--sheet", help: "Draw one contact sheet instead of a PNG per page.")
        static let output = ValueOption<String>("-o", "--output", value: "path", help: "The sheet's PNG with --sheet, else the folder for the page PNGs (required).")
        static let pages = ValueOption<String>("--pages", value: "range", help: "Pages by number or label: 2-10,15 or iv-x (default all).")
        static let columns = ValueOption<Int>("--columns", value: "n", in: ContactSheetOptions.columnRange, help: "Thumbnails per row of the sheet (default \(defaults.columns)).")
        static let size = ValueOption<Int>("--size", value: "px", in: ContactSheetOptions.sizeRange, help: "Longer side of each thumbnail in pixels (default \(defaults.thumbnailSize)).")
        static let maxHeight = ValueOption<Int>("--max-height", value: "px", in: ContactSheetOptions.sheetHeightRange, help: "Split the sheet into numbered PNGs no taller than this (default \(defaults.maximumSheetHeight)).")
    }

    static let spec = CommandSpec(
        name: "thumbnails",
        abstract: "Write thumbnails of many pages: a contact sheet PNG, or one PNG per page in a folder.",
        discussion: "With --sheet, -o names the PNG of a grid of captioned thumbnails (\"12\", or \"12 (xii)\" where the page has a label); a sheet taller than --max-height is split into numbered files (sheet-1.png, sheet-2.png…). Without it, -o names a folder that gets page-001.png… Every file written is printed, one per line. A page that cannot be rendered is a warning, a grey cell on the sheet, and no file in the folder.",
        positionals: [Arguments.book.positional],
        options: [
            Options.sheet.option,
            Options.output.option,
            Options.pages.option,
            Options.columns.option,
            Options.size.option,
            Options.maxHeight.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        guard let output = arguments[Options.output] else {
            throw UsageError("Missing -o/--output (the sheet's PNG with --sheet, else a folder)")
        }
        let sheet = arguments[Options.sheet]
        if !sheet, arguments.contains(Options.columns) || arguments.contains(Options.maxHeight) {
            throw UsageError("--columns and --max-height shape a contact sheet: add --sheet")
        }
        var options = ContactSheetOptions(pages: arguments[Options.pages], password: try context.password())
        options.columns = try arguments[Options.columns] ?? defaults.columns
        options.thumbnailSize = try arguments[Options.size] ?? defaults.thumbnailSize
        options.maximumSheetHeight = try arguments[Options.maxHeight]
            ?? defaults.maximumSheetHeight
        let book = try context.book(Arguments.book)

        let destination = absolutePath(output)
        let progress = PercentLine(terminal: context.stderr, title: sheet ? "Drawing the sheet" : "Writing thumbnails")
        let interrupt = removeTemporaryFilesOnInterrupt(in: sheet ? (destination as NSString).deletingLastPathComponent : destination,
                                                        progress)
        defer { interrupt.cancel() }
        let report = progress.map { line in { (done: Int, total: Int) in line.show(done: done, of: total) } }
        let written: ThumbnailFiles
        do {
            written = sheet
                ? try context.library().contactSheets(of: book, to: destination, options: options, progress: report)
                : try context.library().pageImages(of: book, into: destination, options: options, progress: report)
        } catch {
            progress?.clear()
            throw error
        }
        progress?.clear()
        for page in written.unrendered {
            context.warning("\(book.path): page \(page.page) could not be rendered (\(page.reason))")
        }
        written.files.forEach { context.stdout.write($0 + "\n") }
    }

    /// Sheets already written stay, complete; the one being written is never
    /// left half-done under a temporary name.
    private static func removeTemporaryFilesOnInterrupt(in folder: String, _ progress: PercentLine?) -> DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            AtomicFile.removeLeftovers(inFolder: folder)
            progress?.clear()
            _exit(130)
        }
        source.resume()
        return source
    }
}
