import TextCells
import Arguments
import BookLibrary

package enum TocCommand: Command {
    enum Options {
        static let depth = ValueOption<Int>("--depth", value: "n", in: 1...Int(Int32.max), help: "Show at most this many levels.")
        static let json = Flag("--json", help: "Print the outline as a nested JSON tree.")
    }

    package static let spec = CommandSpec(
        name: "toc",
        abstract: "Show the table of contents of the open book, with page labels.",
        options: [
            CommonOptions.book.option,
            Options.depth.option,
            Options.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let depth = try arguments[Options.depth]
        let book = try context.bookFromOption()
        let entries = try context.library().tableOfContents(book, maxDepth: depth)
        if arguments[Options.json] {
            context.stdout.write(try OutlineJSON.render(entries) + "\n")
            return
        }
        guard !entries.isEmpty else {
            context.stdout.write("\(book.title) has no table of contents.\n")
            return
        }
        let pageWidth = String(book.pageCount).count
        var output = ""
        for entry in entries {
            // Deep outlines are drawn with at most 40 levels of indentation.
            let indent = String(repeating: "  ", count: min(entry.depth, 40))
            var page = "   " + String(repeating: " ", count: pageWidth)
            if let number = entry.page {
                let label = Formatting.labelSuffix(entry.label, page: number)
                page = "p. " + TextWidth.pad(String(number), to: pageWidth, right: true) + label
            }
            output += indent + entry.title + "  " + context.stdout.style(page, .gray) + "\n"
            if output.utf8.count > 1 << 16 {
                context.stdout.write(output)
                output = ""
            }
        }
        context.stdout.write(output)
    }
}

