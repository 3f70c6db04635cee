/// Parses a command line against a tree of `CommandSpec`s and renders the help, usage,
/// error and shell-completion text for the same tree, so they cannot drift apart.
public struct ArgumentParser: Sendable {
    public let root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    /// - Parameter args: the command line without the program name (`argv[0]`).
    public func parse(_ args: [String]) throws -> ParseOutcome {
        let lenient = try ArgumentScanner(root: root, strict: false).scan(args)
        if lenient.helpFlag {
            // `ibook frobnicate --help` names no command: the same error as without --help.
            let command = chain(for: lenient.path).last ?? root
            if !command.subcommands.isEmpty, command.positionals.isEmpty, !lenient.arguments.positionals.isEmpty {
                _ = try ArgumentScanner(root: root, strict: true).scan(args.filter { $0 != "--help" && $0 != "-h" })
            }
            return .help(lenient.path)
        }
        if lenient.version { return .version }

        let scanned = try ArgumentScanner(root: root, strict: true).scan(args)
        let path = scanned.path
        if scanned.helpCommand { return .help(path) }
        let command = scanned.chain[scanned.chain.count - 1]
        // A command that only groups subcommands has nothing to run on its own.
        if !command.subcommands.isEmpty && command.positionals.isEmpty
            && scanned.arguments.positionals.isEmpty {
            return .help(path)
        }
        var arguments = scanned.arguments
        arguments.positionalsByName = try ArgumentScanner.bind(
            arguments.positionals, to: command.positionals, commandPath: path)
        return .run(arguments)
    }

    /// The full help text, without a trailing newline.
    public func helpText(for commandPath: [String]) -> String {
        HelpFormatter(chain: chain(for: commandPath)).helpText
    }

    /// e.g. `ibook add <path> ... [--password <password>] [--json]`.
    public func usageLine(for commandPath: [String]) -> String {
        HelpFormatter(chain: chain(for: commandPath)).usageLine
    }

    /// The text to print on standard error for a usage error, without a trailing newline.
    public func errorText(for error: UsageError) -> String {
        let chain = chain(for: error.commandPath)
        let name = chain.map(\.name).joined(separator: " ")
        return [
            "Error: \(error.message)",
            HelpFormatter(chain: chain).usage(prefix: "Usage: "),
            "  See '\(name) --help' for more information.",
        ].joined(separator: "\n")
    }

    /// A bash script that completes subcommands, options and file names; source it to use it.
    public func bashCompletionScript() -> String {
        CompletionScript(root: root).bash
    }

    /// A zsh script (`#compdef`); put it in a directory on `$fpath` named `_<program>`.
    public func zshCompletionScript() -> String {
        CompletionScript(root: root).zsh
    }

    /// A man page in section 1, with `sections` (exit status, environment, files…) after the commands.
    public func manPage(version: String, date: String, sections: [ManSection]) -> String {
        ManPage(root: root, version: version, date: date, sections: sections).text
    }

    /// The command reference in Markdown: `preamble` under the title, then every
    /// command and subcommand, the options of every command, and `sections`.
    public func commandReference(preamble: String, sections: [ManSection]) -> String {
        CommandReference(root: root, preamble: preamble, sections: sections).text
    }

    /// A fish script; put it in `~/.config/fish/completions/<program>.fish`.
    public func fishCompletionScript() -> String {
        CompletionScript(root: root).fish
    }

    /// The commands named by `path`, from the root down. A path that strays from the
    /// definitions stops at the last command it names correctly.
    func chain(for path: [String]) -> [CommandSpec] {
        var chain = [root]
        for name in path.dropFirst() {
            guard let sub = chain[chain.count - 1].subcommand(named: name) else { break }
            chain.append(sub)
        }
        return chain
    }
}
