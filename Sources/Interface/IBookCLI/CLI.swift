import Arguments
import BookLibrary
import FileNames
import FoundationEssentials
import Glibc

/// Parses the command line, runs one command, and turns what it throws into
/// a message and an exit code: 0 success, 1 failure, 64 usage error.
package enum CLI {
    package static let version = "0.1.0"

    /// The commands that only read and write the library: the lean `ibook`
    /// runs these itself.
    package static let libraryCommands: [Command.Type] = [
        ListCommand.self, InfoCommand.self, OpenCommand.self, RemoveCommand.self, ThumbnailCommand.self, TocCommand.self, ReadCommand.self,
        SearchCommand.self, BookmarkCommand.self, BookmarksCommand.self, HistoryCommand.self, CheckCommand.self,
        RelocateCommand.self, EditCommand.self, TagCommand.self, UntagCommand.self, TagsCommand.self, CollectionCommand.self,
        NotesCommand.self, NoteCommand.self, MigrateCommand.self, ServerCommand.self, RootsCommand.self,
    ]

    /// A command line is readable by every user of the machine (`ps`,
    /// /proc/PID/cmdline) for as long as the command runs, and ibook hands
    /// it on to ibook-full and to its workers: a password has no place in it.
    static func exposedPassword(in args: [String]) -> String? {
        let urls = args.map { $0.hasPrefix("--library=") ? String($0.dropFirst("--library=".count)) : $0 }
        guard urls.contains(where: { LibraryLocation.isSharedURL($0) && LibraryLocation.urlHasPassword($0) }) else { return nil }
        return "a password in a PostgreSQL URL on the command line can be read by every user of this machine (ps); "
            + "give it in ~/.pgpass, $PGPASSWORD or a service file ($PGSERVICE), or put the URL in $IBOOK_LIBRARY"
    }

    /// Options every command takes, before or after its name.
    package enum GlobalOptions {
        package static let library = ValueOption<String>("--library", value: "dir", help: "Library folder, or a postgresql:// URL for a shared library (default: $IBOOK_LIBRARY, else $XDG_DATA_HOME/ibook).")
        package static let verbose = Flag("-v", "--verbose", help: "Also show what poppler says about damaged files.")
    }

    package static let globalOptions = [
        GlobalOptions.library.option,
        GlobalOptions.verbose.option,
    ]

    package static func run(_ args: [String], program: Program) -> Int32 {
        let parser = program.parser
        return run(args, parsed: Result { try parser.parse(homeCommandLine(args, program: program)) },
                   parser: parser, program: program)
    }

    /// Runs a command line `parser` has already parsed into `outcome` (the lean
    /// ibook parses it once, to choose the binary that runs it).
    package static func run(_ args: [String], parsed outcome: Result<ParseOutcome, any Error>, parser: ArgumentParser,
                            program: Program) -> Int32 {
        // A closed pipe (a reader gone, a worker dead) is an error to handle
        // where it happens, not a signal that kills the process.
        signal(SIGPIPE, SIG_IGN)
        if let message = exposedPassword(in: args) {
            Terminal(fileDescriptor: 2).write("Error: \(message)\n")
            return ExitCode.usage
        }
        let parsed: ParsedArguments
        do {
            switch try outcome.get() {
            case .help(let path):
                Terminal(fileDescriptor: 1).write(parser.helpText(for: path) + "\n")
                return 0
            case .version:
                Terminal(fileDescriptor: 1).write("ibook \(version)\n")
                return 0
            case .run(let arguments):
                parsed = arguments
            }
        } catch let error as UsageError {
            Terminal(fileDescriptor: 2).write(parser.errorText(for: error) + "\n")
            return ExitCode.usage
        } catch {
            Terminal(fileDescriptor: 2).write("Error: \(error)\n")
            return ExitCode.usage
        }
        guard let name = parsed.commandPath.dropFirst().first,
              let command = program.commands.first(where: { $0.spec.name == name })
        else {
            Terminal(fileDescriptor: 1).write(parser.helpText(for: ["ibook"]) + "\n")
            return 0
        }
        let context = CommandContext(arguments: parsed, program: program, requires: command.requires)
        defer {
            // What poppler said while this process read PDFs itself (add's
            // workers report theirs per file).
            let diagnostics = program.drainDiagnostics()
            if context.verbose { diagnostics.forEach { context.stderr.write("poppler: \($0)\n") } }
        }
        do {
            try command.run(parsed, context)
            return 0
        } catch let exit as ExitCode {
            return exit.status
        } catch let error as UsageError {
            var error = error
            if error.commandPath.isEmpty { error.commandPath = parsed.commandPath }
            context.stderr.write(parser.errorText(for: error) + "\n")
            return ExitCode.usage
        } catch LibraryError.needsPDF(let path, let format) {
            // The service knows the file; the command line knows which command was asked.
            let asked = (parsed.commandPath + (parsed[EditCommand.Options.write] ? ["--write"] : [])
                + (parsed[ReadCommand.Options.layout] ? ["--layout"] : [])).joined(separator: " ")
            // An EPUB's metadata is written into its package document too.
            let formats = parsed.commandPath.last == "edit" && parsed[EditCommand.Options.write] ? "PDFs and EPUBs" : "PDFs"
            context.error("\(FileName.displayed(path)) is \(format.withArticle): '\(asked)' works on \(formats) only")
            return ExitCode.failure
        } catch {
            context.error(context.describe(error))
            return ExitCode.failure
        }
    }

    /// `ibook` alone (global options aside) opens the program's home screen for a person at a
    /// terminal; a script or a pipe that runs it, and every way of asking for help, still get the usage.
    static func homeCommandLine(_ args: [String], program: Program) -> [String] {
        guard let home = program.home, isatty(0) == 1, isatty(1) == 1,
              !args.contains(where: { ["-h", "--help", "help", "--version"].contains($0) }),
              case .help(let path)? = try? program.parser.parse(args), path == ["ibook"]
        else { return args }
        return args + [home.spec.name]
    }

    /// What a person reads for `error`: the command line's words where it has an
    /// option to name, else the error's own.
    package static func describe(_ error: Error, library: LibraryLocation? = nil, program: Program = .lean) -> String {
        let error = StorageFailure.libraryError(for: error, at: library)
        return ErrorMessage.text(for: error) ?? program.explain(error) ?? String(describing: error)
    }
}

/// Thrown by a command that has already reported its failures itself.
package struct ExitCode: Error {
    package static let failure: Int32 = 1
    package static let usage: Int32 = 64
    package var status: Int32

    package init(status: Int32) { self.status = status }
}
