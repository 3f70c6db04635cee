import Arguments
import BookLibrary

/// `ibook migrate --to URL`: copies the local library into a shared one.
package enum MigrateCommand: Command {
    package static let spec = CommandSpec(
        name: "migrate",
        abstract: "Copy the local library into a shared library on PostgreSQL.",
        discussion: """
            Copies every book with its pages' text, outline and cover, then your bookmarks and reading history, \
            which become your database role's own. Books the shared library has already (same content) are \
            skipped: running it again copies nothing, and an interrupted run resumes where it stopped. \
            Needs the editor role (ibook_editor) to add books.
            """,
        options: [
            Option("--to", value: "url", help: "The shared library: postgresql://user@host:port/database."),
            CommonOptions.json,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        guard let url = arguments.value("to") else { throw UsageError("Give the shared library with --to URL") }
        guard LibraryLocation.isSharedURL(url) else { throw UsageError("'\(url)' is not a postgresql:// URL") }
        guard !context.location.isShared else { throw UsageError("--library must be a local library to copy from") }
        let library = try context.library()
        let progress = PercentLine(terminal: context.stderr, title: "Copying books")
        let report = try library.migrate(to: url) { done, total in progress?.show(done: done, of: total) }
        progress?.clear()
        if arguments.flag("json") { return try context.printJSON(report) }
        context.stdout.write("""
            \(report.library): copied \(report.booksCopied) book\(report.booksCopied == 1 ? "" : "s") \
            (\(report.pagesCopied) pages, \(report.covers) cover\(report.covers == 1 ? "" : "s")), \
            \(report.booksAlreadyThere) already there
            Your bookmarks there: \(report.bookmarks); history entries: \(report.historyEntries)

            """)
    }
}
