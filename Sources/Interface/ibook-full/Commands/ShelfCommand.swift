import Arguments
import BookLibrary
import FileNames
import Foundation
import IBookCLI
import RenderCommands
import Shelf
import TerminalIO

/// `ibook shelf`, and `ibook` alone on a terminal: the library screen.
enum ShelfCommand: Command {
    enum Options {
        static let timeout = ValueOption<Double>("--timeout", value: "seconds", in: 0.001...3_600, help: "In the reader, give up on a page that takes longer to render (default 15).")
    }

    static let spec = CommandSpec(
        name: "shelf",
        abstract: "The library full screen: covers with titles and authors, the books you are reading first; Enter reads one.",
        discussion: "Also what 'ibook' alone opens on a terminal. Arrows or hjkl move, PgUp/PgDn a screen, g/G the first/last book, Enter opens the book where you stopped (q in the reader comes back), / filters with a query as 'ibook list' takes it, ? searches the text of every book (Enter on a hit reads its page, Esc goes back), s changes the order (recent, title, author, added, rating), 1 to 4 show Reading now, the whole library, the collections (also c) and every bookmark, d removes the book from the library (after y; the file stays), i shows its details (format, series, tags, collections, notes…), e edits its title and author, t adds (+tag) and removes (-tag) tags, H or F1 lists the keys, q or Esc quits. With the mouse, a click selects a book, a second click (or a double click) reads it, and the wheel scrolls. Covers need kitty, iTerm2 or sixel graphics; otherwise, and with --graphics blocks or text, the books are a list.",
        options: [
            GraphicsOption.graphics.option,
            Options.timeout.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let environment = ProcessInfo.processInfo.environment
        let requested = try GraphicsOption.requested(arguments, environment: environment)
        let timeLimit = try arguments[Options.timeout] ?? 15
        let library = try context.library()
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw LibraryError.invalidArgument("shelf needs a terminal; 'ibook list' prints the books and 'ibook history' what you read last")
        }
        guard environment["TERM"] != "dumb" else {
            // As `view`: a dumb terminal has no cursor movement nor alternate screen.
            throw LibraryError.invalidArgument("shelf needs a full-screen terminal and TERM=dumb is not one; 'ibook list' prints the books")
        }
        let setup = try GraphicsSetup.resolve(requested: requested?.rawValue, environment: environment,
                                              terminal: TerminalSize.of(fileDescriptor: 1) ?? TerminalSize(columns: 80, rows: 24))
        var options = ShelfSession.Options(graphics: setup.mode) { book, page in
            let startPage = min(try page ?? library.lastPage(of: book) ?? 1, max(1, book.pageCount))
            let password = try PasswordPrompt.password(for: book.path, context)
            // Opening a book from the shelf opens it for the other commands too, as `view BOOK` does.
            try? library.setOpenBook(book)
            var reader = setup
            // The shelf read what was typed during the terminal query already.
            reader.pendingInput = []
            reader.notice = nil
            return try ViewCommand.read(book, at: startPage, library: library, setup: reader, password: password, timeLimit: timeLimit)
        }
        options.cellSize = setup.cellSize
        options.wrapForTmux = setup.wrapForTmux
        options.notice = setup.notice
        options.pendingInput = setup.pendingInput
        // This binary makes the missing covers, as `ibook thumbnail` would, in a child the shelf does not wait for.
        // A shared library's URL is passed as it was given without a password; one with a
        // password came from $IBOOK_LIBRARY (ibook refuses it in arguments), which the child inherits.
        let location = library.location
        let named = location.sharedURL.map { LibraryLocation.urlHasPassword($0) } == true ? [] : ["--library", location.directory]
        options.coverCommand = [PathName.runningBinary()] + named + ["thumbnail"]
        if let signal = try ShelfSession(library: library, options: options).run() {
            throw ExitCode(status: 128 + signal)
        }
    }
}
