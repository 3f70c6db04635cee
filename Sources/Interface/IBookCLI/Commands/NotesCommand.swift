import Arguments
import BookLibrary

package enum NotesCommand: Command {
    package static let requires: LibraryCapabilities = [.annotations]

    package enum Arguments {
        package static let book = Argument<String>("book", help: "The book: an id, a file path or part of its title (default: the open book).", optional: true)
    }

    package enum Options {
        package static let all = Flag("--all", help: "Every book's notes.")
        package static let markdown = Flag("--markdown", help: "Print Markdown, readable as it is.")
        package static let delete = ValueOption<Int>("--delete", value: "id", in: 1...Int.max, help: "Delete the annotation with this id (shown by --json and in the listing).")
        package static let rescan = Flag("--rescan", help: "Read the annotations of the PDF again (those made in ibook stay).")
    }

    package static let fullOnlyFlags = [Options.rescan]

    package static let spec = CommandSpec(
        name: "notes",
        abstract: "List a book's highlights and notes by chapter, or delete one.",
        discussion: "Every annotation of the book in page order, under the outline entry it falls in (the deepest one at or before its page): page and label, kind, the text it marks and its note. Annotations are read from the PDF when it is added (--rescan reads them again, for books added before) and made with 'ibook highlight' and 'ibook note'.",
        positionals: [Arguments.book.positional],
        options: [
            Options.all.option,
            Options.markdown.option,
            Options.delete.option,
            Options.rescan.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            CommonOptions.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        if arguments[Options.rescan] {
            throw LibraryError.invalidArgument("--rescan needs the PDF reader (ibook-full)")
        }
        try list(arguments, context)
    }

    /// Everything `notes` does but reading the PDF again.
    package static func list(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        if arguments[CommonOptions.json], arguments[Options.markdown] { throw UsageError("Give either --json or --markdown, not both") }
        if arguments[Options.all], try context.bookName(Arguments.book) != nil { throw UsageError("Give either --all or a BOOK, not both") }
        let library = try context.library()
        if let id = try arguments[Options.delete] {
            let deleted = try library.deleteAnnotation(id: id)
            if arguments[CommonOptions.json] { return try context.printJSON(deleted) }
            let label = Formatting.labelSuffix(deleted.label, page: deleted.page)
            context.stdout.write("Deleted \(deleted.kind) #\(deleted.id) on page \(deleted.page)\(label) of \(deleted.bookTitle)\n")
            return
        }
        let books = arguments[Options.all] ? try library.annotatedBooks() : [try context.book(Arguments.book)]
        let notes = try books.map { try library.notes(of: $0) }
        if arguments[CommonOptions.json] {
            return arguments[Options.all] ? try context.printJSON(notes) : try context.printJSON(notes[0])
        }
        let shown = notes.filter { $0.annotationCount > 0 }
        if shown.isEmpty {
            context.stderr.write(arguments[Options.all] ? "No highlights or notes yet.\n" : "\(books[0].title) has no highlights or notes.\n")
        } else {
            let rendered = shown.map { arguments[Options.markdown] ? NotesPrinter.markdown($0) : NotesPrinter.text($0, width: context.stdout.width) }
            context.stdout.write(rendered.joined(separator: "\n\n") + "\n")
        }
        try pointToRescan(arguments[Options.all] ? nil : books, library, context)
    }

    /// Books added before ibook read the PDF's own highlights show none of
    /// them until they are read: say how.
    private static func pointToRescan(_ books: [Book]?, _ library: Library, _ context: CommandContext) throws {
        let unread = try library.booksWithUnreadAnnotations(among: books)
        if books != nil, let book = unread.first {
            context.stderr.write("\(book.title) was added before ibook read the highlights and notes in PDFs: 'ibook notes --rescan \(book.id)' reads them.\n")
        } else if books == nil, !unread.isEmpty {
            let count = unread.count == 1 ? "1 book was" : "\(unread.count) books were"
            context.stderr.write("\(count) added before ibook read the highlights and notes in PDFs: 'ibook notes --rescan --all' reads them.\n")
        }
    }
}
