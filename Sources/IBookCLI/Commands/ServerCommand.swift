import Arguments
import BookLibrary

/// `ibook server init URL`: prepares a PostgreSQL database for a shared library.
package enum ServerCommand: Command {
    package static let spec = CommandSpec(
        name: "server",
        abstract: "Prepare a PostgreSQL database to hold a shared library.",
        subcommands: [
            CommandSpec(
                name: "init",
                abstract: "Create or upgrade the shared library's schema and its reader and editor roles.",
                discussion: """
                    Run it as the database's owner or a superuser. Readers (ibook_reader) read and search everything \
                    and keep their own bookmarks and history; editors (ibook_editor) also add, edit, tag and remove books. Give \
                    people a role with GRANT ibook_reader TO name. Running it again applies only what is new.
                    """,
                positionals: [Positional("url", help: "postgresql://user@host:port/database, or postgresql: for the PG* variables.")],
                options: [CommonOptions.json]),
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        guard arguments.commandPath.dropFirst(2).first == "init" else { throw UsageError("Give a subcommand: init") }
        let url = arguments.positional("url") ?? ""
        guard LibraryLocation.isSharedURL(url) else {
            throw UsageError("'\(url)' is not a postgresql:// URL")
        }
        let setup = try SharedServer.initialise(url)
        if arguments.flag("json") { return try context.printJSON(setup) }
        if setup.appliedMigrations.isEmpty {
            context.stdout.write("\(setup.library): the shared library is up to date\n")
        } else {
            context.stdout.write("\(setup.library): shared library ready (applied \(setup.appliedMigrations.joined(separator: ", ")))\n")
        }
        context.stdout.write("Roles: \(setup.readerRole) (read, own bookmarks and history), \(setup.editorRole) (also add, edit, tag and remove)\n")
    }
}
