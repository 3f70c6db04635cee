import Arguments
import BookLibrary

package enum RemoveCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title.")
    }

    package static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove a book from the library (never the file).",
        discussion: "Its index, bookmarks and reading history go with it.",
        positionals: [Arguments.book.positional],
        options: [CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let book = try context.library().remove(arguments[Arguments.book] ?? "")
        if arguments[CommonOptions.json] {
            try context.printJSON(book)
        } else {
            context.stdout.write("Removed #\(book.id) \(book.title)\n")
        }
    }
}
