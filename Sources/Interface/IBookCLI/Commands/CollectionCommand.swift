import Arguments
import BookLibrary

package enum CollectionCommand: Command {
    enum Arguments {
        static let name = Argument<String>("name", help: "The collection's name.")
        static let book = RepeatedArgument<String>("book", help: "Books: ids, file paths or parts of titles.")
    }

    enum Options {
        static let at = ValueOption<Int>("--at", value: "n", in: 1...1_000_000, help: "Insert before position n (1 is first); a book already there moves.")
    }

    package static let spec = CommandSpec(
        name: "collection",
        abstract: "Keep named, ordered lists of books: a reading list, a course.",
        subcommands: [
            CommandSpec(name: "create", abstract: "Create an empty collection.", positionals: [Arguments.name.positional]),
            CommandSpec(name: "add", abstract: "Add books to a collection, at its end or at a position.",
                        positionals: [Arguments.name.positional, Arguments.book.positional],
                        options: [Options.at.option]),
            CommandSpec(name: "remove", abstract: "Remove books from a collection.", positionals: [Arguments.name.positional, Arguments.book.positional]),
            CommandSpec(name: "list", abstract: "List the collections with their sizes.", options: [CommonOptions.json.option]),
            CommandSpec(name: "show", abstract: "List a collection's books in their order.", positionals: [Arguments.name.positional],
                        options: [CommonOptions.json.option]),
            CommandSpec(name: "delete", abstract: "Delete a collection (its books stay in the library).", positionals: [Arguments.name.positional]),
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let name = arguments[Arguments.name] ?? ""
        func books() throws -> [Book] { try arguments[Arguments.book].map { try library.book(named: $0) } }
        switch arguments.commandPath.dropFirst(2).first {
        case "create":
            let collection = try library.createCollection(name)
            context.stdout.write("Created collection \(collection.name)\n")
        case "add":
            let position = try arguments[Options.at]
            try library.addToCollection(name, try books(), at: position)
            try show(library.collection(named: name), library: library, context: context, json: false)
        case "remove":
            try library.removeFromCollection(name, try books())
            try show(library.collection(named: name), library: library, context: context, json: false)
        case "list":
            let collections = try library.collections()
            if arguments[CommonOptions.json] { return try context.printJSON(collections) }
            guard !collections.isEmpty else {
                context.stderr.write("No collections yet: create one with 'ibook collection create NAME'.\n")
                return
            }
            var table = TextTable(headers: ["COLLECTION", "BOOKS", "CREATED"], rightAligned: [1])
            table.rows = collections.map { [$0.name, "\($0.bookCount)", Formatting.day($0.createdAt)] }
            context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: 0) + "\n")
        case "show":
            try show(library.collection(named: name), library: library, context: context, json: arguments[CommonOptions.json])
        case "delete":
            let collection = try library.collection(named: name)
            try library.deleteCollection(name)
            context.stdout.write("Deleted collection \(collection.name) (\(collection.bookCount) book\(collection.bookCount == 1 ? "" : "s") stay in the library)\n")
        default:
            throw UsageError("Give a subcommand: create, add, remove, list, show or delete")
        }
    }

    private static func show(_ collection: BookCollection, library: Library, context: CommandContext, json: Bool) throws {
        let books = try library.books(in: collection.name)
        if json { return try context.printJSON(books) }
        context.stdout.write("\(collection.name) (\(books.count) book\(books.count == 1 ? "" : "s"))\n")
        guard !books.isEmpty else { return }
        var table = TextTable(headers: ["#", "ID", "TITLE", "AUTHOR", "PAGES"], rightAligned: [0, 1, 4])
        table.rows = books.enumerated().map { ["\($0.offset + 1)", "\($0.element.id)", $0.element.title, $0.element.author, "\($0.element.pageCount)"] }
        context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: 2) + "\n")
    }
}
