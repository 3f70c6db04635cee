import Arguments
import BookLibrary

package enum BookmarksCommand: Command {
    enum Options {
        static let all = Flag("--all", help: "Every book's bookmarks.")
    }

    package static let spec = CommandSpec(
        name: "bookmarks",
        abstract: "List the bookmarks of the open book, or of every book.",
        options: [CommonOptions.book.option, Options.all.option, CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let book = arguments[Options.all] ? nil : try context.bookFromOption()
        let bookmarks = try library.bookmarks(of: book)
        if arguments[CommonOptions.json] {
            try context.printJSON(bookmarks)
            return
        }
        guard !bookmarks.isEmpty else {
            context.stderr.write(book.map { "\($0.title) has no bookmarks.\n" } ?? "No bookmarks yet.\n")
            return
        }
        var table = TextTable(headers: (book == nil ? ["BOOK"] : []) + ["PAGE", "LABEL", "NOTE", "WHEN"])
        table.rightAligned = book == nil ? [1] : [0]
        table.rows = bookmarks.map { mark in
            (book == nil ? ["#\(mark.bookID) \(mark.bookTitle)"] : [])
                + ["\(mark.page)", mark.label ?? "", mark.note ?? "", Formatting.relative(mark.updatedAt)]
        }
        context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: book == nil ? 0 : 2) + "\n")
    }
}
