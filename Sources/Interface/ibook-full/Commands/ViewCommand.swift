import BookOpening
import RenderCommands
import Arguments
import BookIndexing
import BookLibrary
import FileNames
import Foundation
import IBookCLI
import PDF
import Reader
import TerminalIO

enum ViewCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title (default: the open book); it becomes the open book.", optional: true)
        static let page = Argument<String>("page", help: "A page number or label (default: where you stopped).", optional: true)
    }

    enum Options {
        static let timeout = ValueOption<Double>("--timeout", value: "seconds", in: 0.001...3_600, help: "Give up on a page that takes longer to render (default 15); its text is shown instead.")
    }

    static let spec = CommandSpec(
        name: "view",
        abstract: "Read a book full screen in the terminal: its pages as images, with search, contents and bookmarks.",
        discussion: "Opens at PAGE (a number or label), else where you stopped. Press H or F1 inside for the keys, q to quit; the mouse wheel scrolls, a click on a link follows it, a click elsewhere on the left or right third of the page turns it, and a drag over words copies them (as v, then y, does from the keys) through the terminal (OSC 52) and wl-copy or xclip. Graphics: kitty, iTerm2 and sixel images where the terminal shows them, else coloured blocks; text shows the page's indexed text. EPUB, FB2, MOBI and text books are laid out for the terminal (+ and - change the type); PAGE and the numbers kept are still the book's own pages. Inside tmux, images need 'set -g allow-passthrough on'.",
        positionals: [
            Arguments.book.positional,
            Arguments.page.positional,
        ],
        options: [
            GraphicsOption.graphics.option,
            Options.timeout.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let environment = ProcessInfo.processInfo.environment
        let requested = try GraphicsOption.requested(arguments, environment: environment)
        let timeLimit = try arguments[Options.timeout] ?? 15
        // What was asked for is checked first: a wrong book or page says so even on a pipe.
        let library = try context.library()
        let (book, pageName) = try context.bookAndPage(book: Arguments.book, page: Arguments.page)
        let startPage: Int
        if let page = pageName {
            startPage = try library.locate(PageReference(page), in: book).page
        } else {
            startPage = min(try library.lastPage(of: book) ?? 1, book.pageCount)
        }
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw LibraryError.invalidArgument("view needs a terminal; 'ibook read' prints a page's text and 'ibook show -o page.png' writes its image")
        }
        guard environment["TERM"] != "dumb" else {
            // A dumb terminal has no cursor movement nor alternate screen to read full screen on.
            throw LibraryError.invalidArgument("view needs a full-screen terminal and TERM=dumb is not one; 'ibook read' prints a page's text")
        }
        let password = try PasswordPrompt.password(for: book.path, context)
        if arguments[Arguments.book] != nil || arguments[CommonOptions.book] != nil {
            // Reading a book is opening it, as `ibook open` does: after q,
            // `ibook view`, `read` and `bookmarks` go on with it. A library
            // that cannot be written still lets the book be read.
            try? library.setOpenBook(book)
        }
        if password == nil, library.capabilities.contains(.ocr), (try? library.isQueuedForOCR(book)) == true {
            // Its scanned pages were left for OCR by an add that was stopped: read them meanwhile.
            OCRQueue(library: library).startInBackground(OCRCommand.backgroundRun(library))
        }
        let setup = try GraphicsSetup.resolve(requested: requested?.rawValue, environment: environment,
                                              terminal: TerminalSize.of(fileDescriptor: 1) ?? TerminalSize(columns: 80, rows: 24))
        if let signal = try read(book, at: startPage, library: library, setup: setup, password: password, timeLimit: timeLimit) {
            // Ended by a signal, after putting the terminal back: say so the shell's way.
            throw ExitCode(status: 128 + signal)
        }
    }

    /// Runs the reader on `book` until it quits, on a terminal set up for `setup`'s
    /// graphics: `view` itself, and the shelf's Enter. Returns the signal that ended it, if one did.
    static func read(_ book: Book, at startPage: Int, library: Library, setup: GraphicsSetup, password: String?,
                     timeLimit: TimeInterval) throws -> Int32? {
        var setup = setup
        var textOnlyReason: String?
        if setup.mode != .text {
            // Opened once here, so a missing file or a password problem is said
            // plainly instead of on every page.
            do {
                // Other formats are laid out by the render worker; opening one here would lay it out twice.
                if book.format == .pdf {
                    _ = try PDFDocument(path: book.path, password: password)
                } else if !FileName.exists(book.path) {
                    throw PDFError.missing
                }
            } catch PDFError.missing {
                textOnlyReason = "The file is gone (\(book.path)): showing the indexed text"
            } catch let error as PDFError {
                throw LibraryError.invalidArgument("\(book.path): \(PDFErrorMessage.reason(error))")
            }
        }
        if textOnlyReason != nil { setup.mode = .text }
        var options = ReaderSession.Options(graphics: setup.mode, password: password,
                                            rendererExecutable: AddCommand.currentExecutable())
        options.renderTimeLimit = timeLimit
        options.cellSize = setup.cellSize
        options.wrapForTmux = setup.wrapForTmux
        options.monochrome = setup.monochrome
        options.textOnlyReason = textOnlyReason
        options.notice = setup.notice
        options.pendingInput = setup.pendingInput
        // Where on its page each entry of a PDF's outline leads (the stored outline has pages only).
        options.outlineDestinations = {
            guard book.format == .pdf else { return [] }
            return ((try? PDFDocument(path: book.path, password: password))?.outline() ?? []).map { (page: $0.page, top: $0.top) }
        }
        // Opened once, on the first page's links, and kept for the others.
        var linkDocument: (any BookDocument)??
        options.links = { page in
            if linkDocument == nil { linkDocument = .some(try? BookOpener.document(path: book.path, password: password)) }
            return linkDocument??.links(onPage: page) ?? []
        }
        // Opened on the first selection, and kept for the other pages.
        var glyphDocument: PDFDocument??
        options.pageGlyphs = { number in
            guard book.format == .pdf else { return nil }
            if glyphDocument == nil { glyphDocument = .some(try? PDFDocument(path: book.path, password: password)) }
            guard let page = glyphDocument??.page(at: number - 1) else { return nil }
            let (width, height) = page.size
            guard width > 0, height > 0 else { return nil }
            let (text, glyphs) = page.textAndGlyphs()
            return (text, glyphs.map { PageRectangle(x: $0.x1 / width, y: $0.y1 / height,
                                                     width: ($0.x2 - $0.x1) / width, height: ($0.y2 - $0.y1) / height) })
        }
        options.highlighter = { page, passage, near, occurrence in
            // Highlights are kept in a local library only, yet: the reader says so on its status line.
            guard library.capabilities.contains(.annotations) else { throw LibraryError.notOnSharedLibrary("highlighting") }
            return try library.highlight(book, HighlightRequest(passage: passage, page: .number(page), occurrence: occurrence, note: nil,
                                                                color: AnnotationColor.highlightDefault, near: near),
                                         password: password)
        }
        return try ReaderSession(library: library, book: book, startPage: startPage, options: options).run()
    }
}
