import FileNames
import Arguments
import BookLibrary

package enum RelocateCommand: Command {
    package static let spec = CommandSpec(
        name: "relocate",
        abstract: "Point a book at its file's new place, keeping bookmarks and history.",
        discussion: "The new file must have the same content (its SHA-256 is checked).",
        positionals: [
            Positional("book", help: "An id, the old path or part of the title."),
            Positional("new-path", help: "Where the file is now."),
        ],
        options: [CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let book = try library.book(named: arguments.positional("book") ?? "")
        let moved = try library.relocate(book, to: arguments.positional("new-path") ?? "")
        if arguments[CommonOptions.json] {
            try context.printJSON(moved)
        } else {
            context.stdout.write("Relocated #\(moved.id) \(moved.title) to \(FileName.displayed(moved.path))\n")
        }
    }
}
