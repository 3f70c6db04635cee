import BookLibrary
import PostgresStore
import SQLiteStore
import FoundationEssentials
import Glibc
import Arguments

/// What a command needs from its surroundings: the library (opened on first
/// use), the output streams, and how to print to them.
package final class CommandContext {
    package let arguments: ParsedArguments
    package let stdout: Terminal
    package let stderr: Terminal
    /// The binary this command runs in, and what it can do.
    package let program: Program
    /// What the command needs the library to be able to do.
    package let requires: LibraryCapabilities
    private var openedLibrary: Library?

    package init(arguments: ParsedArguments, program: Program, requires: LibraryCapabilities = []) {
        self.arguments = arguments
        self.program = program
        self.requires = requires
        stdout = Terminal(fileDescriptor: 1)
        stderr = Terminal(fileDescriptor: 2)
    }

    package var verbose: Bool { arguments[CLI.GlobalOptions.verbose] }

    /// Resolved once: it reads the environment and resolves the folder's symlinks.
    package private(set) lazy var location = LibraryLocation.resolve(flag: arguments[CLI.GlobalOptions.library])

    /// Throws unless the library can do what `what` (a command, or one of
    /// its options) needs: checked before the library is opened.
    package func require(_ needed: LibraryCapabilities, for what: String) throws {
        guard location.capabilities.isSuperset(of: needed) else { throw LibraryError.notOnSharedLibrary(what) }
    }

    package func library() throws -> Library {
        if let openedLibrary { return openedLibrary }
        try require(requires, for: "ibook " + arguments.commandPath.dropFirst().joined(separator: " "))
        // Upgrading an old library re-indexes (or re-stores) its pages: on a terminal, say how far it has got.
        let progress = PercentLine(terminal: stderr, title: "Upgrading the library")
        let library = try Library(location: location, localStore: SQLiteStore.open, sharedStore: PostgresStore.open) { step in progress?.show(done: step.done, of: step.total) }
        progress?.clear()
        library.notices.forEach(warning)
        openedLibrary = library
        return library
    }

    /// The book named by the command's BOOK (`argument`) or --book, else the open book.
    package func book(_ argument: Argument<String>) throws -> Book {
        try library().book(named: try bookName(argument))
    }

    /// The book named by --book, else the open book: for a command that takes no
    /// BOOK (one that does passes its handle to `book(_:)`).
    package func bookFromOption() throws -> Book {
        try library().book(named: arguments[CommonOptions.book])
    }

    /// The book `name` names, else the one --book names, else the open book:
    /// for commands whose BOOK may be something else too (a PDF file, words).
    package func book(named name: String?) throws -> Book {
        try library().book(named: name ?? arguments[CommonOptions.book])
    }

    /// The book the command line names, as BOOK (the command's `argument`) or with
    /// --book (a command that takes BOOK takes --book too, as every command that reads one does).
    package func bookName(_ argument: Argument<String>) throws -> String? {
        let positional = arguments[argument], option = arguments[CommonOptions.book]
        if positional != nil, option != nil { throw UsageError("Give the book once: as BOOK or with --book, not both") }
        return positional ?? option
    }

    /// For commands that take [BOOK] [PAGE], the command's `book` and `page`:
    /// with --book, a lone argument is the page.
    package func bookAndPage(book bookArgument: Argument<String>, page pageArgument: Argument<String>) throws -> (book: Book, page: String?) {
        if let name = arguments[CommonOptions.book], arguments[pageArgument] == nil {
            return (try book(named: name), arguments[bookArgument])
        }
        return (try book(bookArgument), arguments[pageArgument])
    }

    /// `--in QUERY`, else `--all`, else `--book BOOK`, else the open book: `all` and
    /// `within` are the command's own --all and --in.
    package func searchScope(all: Flag, within: ValueOption<String>) throws -> SearchScope {
        if let query = arguments[within] {
            if arguments[CommonOptions.book] != nil { throw UsageError("Give either --in or --book, not both") }
            return .books(try QueryFailure.reported(self) { try library().bookIDs(matching: query) })
        }
        guard arguments[all] else { return .book(try bookFromOption()) }
        if arguments[CommonOptions.book] != nil { throw UsageError("Give either --all or --book, not both") }
        return .all
    }

    /// The password given for an encrypted PDF, by whichever means (see `PasswordSource`).
    package func password() throws -> String? { try PasswordSource.resolve(arguments) }

    package func printJSON<T: Encodable>(_ value: T) throws {
        stdout.write(try JSONOutput.encode(value) + "\n")
    }

    /// What a person reads for `error` (see `CLI.describe`).
    package func describe(_ error: Error) -> String {
        CLI.describe(error, library: location, program: program)
    }

    package func error(_ message: String) {
        stderr.write(stderr.style("Error:", .red, bold: true) + " " + message + "\n")
    }

    package func warning(_ message: String) {
        stderr.write(stderr.style("Warning:", .yellow, bold: true) + " " + message + "\n")
    }
}
