import RenderCommands
import Arguments
import BookIndexing
import BookLibrary
import FileOutput
import Foundation
import IBookCLI
import Raster
import TerminalIO

/// `ibook show`: one page as a picture in the terminal, or as PNG where the
/// output is not a terminal.
enum ShowCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title (default: the open book).", optional: true)
        static let page = Argument<String>("page", help: "A page number or label (default 1).", optional: true)
    }

    enum Options {
        static let width = ValueOption<Int>("--width", value: "cols", in: cellRange, help: "Width in terminal columns (default: the terminal's width).")
        static let height = ValueOption<Int>("--height", value: "rows", in: cellRange, help: "Height in terminal rows (default: the terminal's height, less a line).")
        static let dark = Flag("--dark", help: "Light text on dark: the page's colours inverted.")
        static let output = ValueOption<String>("-o", "--output", value: "file", help: "Write the page as PNG to this file.")
    }

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show a page as a picture in the terminal (PNG when piped or with -o).",
        discussion: "On a terminal the page is drawn with the best protocol it speaks: kitty graphics (kitty, ghostty, WezTerm, Konsole), iTerm2 inline images, sixel (foot, mlterm, xterm -ti vt340, Windows Terminal), or coloured block characters anywhere else; --graphics or $IBOOK_GRAPHICS chooses one. The page fills the terminal's width and fits its height unless --width or --height says otherwise. Piped or with -o, the page is written as PNG with a cell counting as \(pngCell.width)×\(pngCell.height) pixels (80 columns unless --width), and never an escape code.",
        positionals: [
            Arguments.book.positional,
            Arguments.page.positional,
        ],
        options: [
            GraphicsOption.graphics.option,
            Options.width.option,
            Options.height.option,
            Options.dark.option,
            Options.output.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
        ])

    /// The size of a cell when there is no terminal to ask.
    static let pngCell = TerminalSize.defaultCellSize
    static let cellRange = 1...1000

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let environment = ProcessInfo.processInfo.environment
        let requested = try GraphicsOption.requested(arguments, environment: environment)
        let box = (columns: try arguments[Options.width], rows: try arguments[Options.height])
        let (book, pageName) = try context.bookAndPage(book: Arguments.book, page: Arguments.page)
        let library = try context.library()
        let page = try library.locate(PageReference(pageName ?? "1"), in: book).page
        let password = try PasswordPrompt.password(for: book.path, context)
        let render = { (width: Int, height: Int) throws -> RasterImage in
            let image = try library.pageImage(of: book, page: page, fittingWidth: width, height: height, password: password)
            return arguments[Options.dark] ? image.inverted() : image
        }
        if requested == .text {
            try printText(of: book, page: page, library, context)
        } else if arguments[Options.output] != nil || !context.stdout.isTTY {
            let width = (box.columns ?? TerminalSize.of(fileDescriptor: 1)?.columns ?? 80) * pngCell.width
            let height = box.rows.map { $0 * pngCell.height } ?? Int(Int32.max)
            try writePNG(try render(width, height), to: arguments[Options.output], context)
        } else {
            try draw(requested: requested, box: box, environment: environment, context, render: render) {
                try printText(of: book, page: page, library, context)
            }
        }
    }

    /// Draws the page on the terminal that stdout is, in the mode asked for or found.
    /// `printText` is for a terminal that turns out to show no pictures (a dumb one).
    private static func draw(requested: GraphicsMode?, box: (columns: Int?, rows: Int?), environment: [String: String],
                             _ context: CommandContext, render: (Int, Int) throws -> RasterImage,
                             printText: () throws -> Void) throws {
        // A terminal that does not say its size (a bare pseudo-terminal) gets the classic 80×24.
        let terminal = TerminalSize.of(fileDescriptor: 1) ?? TerminalSize(columns: 80, rows: 24)
        let setup = try GraphicsSetup.resolve(requested: requested?.rawValue, environment: environment, terminal: terminal)
        if let notice = setup.notice { context.warning(notice) }
        if setup.mode == .text { return try printText() }
        let columns = box.columns ?? terminal.columns
        let rows = box.rows ?? max(1, terminal.rows - 1)
        let image = try render(columns * setup.cellSize.width, rows * setup.cellSize.height)
        context.stdout.write(try InlineImage.bytes(image, mode: setup.mode, columns: columns, rows: rows,
                                                   cellSize: setup.cellSize, tmux: setup.wrapForTmux,
                                                   monochrome: setup.monochrome))
    }

    /// The page's text as it was indexed (and, as with `read`, the page goes into the history).
    private static func printText(of book: Book, page: Int, _ library: Library, _ context: CommandContext) throws {
        let text = try library.read(book, .page(.number(page)))
        guard text.hasText else {
            context.stdout.write("(this page has no text: it is probably a scanned image)\n")
            return
        }
        context.stdout.write(text.text.hasSuffix("\n") ? text.text : text.text + "\n")
    }

    private static func writePNG(_ image: RasterImage, to output: String?, _ context: CommandContext) throws {
        let png = PNGEncoder.encode(image)
        guard let output else {
            context.stdout.write(png)
            return
        }
        let destination = absolutePath(output)
        try AtomicFile.write(Data(png), to: destination)
        context.stdout.write(destination + "\n")
    }
}
