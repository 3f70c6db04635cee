import Arguments
import BookLibrary
import FileNames

/// `ibook roots set|list|remove`: where this machine mounts the roots a shared library's files are stored under.
package enum RootsCommand: Command {
    enum Arguments {
        static let name = Argument<String>("name", help: "Letters, digits, '-', '_' and '.'.")
        static let path = Argument<String>("path", help: "The folder the root is mounted at here.")
        static let existingName = Argument<String>("name", help: "The root's name.")
    }

    package static let spec = CommandSpec(
        name: "roots",
        abstract: "Map the roots of a shared library's files to folders on this machine.",
        discussion: """
            A shared library stores each file added from under a root as the root's name and the path inside it, so \
            the same book opens on every machine that maps the root to its own mount point. The mapping is this \
            user's, on this machine ($XDG_CONFIG_HOME/ibook/roots); a file under no root is stored by its absolute path.
            """,
        subcommands: [
            CommandSpec(name: "set", abstract: "Map a root name to a folder on this machine.",
                        positionals: [Arguments.name.positional, Arguments.path.positional]),
            CommandSpec(name: "list", abstract: "The roots mapped on this machine.", options: [CommonOptions.json.option]),
            CommandSpec(name: "remove", abstract: "Forget a root on this machine (the library keeps its books).",
                        positionals: [Arguments.existingName.positional]),
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var roots = try MachineRoots.load()
        switch arguments.commandPath.dropFirst(2).first {
        case "set":
            let root = try roots.set(arguments[Arguments.name] ?? "", to: arguments[Arguments.path] ?? "")
            context.stdout.write("\(root.name) → \(FileName.displayed(root.path))\n")
        case "remove":
            let root = try roots.remove(arguments[Arguments.existingName] ?? "")
            context.stdout.write("Removed \(root.name) (was \(FileName.displayed(root.path)))\n")
        case "list":
            if arguments[CommonOptions.json] { return try context.printJSON(roots.roots) }
            guard !roots.roots.isEmpty else {
                context.stderr.write("No roots on this machine: map one with 'ibook roots set NAME PATH'.\n")
                return
            }
            let width = roots.roots.map(\.name.count).max() ?? 0
            for root in roots.roots {
                // Padded or cut to `width` UTF-16 units, as NSString's padding(toLength:) did.
                let units = root.name.utf16.count
                let padded = units >= width ? String(root.name.utf16.prefix(width)) ?? root.name
                    : root.name + String(repeating: " ", count: width - units)
                context.stdout.write(padded + "  "
                                     + FileName.displayed(root.path) + "\n")
            }
        default:
            throw UsageError("Give a subcommand: set, list or remove")
        }
    }
}
