import Arguments
import BookLibrary

package enum BookmarkCommand: Command {
    enum Arguments {
        static let page = Argument<String>("page", help: "A page number or label.")
    }

    enum Options {
        static let note = ValueOption<String>("--note", value: "text", help: "A note to keep with the bookmark.")
        static let delete = Flag("--delete", help: "Remove the bookmark on this page.")
    }

    package static let spec = CommandSpec(
        name: "bookmark",
        abstract: "Bookmark a page of the open book, or delete a bookmark.",
        discussion: "Bookmarking the same page again updates its note.",
        positionals: [Arguments.page.positional],
        options: [
            CommonOptions.book.option,
            Options.note.option,
            Options.delete.option,
            CommonOptions.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let book = try context.bookFromOption()
        let reference = PageReference(arguments[Arguments.page] ?? "")
        let library = try context.library()
        if arguments[Options.delete] {
            if arguments[Options.note] != nil { throw UsageError("--note cannot be used with --delete") }
            let location = try library.deleteBookmark(book, page: reference)
            context.stdout.write("Deleted the bookmark on page \(location.page) of \(book.title)\n")
            return
        }
        let (bookmark, created) = try library.bookmark(book, page: reference, note: arguments[Options.note])
        if arguments[CommonOptions.json] {
            try context.printJSON(bookmark)
            return
        }
        let label = Formatting.labelSuffix(bookmark.label, page: bookmark.page)
        context.stdout.write("\(created ? "Bookmarked" : "Updated the bookmark on") page \(bookmark.page)\(label) of \(book.title)\n")
    }
}
