import Arguments
import BookLibrary

package enum HistoryCommand: Command {
    enum Options {
        static let limit = ValueOption<Int>("--limit", value: "n", in: 1...Int(Int32.max), help: "Show at most this many books.")
        static let clear = Flag("--clear", help: "Forget the reading history (bookmarks stay).")
    }

    package static let spec = CommandSpec(
        name: "history",
        abstract: "Show what was read, most recent first, and the page where you stopped.",
        options: [
            Options.limit.option,
            Options.clear.option,
            CommonOptions.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        if arguments[Options.clear] {
            let cleared = try library.clearHistory()
            context.stdout.write("Cleared the history of \(cleared) book\(cleared == 1 ? "" : "s")\n")
            return
        }
        let entries = try library.history(limit: try arguments[Options.limit])
        if arguments[CommonOptions.json] {
            try context.printJSON(entries)
            return
        }
        guard !entries.isEmpty else {
            context.stderr.write("Nothing read yet: try 'ibook read'.\n")
            return
        }
        var table = TextTable(headers: ["ID", "TITLE", "STOPPED AT", "WHEN"], rightAligned: [0])
        table.rows = entries.map { entry in
            let label = Formatting.labelSuffix(entry.label, page: entry.page)
            return ["\(entry.book.id)", entry.book.title, "page \(entry.page) of \(entry.book.pageCount)\(label)",
                    Formatting.relative(entry.readAt)]
        }
        context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: 1) + "\n")
    }
}
