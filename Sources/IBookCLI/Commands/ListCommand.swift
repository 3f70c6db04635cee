import Arguments
import BookLibrary

package enum ListCommand: Command {
    package static let spec = CommandSpec(
        name: "list",
        abstract: "List the books in the library.",
        options: [
            Option("--sort", value: "key", choices: BookSort.self, help: "Order of the books (default id; added: newest first)."),
            CommonOptions.json,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let sortName = (arguments.value("sort") ?? "id").lowercased()
        guard let sort = BookSort(rawValue: sortName) else {
            throw UsageError("Invalid value '\(sortName)' for '--sort <key>': use one of \(BookSort.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let books = try context.library().list(sort: sort)
        if arguments.flag("json") {
            try context.printJSON(books)
            return
        }
        guard !books.isEmpty else {
            context.stderr.write("The library is empty: add a PDF with 'ibook add FILE'.\n")
            return
        }
        var table = TextTable(headers: ["ID", "TITLE", "AUTHOR", "PAGES", "ADDED"], rightAligned: [0, 3])
        table.rows = books.map { ["\($0.id)", $0.title, $0.author, "\($0.pageCount)", Formatting.day($0.addedAt)] }
        context.stdout.write(table.render(maxWidth: context.stdout.width, squeezable: 1) + "\n")
    }
}
