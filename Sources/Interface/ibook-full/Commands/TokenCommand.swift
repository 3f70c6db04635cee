import Arguments
import BookLibrary
import IBookCLI

/// `ibook token add|list|remove`: the access tokens `ibook serve` takes, kept in the library.
enum TokenCommand: Command {
    enum Arguments {
        static let name = Argument<String>("name", help: "The token's name: who or what it is for (a person, a device).")
    }

    enum Options {
        static let editor = Flag("--editor", help: "It may also record reading state and bookmarks (a reader's only reads).")
    }

    static let spec = CommandSpec(
        name: "token",
        abstract: "Make, list and remove the access tokens 'ibook serve' asks clients for.",
        discussion: """
            A token is made at random and printed once: the library keeps only its SHA-256, so it cannot be shown \
            again (remove it and make another). A reader's token browses, searches, downloads and reads; an \
            editor's also records where its holder stopped and their bookmarks. Once a token exists, 'ibook serve' \
            asks every client for one, on this machine too, and may listen on an address other machines reach; a \
            token removed stops working at once, even while the server runs. Clients send it as 'Authorization: \
            Bearer TOKEN', or as the password of HTTP Basic with any user name (what e-reader apps ask for).
            """,
        subcommands: [
            CommandSpec(name: "add", abstract: "Make a token and print it (the only time it is shown).",
                        positionals: [Arguments.name.positional],
                        options: [Options.editor.option, CommonOptions.json.option]),
            CommandSpec(name: "list", abstract: "List the tokens: names, rights and when they were made.",
                        options: [CommonOptions.json.option]),
            CommandSpec(name: "remove", abstract: "Remove a token: clients that send it are refused from then on.",
                        positionals: [Arguments.name.positional]),
        ])

    static var requires: LibraryCapabilities { [.localFolder] }

    private struct Made: Encodable {
        var name: String
        var rights: WebToken.Rights
        var token: String
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let name = arguments[Arguments.name] ?? ""
        switch arguments.commandPath.dropFirst(2).first {
        case "add":
            let rights: WebToken.Rights = arguments[Options.editor] ? .editor : .reader
            let token = try library.addWebToken(named: name, rights: rights)
            if arguments[CommonOptions.json] { return try context.printJSON(Made(name: name, rights: rights, token: token)) }
            context.stdout.write("\(token)\n")
            context.stderr.write("Made \(rights.rawValue) token '\(name)': keep it now, it is not shown again.\n")
        case "list":
            let tokens = try library.webTokens()
            if arguments[CommonOptions.json] { return try context.printJSON(tokens) }
            guard !tokens.isEmpty else {
                context.stderr.write("No tokens yet: make one with 'ibook token add NAME'.\n")
                return
            }
            var table = TextTable(headers: ["TOKEN", "RIGHTS", "MADE"])
            table.rows = tokens.map { [$0.name, $0.rights.rawValue, Formatting.day($0.createdAt)] }
            context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: 0) + "\n")
        case "remove":
            try library.removeWebToken(named: name)
            context.stdout.write("Removed token '\(name)'\n")
        default:
            throw UsageError("Give a subcommand: add, list or remove")
        }
    }
}
