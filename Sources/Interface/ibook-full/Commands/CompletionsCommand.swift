import Arguments
import BookIndexing
import IBookCLI

enum CompletionsCommand: Command {
    enum Arguments {
        static let shell = Argument<String>("shell", help: "bash, zsh or fish.")
    }

    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script, generated from the command definitions.",
        discussion: "For example: ibook completions bash > /etc/bash_completion.d/ibook, or ibook completions fish > ~/.config/fish/completions/ibook.fish",
        positionals: [Arguments.shell.positional])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        switch arguments[Arguments.shell] {
        case "bash": context.stdout.write(context.program.parser.bashCompletionScript() + "\n")
        case "zsh": context.stdout.write(context.program.parser.zshCompletionScript() + "\n")
        case "fish": context.stdout.write(context.program.parser.fishCompletionScript())
        case let other: throw UsageError("Invalid value '\(other ?? "")' for '<shell>': use bash, zsh or fish")
        }
    }
}
