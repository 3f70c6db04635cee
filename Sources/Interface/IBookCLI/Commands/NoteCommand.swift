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
        discussion: "The note is kept in the library with the book's content, listed by 'ibook notes', and written into the PDF as a sticky note by 'ibook annotate'. In an EPUB, FB2, MOBI or plain-text book the note also keeps where its page starts in the text (chapter and letter), which any type size finds again.",
        positionals: [Arguments.page.positional, Arguments.text.positional],
        options: [CommonOptions.book.option, CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let book = try context.bookFromOption()
        // A laid-out book's note keeps where its page starts in the text, which only the reflow engine can say.
        if book.format.isLaidOut, context.program.pageStart == nil { context.program.handOver?() }
        let pageStart = context.program.pageStart
        let note = try context.library().addNote(
            book, page: PageReference(arguments[Arguments.page] ?? ""), text: arguments[Arguments.text] ?? "",
            pageStart: book.format.isLaidOut ? pageStart.map { start in { page in try start(book, page) } } : nil)
        if arguments[CommonOptions.json] { return try context.printJSON(note) }
        let label = Formatting.labelSuffix(note.label, page: note.page)
        context.stdout.write("Noted #\(note.id) on page \(note.page)\(label) of \(book.title)\n")
    }
}
