import Annotating
import Arguments
import BookLibrary
import IBookCLI

enum AnnotateCommand: Command {
    static let requires: LibraryCapabilities = [.annotations]

    enum Arguments {
        static let book = Argument<String>("book", help: "The book: an id, a file path or part of its title (default: the open book).", optional: true)
    }

    enum Options {
        static let output = ValueOption<String>("-o", "--output", value: "file", help: "Where to write the annotated PDF.")
        static let inPlace = Flag("--in-place", help: "Rewrite the book's own file instead.")
    }

    static let spec = CommandSpec(
        name: "annotate",
        abstract: "Write a book's highlights and notes into a copy of its PDF.",
        discussion: "The highlights and notes made with 'ibook highlight' and 'ibook note' become real PDF annotations (highlights over their lines, sticky notes in the top-right margin), each with its appearance, so that other viewers show them. The annotations the PDF had are kept, and so are its outline, links, page labels and text. The copy appears whole or not at all. With --in-place the book's own file is rewritten and the library follows its new content.",
        positionals: [Arguments.book.positional],
        options: [
            Options.output.option,
            Options.inPlace.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            CommonOptions.json.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let output = arguments[Options.output]
        let inPlace = arguments[Options.inPlace]
        if output == nil, !inPlace { throw UsageError("Give -o FILE, or --in-place to rewrite the book's file") }
        if output != nil, inPlace { throw UsageError("Give either -o FILE or --in-place, not both") }
        let book = try context.book(Arguments.book)
        let result = try context.library().annotate(book, output: output.map(absolutePath), inPlace: inPlace,
                                                    password: try context.password())
        if arguments[CommonOptions.json] { return try context.printJSON(result) }
        var summary = "\(result.highlights) highlight\(result.highlights == 1 ? "" : "s"), \(result.notes) note\(result.notes == 1 ? "" : "s")"
        if result.alreadyPresent > 0 { summary += " (\(result.alreadyPresent) already in the file)" }
        context.stdout.write("\(result.output): \(summary)\n")
    }
}
