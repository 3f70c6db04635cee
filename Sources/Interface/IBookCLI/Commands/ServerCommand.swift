import Arguments
import BookLibrary
import PostgresStore

/// `ibook server init URL`: prepares a PostgreSQL database for a shared library;
/// `ibook server grant USER reader|editor` and `revoke USER` hand out its roles.
package enum ServerCommand: Command {
    enum Arguments {
        static let url = Argument<String>("url", help: "postgresql://user@host:port/database, or postgresql: for the PG* variables.")
        static let grantedUser = Argument<String>("user", help: "The role a person logs in as (CREATE ROLE name LOGIN).")
        static let access = Argument<String>("access", help: "reader or editor.")
        static let revokedUser = Argument<String>("user", help: "The role to take the library's roles from.")
    }

    package static let spec = CommandSpec(
        name: "server",
        abstract: "Prepare a PostgreSQL database to hold a shared library, and say who may read and edit it.",
        subcommands: [
            CommandSpec(
                name: "init",
                abstract: "Create or upgrade the shared library's schema and its reader and editor roles.",
                discussion: """
                    Run it as the database's owner with CREATEROLE, or as a superuser; it checks its rights first and \
                    changes nothing when one is missing. The library gets roles of its own, ibook_<database>_reader \
                    (read and search everything, keep one's own bookmarks and history) and ibook_<database>_editor \
                    (also add, edit, tag and remove books): hand them out with 'ibook server grant'. Running it again \
                    applies only what is new; upgrading a library that used the server-wide ibook_reader and \
                    ibook_editor gives their holders this library's roles, and lists them.
                    """,
                positionals: [Arguments.url.positional],
                options: [CommonOptions.json.option]),
            CommandSpec(
                name: "grant",
                abstract: "Make a PostgreSQL role a reader or an editor of the shared library.",
                discussion: """
                    The shared library is --library or $IBOOK_LIBRARY; run it as the database's owner. The role gets \
                    this library's reader or editor role, and only that one. A warning says where the role reaches \
                    beyond this library: a superuser, a role that owns the tables or bypasses row-level security, \
                    CREATEROLE, the server-wide roles of older ibooks, rights in other databases.
                    """,
                positionals: [Arguments.grantedUser.positional, Arguments.access.positional],
                options: [CommonOptions.json.option]),
            CommandSpec(
                name: "revoke",
                abstract: "Take the shared library's reader and editor roles back from a PostgreSQL role.",
                discussion: """
                    The shared library is --library or $IBOOK_LIBRARY; run it as the database's owner. The person's \
                    bookmarks and history stay in the library, theirs alone: granted again, they find them.
                    """,
                positionals: [Arguments.revokedUser.positional],
                options: [CommonOptions.json.option]),
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        switch arguments.commandPath.dropFirst(2).first {
        case "init": try initialise(arguments, context)
        case "grant":
            let access = arguments[Arguments.access] ?? ""
            guard let level = PostgresAccessLevel(rawValue: access) else {
                throw UsageError("'\(access)' is not an access: give reader or editor")
            }
            try report(try PostgresAccess.grant(level, to: arguments[Arguments.grantedUser] ?? "", library: try sharedURL(context)),
                   arguments, context)
        case "revoke":
            try report(try PostgresAccess.revoke(from: arguments[Arguments.revokedUser] ?? "", library: try sharedURL(context)),
                   arguments, context)
        default:
            throw UsageError("Give a subcommand: init, grant or revoke")
        }
    }

    private static func initialise(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let url = arguments[Arguments.url] ?? ""
        guard LibraryLocation.isSharedURL(url) else {
            throw UsageError("'\(url)' is not a postgresql:// URL")
        }
        let setup = try PostgresAdministration.initialise(url)
        if arguments[CommonOptions.json] { return try context.printJSON(setup) }
        if setup.appliedMigrations.isEmpty {
            context.stdout.write("\(setup.library): the shared library is up to date\n")
        } else {
            context.stdout.write("\(setup.library): shared library ready (applied \(setup.appliedMigrations.joined(separator: ", ")))\n")
        }
        context.stdout.write("Roles: \(setup.readerRole) (read, own bookmarks and history), \(setup.editorRole) (also add, edit, tag and remove)\n")
        if setup.readers.isEmpty, setup.editors.isEmpty {
            context.stdout.write("Nobody is granted them yet: ibook server grant USER reader|editor\n")
        } else {
            context.stdout.write("Readers: \(names(setup.readers)); editors: \(names(setup.editors))\n")
        }
    }

    private static func names(_ roles: [String]) -> String {
        roles.isEmpty ? "none" : roles.joined(separator: ", ")
    }

    /// The shared library `grant` and `revoke` work on: --library or $IBOOK_LIBRARY.
    private static func sharedURL(_ context: CommandContext) throws -> String {
        guard let url = context.location.sharedURL else {
            throw UsageError("Give the shared library with --library postgresql://… (or $IBOOK_LIBRARY)")
        }
        return url
    }

    private static func report(_ change: PostgresAccessChange, _ arguments: ParsedArguments, _ context: CommandContext) throws {
        change.warnings.forEach(context.warning)
        if arguments[CommonOptions.json] { return try context.printJSON(change) }
        switch (change.access, change.roles.isEmpty) {
        case (let access?, _) where arguments.commandPath.dropFirst(2).first == "grant":
            context.stdout.write("\(change.user) is now a\(access == .editor ? "n" : "") \(access.rawValue) of \(change.library) (\(change.roles.joined()))\n")
        case (_, false):
            context.stdout.write("\(change.user) no longer has \(change.roles.joined(separator: " nor ")) on \(change.library)\n")
        case (_, true):
            context.stdout.write("\(change.user) had no role of \(change.library) to take back\n")
        }
    }
}
