import Arguments
import BookLibrary

package enum OpenCommand: Command {
    package static let spec = CommandSpec(
        name: "open",
        abstract: "Make a book the open book, used by the reader commands.",
        positionals: [Positional("book", help: "An id, a file path or part of the title.")],
        options: [CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let book = try context.library().open(arguments.positional("book") ?? "")
        if arguments[CommonOptions.json] {
            try context.printJSON(book)
        } else {
            context.stdout.write("Opened #\(book.id) \(book.title) (\(book.pageCount) pages)\n")
        }
    }
}
