import Arguments
import BookLibrary

package enum OpenCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title.")
    }

    package static let spec = CommandSpec(
        name: "open",
        abstract: "Make a book the open book, used by the reader commands.",
        positionals: [Arguments.book.positional],
        options: [CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let book = try context.library().open(arguments[Arguments.book] ?? "")
        if arguments[CommonOptions.json] {
            try context.printJSON(book)
        } else {
            context.stdout.write("Opened #\(book.id) \(book.title) (\(book.pageCount) pages)\n")
        }
    }
}
