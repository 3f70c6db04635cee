import Arguments
import BookLibrary

package enum CheckCommand: Command {
    package static let spec = CommandSpec(
        name: "check",
        abstract: "Report books whose file is missing or whose content changed.",
        discussion: "Exits with 1 if any book has a problem. Fix a moved file with 'ibook relocate BOOK NEWPATH' or by adding it from its new place.",
        positionals: [Positional("book", help: "Check only this book (default: all).", optional: true)],
        options: [CommonOptions.json])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let books = try arguments.positional("book").map { [try library.book(named: $0)] }
        let json = arguments.flag("json")
        var checked = 0
        let problems = try library.checkFiles(books) { result in
            checked += 1
            if json {
                try? context.printJSON(result)
                return
            }
            switch result.status {
            case .ok: break
            case .missing:
                context.stdout.write("missing  #\(result.book.id) \(result.book.title): \(result.book.path)\n")
            case .changed:
                context.stdout.write("changed  #\(result.book.id) \(result.book.title): \(result.book.path) (content differs)\n")
            }
        }
        context.stderr.write("\(checked) checked, \(problems) with problems\n")
        if problems > 0 { throw ExitCode(status: ExitCode.failure) }
    }
}
