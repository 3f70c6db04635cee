import Arguments
import BookLibrary

package enum TagCommand: Command {
    enum Arguments {
        static let arguments = RepeatedArgument<String>("arguments", help: "Books, then +tag or -tag (with --rename: OLD NEW).")
    }

    enum Options {
        static let rename = Flag("--rename", help: "Rename the tag OLD to NEW in every book.")
    }

    package static let spec: CommandSpec = {
        var spec = CommandSpec(
            name: "tag",
            abstract: "Add and remove tags on books.",
            discussion: "Words starting with + add a tag, words starting with - remove one (and the tags beneath it); the other words name books (default: the open book). Tags are hierarchical with '/': science/optics is counted under science. With --rename, renames a tag and those beneath it across the library.",
            positionals: [Arguments.arguments.positional],
            options: [Options.rename.option])
        spec.takesDashedWords = true
        return spec
    }()

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let words = arguments[Arguments.arguments]
        let library = try context.library()
        if arguments[Options.rename] {
            guard words.count == 2 else { throw UsageError("--rename takes the old tag and the new one: ibook tag --rename OLD NEW") }
            let old = words[0].hasPrefix("+") ? String(words[0].dropFirst()) : words[0]
            let new = words[1].hasPrefix("+") ? String(words[1].dropFirst()) : words[1]
            let count = try library.renameTag(old, to: new)
            context.stdout.write("Renamed \(old) to \(new) on \(count) book\(count == 1 ? "" : "s")\n")
            return
        }
        var adding: [String] = [], removing: [String] = [], names: [String] = []
        for word in words {
            if word.hasPrefix("+"), word.count > 1 { adding.append(String(word.dropFirst())) }
            else if word.hasPrefix("-"), word.count > 1 { removing.append(String(word.dropFirst())) }
            else { names.append(word) }
        }
        guard !adding.isEmpty || !removing.isEmpty else {
            throw UsageError("Give at least one tag to add (+tag) or remove (-tag)")
        }
        let books = names.isEmpty ? [try context.bookFromOption()] : try names.map { try library.book(named: $0) }
        try library.tag(books, adding: adding, removing: removing)
        for book in books {
            let tags = try library.tags(of: book)
            context.stdout.write("#\(book.id) \(book.title): \(tags.isEmpty ? "no tags" : tags.joined(separator: ", "))\n")
        }
    }
}

package enum UntagCommand: Command {
    enum Arguments {
        static let tag = Argument<String>("tag", help: "The tag to remove.")
        static let book = RepeatedArgument<String>("book", help: "Books to remove it from (default: every book that has it).", optional: true)
    }

    package static let spec = CommandSpec(
        name: "untag",
        abstract: "Remove a tag from books, or from every book.",
        discussion: "The tags beneath it go too: untagging science removes science/optics.",
        positionals: [
            Arguments.tag.positional,
            Arguments.book.positional,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let names = arguments[Arguments.book]
        let books = names.isEmpty ? nil : try names.map { try library.book(named: $0) }
        let tag = arguments[Arguments.tag] ?? ""
        let removed = try library.untag(tag, from: books)
        context.stdout.write("Removed \(removed) tag\(removed == 1 ? "" : "s") (\(tag) and beneath it)\n")
    }
}

package enum TagsCommand: Command {
    package static let spec = CommandSpec(
        name: "tags",
        abstract: "List the tags in use as a tree, with how many books carry each.",
        options: [CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let counts = try context.library().tagCounts()
        if arguments[CommonOptions.json] {
            try context.printJSON(counts)
            return
        }
        guard !counts.isEmpty else {
            context.stderr.write("No tags yet: tag a book with 'ibook tag BOOK +name'.\n")
            return
        }
        var table = TextTable(headers: ["TAG", "BOOKS"], rightAligned: [1])
        table.rows = counts.map { count in
            let depth = count.tag.split(separator: "/").count - 1
            let name = String(repeating: "  ", count: depth) + (count.tag.split(separator: "/").last.map(String.init) ?? count.tag)
            return [name, "\(count.total)"]
        }
        context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: 0) + "\n")
    }
}
