import Arguments
import BookLibrary

package enum SearchCommand: Command {
    enum Arguments {
        static let text = RepeatedArgument<String>("text", help: "What to look for.")
    }

    enum Options {
        static let all = Flag("--all", help: "Search every book, best matches first.")
        static let `in` = ValueOption<String>("--in", value: "query", help: "Search the books this query selects, e.g. tag:physics (see 'ibook list --help').")
        static let exact = Flag("--exact", help: "Match the words as typed, without their inflections.")
        static let limit = ValueOption<Int>("--limit", value: "n", in: 1...Int(Int32.max), help: "Stop after this many hits.")
        static let notes = Flag("--notes", help: "Search only highlighted text and notes (see 'ibook notes').")
        static let json = Flag("--json", help: "Print one JSON object per hit per line.")
    }

    package static let spec = CommandSpec(
        name: "search",
        abstract: "Find text in the open book, another book, or the whole library.",
        discussion: "Like a reader's find box: case- and accent-insensitive, several words as a phrase, the last word as a prefix, Chinese and Japanese by substring. Ligatures, full-width forms, ß/ss and words hyphenated at a line end match as they read. A single word also finds its inflections in the book's language (configure: configured, configuration), exact matches first. Every occurrence is shown with its page and context.",
        positionals: [Arguments.text.positional],
        options: [
            CommonOptions.book.option,
            Options.all.option,
            Options.in.option,
            Options.exact.option,
            Options.limit.option,
            Options.notes.option,
            Options.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let query = arguments[Arguments.text].joined(separator: " ")
        let limit = try arguments[Options.limit]
        if arguments[Options.notes] { try context.require(.annotations, for: "ibook search --notes") }
        let library = try context.library()
        let scope = try context.searchScope(all: Options.all, within: Options.in)
        let json = arguments[Options.json]
        if arguments[Options.notes] {
            return try NoteHitsPrinter.print(try library.searchNotes(query, scope: scope), scope: scope, limit: limit,
                                             json: json, context: context)
        }
        var printer = SearchHitsPrinter(out: context.stdout, json: json, spansBooks: scope.spansBooks)
        var chapters = library.chapterNames()
        let summary = try library.search(query, scope: scope, exact: arguments[Options.exact], limit: limit) { hit in
            var hit = hit
            hit.chapter = try chapters.chapter(of: hit)
            try printer.print(hit)
        }
        printer.flush()
        func count(_ value: Int, _ one: String, _ many: String) -> String { "\(value) \(value == 1 ? one : many)" }
        var line = "\(count(summary.hits, "match", "matches")) on \(count(summary.pages, "page", "pages"))"
        if scope.spansBooks { line += " in \(count(summary.books, "book", "books"))" }
        if summary.truncated { line += " (stopped at --limit \(limit ?? 0))" }
        context.stderr.write(line + "\n")
    }
}
