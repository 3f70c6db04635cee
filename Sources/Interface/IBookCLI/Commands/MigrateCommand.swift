import Arguments
import BookLibrary

/// `ibook migrate --to URL` copies the local library into a shared one; `--from URL` copies a shared one here.
package enum MigrateCommand: Command {
    enum Options {
        static let to = ValueOption<String>("--to", value: "url", help: "The shared library to copy into: postgresql://user@host:port/database.")
        static let from = ValueOption<String>("--from", value: "url", help: "The shared library to copy from into the local library.")
    }

    package static let spec = CommandSpec(
        name: "migrate",
        abstract: "Copy the local library into a shared library on PostgreSQL, or a shared library into the local one.",
        discussion: """
            --to copies every book with its pages' text, outline and cover, then your bookmarks and reading history, \
            which become your database role's own, and the edited fields, tags, collections and saved searches. \
            --from copies the other way: the shared library's books (their pages indexed here as an add does), \
            covers, your role's bookmarks and history, and the curation. Books already there (same content) are \
            skipped: running it again copies nothing, and an interrupted run resumes where it stopped. \
            --to needs the library's editor role (ibook server grant USER editor) to add books.
            """,
        options: [
            Options.to.option,
            Options.from.option,
            CommonOptions.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let to = arguments[Options.to], from = arguments[Options.from]
        guard let url = to ?? from else { throw UsageError("Give the shared library with --to URL or --from URL") }
        guard to == nil || from == nil else { throw UsageError("Give either --to or --from, not both") }
        guard LibraryLocation.isSharedURL(url) else { throw UsageError("'\(url)' is not a postgresql:// URL") }
        guard context.location.capabilities.contains(.localFolder) else {
            throw UsageError("--library must be a local library to copy \(to != nil ? "from" : "into")")
        }
        let library = try context.library()
        let progress = PercentLine(terminal: context.stderr, title: "Copying books")
        let report = to != nil
            ? try library.migrate(to: url) { done, total in progress?.show(done: done, of: total) }
            : try library.migrate(from: url) { done, total in progress?.show(done: done, of: total) }
        progress?.clear()
        if arguments[CommonOptions.json] { return try context.printJSON(report) }
        context.stdout.write("""
            \(report.library): copied \(report.booksCopied) book\(report.booksCopied == 1 ? "" : "s") \
            (\(report.pagesCopied) pages, \(report.covers) cover\(report.covers == 1 ? "" : "s")), \
            \(report.booksAlreadyThere) already \(to != nil ? "there" : "here")\
            \(report.booksRefused > 0 ? ", \(report.booksRefused) refused (a content hash that is not a SHA-256 digest)" : "")
            Your bookmarks \(to != nil ? "there" : "here"): \(report.bookmarks); history entries: \(report.historyEntries)

            """)
    }
}
