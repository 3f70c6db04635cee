import FileNames
import Arguments
import BookLibrary

package enum RelocateCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, the old path or part of the title.")
        static let newPath = Argument<String>("new-path", help: "Where the file is now.")
    }

    package static let spec = CommandSpec(
        name: "relocate",
        abstract: "Point a book at its file's new place, keeping bookmarks and history.",
        discussion: "The new file must have the same content (its SHA-256 is checked).",
        positionals: [
            Arguments.book.positional,
            Arguments.newPath.positional,
        ],
        options: [CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let book = try library.book(named: arguments[Arguments.book] ?? "")
        let moved = try library.relocate(book, to: arguments[Arguments.newPath] ?? "")
        if arguments[CommonOptions.json] {
            try context.printJSON(moved)
        } else {
            context.stdout.write("Relocated #\(moved.id) \(moved.title) to \(FileName.displayed(moved.path))\n")
        }
    }
}
