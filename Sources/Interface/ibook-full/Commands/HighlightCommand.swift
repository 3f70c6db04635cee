import Arguments
import BookIndexing
import BookLibrary
import IBookCLI

enum HighlightCommand: Command {
    static let requires: LibraryCapabilities = [.annotations]

    enum Arguments {
        static let page = Argument<String>("page", help: "A page number or label (default: wherever the passage is).", optional: true)
        static let passage = Argument<String>("passage", help: "The text to highlight.")
    }

    enum Options {
        static let note = ValueOption<String>("--note", value: "text", help: "A note to keep with the highlight.")
        static let color = ValueOption<String>("--color", value: "color", help: "yellow (default), green, blue, pink, orange, red, purple or #rrggbb.")
        static let occurrence = ValueOption<Int>("--occurrence", value: "n", in: 1...Int.max, help: "Which occurrence, when the passage occurs more than once.")
    }

    static let spec = CommandSpec(
        name: "highlight",
        abstract: "Highlight a passage of the open book.",
        discussion: "Finds the passage as you type it (case, accents and spacing ignored, across line breaks and hyphenated words) on PAGE, or anywhere in the book, and keeps the highlight in the library with the rectangles of its lines. When it occurs more than once, the places are listed: choose one with --occurrence N. In an EPUB, FB2, MOBI or plain-text book the highlight is also kept by the letters it covers, so the reader draws it at any type size. 'ibook notes' lists highlights; 'ibook annotate' writes a PDF's into a copy of it.",
        positionals: [
            Arguments.page.positional,
            Arguments.passage.positional,
        ],
        options: [
            CommonOptions.book.option,
            Options.note.option,
            Options.color.option,
            Options.occurrence.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            CommonOptions.json.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var color = AnnotationColor.highlightDefault
        if let name = arguments[Options.color] {
            guard let parsed = AnnotationColor.parse(name) else {
                throw UsageError("Invalid value '\(name)' for --color: use a name (yellow, green, blue, pink, orange, red, purple) or #rrggbb")
            }
            color = parsed
        }
        let request = HighlightRequest(
            passage: arguments[Arguments.passage] ?? "", page: arguments[Arguments.page].map(PageReference.init),
            occurrence: try arguments[Options.occurrence], note: arguments[Options.note], color: color)
        let book = try context.bookFromOption()
        let highlight = try context.library().highlight(book, request, password: try context.password())
        if arguments[CommonOptions.json] { return try context.printJSON(highlight) }
        let label = Formatting.labelSuffix(highlight.label, page: highlight.page)
        context.stdout.write("Highlighted #\(highlight.id) on page \(highlight.page)\(label) of \(book.title): “\(highlight.text ?? "")”\n")
    }
}
