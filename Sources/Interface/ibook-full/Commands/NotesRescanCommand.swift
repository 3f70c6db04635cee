import Arguments
import BookIndexing
import BookLibrary
import IBookCLI

/// `ibook notes` in the binary that reads PDFs: `--rescan` reads the
/// annotations of the book's PDF again; everything else is the library's
/// `notes`.
enum NotesRescanCommand: Command {
    static let spec = NotesCommand.spec

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        guard arguments[NotesCommand.Options.rescan] else { return try NotesCommand.run(arguments, context) }
        if arguments.contains(NotesCommand.Options.delete) { throw UsageError("--rescan cannot be used with --delete") }
        if arguments[NotesCommand.Options.all], try context.bookName(NotesCommand.Arguments.book) != nil { throw UsageError("Give either --all or a BOOK, not both") }
        let library = try context.library()
        let books = arguments[NotesCommand.Options.all] ? try library.list() : [try context.book(NotesCommand.Arguments.book)]
        let password = try context.password()
        var failed = false
        for book in books {
            do {
                let count = try library.rescanAnnotations(book, password: password)
                context.stderr.write("Read \(count) annotation\(count == 1 ? "" : "s") from #\(book.id) \(book.title)\n")
            } catch {
                context.error(context.describe(error))
                failed = true
            }
        }
        if !failed || arguments[NotesCommand.Options.all] { try NotesCommand.list(arguments, context) }
        if failed { throw ExitCode(status: ExitCode.failure) }
    }
}
