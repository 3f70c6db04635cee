import Arguments
import BookLibrary

package enum NoteCommand: Command {
    package static let requires: LibraryCapabilities = [.annotations]

    enum Arguments {
        static let page = Argument<String>("page", help: "A page number or label.")
        static let text = Argument<String>("text", help: "The note.")
    }

    package static let spec = CommandSpec(
        name: "note",
        abstract: "Add a note to a page of the open book.",
        discussion: "The note is kept in the library with the book's content, listed by 'ibook notes', and written into the PDF as a sticky note by 'ibook annotate'.",
        positionals: [Arguments.page.positional, Arguments.text.positional],
        options: [CommonOptions.book.option, CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let book = try context.bookFromOption()
        let note = try context.library().addNote(book, page: PageReference(arguments[Arguments.page] ?? ""),
                                                 text: arguments[Arguments.text] ?? "")
        if arguments[CommonOptions.json] { return try context.printJSON(note) }
        let label = Formatting.labelSuffix(note.label, page: note.page)
        context.stdout.write("Noted #\(note.id) on page \(note.page)\(label) of \(book.title)\n")
    }
}
