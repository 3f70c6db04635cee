/// The definition of a command: what it accepts and how its help reads.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String?
    public var positionals: [Positional]
    public var options: [Option]
    public var subcommands: [CommandSpec]
    /// Options accepted by this command and by every command beneath it, anywhere on the
    /// command line, so that `ibook --library /x list` and `ibook list --library /x` agree.
    public var globalOptions: [Option]
    /// Words such as `-todo` or `-tag:draft` that name no option are positional
    /// arguments (tag removals, negated query terms) instead of errors.
    public var takesDashedWords = false

    public init(name: String, abstract: String, discussion: String? = nil,
                positionals: [Positional] = [], options: [Option] = [],
                subcommands: [CommandSpec] = [], globalOptions: [Option] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
        self.subcommands = subcommands
        self.globalOptions = globalOptions
    }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// A `help` subcommand is offered only when the definitions do not claim the name.
    var offersHelpSubcommand: Bool {
        !subcommands.isEmpty && subcommand(named: "help") == nil
    }
}
