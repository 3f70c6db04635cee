/// The command reference in Markdown (`docs/commands.md`), generated from the
/// same definitions as help, the man page and the completions, so that the
/// documentation cannot drift from `--help`. It holds no date or version: the
/// file is committed, and a test compares it with what the binary prints.
struct CommandReference {
    let root: CommandSpec
    /// The paragraph under the title: where the page comes from and how to remake it.
    let preamble: String
    /// What the man page has beyond the commands: exit status, environment, files…
    let sections: [ManSection]

    var text: String {
        var blocks = ["# Command reference", preamble]
        var overview = [escaped(root.abstract)]
        if let discussion = root.discussion { overview.append(escaped(discussion)) }
        blocks.append(overview.joined(separator: " "))
        blocks.append(commandTable)
        for command in root.subcommands {
            blocks += commandBlocks([root, command])
        }
        blocks.append("## Options of every command")
        blocks.append("These work with every command, before or after its name.")
        let globals = root.globalOptions + [OptionTable.helpOption, OptionTable.versionOption]
        blocks.append(globals.map(optionItem).joined(separator: "\n"))
        for section in sections {
            blocks.append("## \(escaped(section.title))")
            blocks += sectionBlocks(section)
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// One row a command, linked to its part of the page.
    private var commandTable: String {
        var rows = ["| command | what it does |", "| --- | --- |"]
        for command in root.subcommands {
            let title = "\(root.name) \(command.name)"
            rows.append("| [`\(command.name)`](#\(Self.anchor(title))) | \(escaped(command.abstract)) |")
        }
        return rows.joined(separator: "\n")
    }

    /// A command's heading, usage, arguments and options, then its subcommands one level deeper.
    private func commandBlocks(_ chain: [CommandSpec]) -> [String] {
        let command = chain[chain.count - 1]
        let name = chain.map(\.name).joined(separator: " ")
        let level = String(repeating: "#", count: min(chain.count, 6))
        var blocks = ["\(level) `\(name)`", escaped(command.abstract)]
        let units = HelpFormatter(chain: chain).usageUnits
        // The name first, the rest wrapped under the first argument, as help wraps it.
        let rest = Array(units.dropFirst())
        let usage = rest.isEmpty ? name : HelpFormatter.wrap(units: rest, prefix: name + " ")
        blocks.append("```\n\(usage)\n```")
        if let discussion = command.discussion, !discussion.isEmpty {
            blocks += discussion.split(separator: "\n").map { escaped(String($0)) }
        }
        if !command.positionals.isEmpty {
            blocks.append("Arguments:")
            blocks.append(command.positionals.map { positional in
                "- `\(positional.usageFragment)`: \(escaped(positional.help))"
            }.joined(separator: "\n"))
        }
        if !command.options.isEmpty {
            blocks.append("Options:")
            blocks.append(command.options.map(optionItem).joined(separator: "\n"))
        }
        if !command.globalOptions.isEmpty {
            blocks.append("Options of every `\(name)` command:")
            blocks.append(command.globalOptions.map(optionItem).joined(separator: "\n"))
        }
        for subcommand in command.subcommands {
            blocks += commandBlocks(chain + [subcommand])
        }
        return blocks
    }

    private func optionItem(_ option: Option) -> String {
        let repeats = option.repeatable ? " (repeatable)" : ""
        return "- `\(option.helpLabel)`\(repeats): \(escaped(option.helpWithChoices))"
    }

    private func sectionBlocks(_ section: ManSection) -> [String] {
        var blocks: [String] = []
        var items: [String] = []
        for paragraph in section.paragraphs {
            if let term = paragraph.term {
                items.append("- `\(term)`: \(escaped(paragraph.text))")
            } else {
                if !items.isEmpty { blocks.append(items.joined(separator: "\n")); items = [] }
                blocks.append(escaped(paragraph.text))
            }
        }
        if !items.isEmpty { blocks.append(items.joined(separator: "\n")) }
        return blocks
    }

    /// Help is plain text: characters Markdown would read as emphasis, code,
    /// HTML (`<book>` would vanish as a tag), links or table cells are escaped.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_<>[]|".contains(character) { result.append("\\") }
            result.append(character)
        }
        if result.hasPrefix("#") || result.hasPrefix("-") || result.hasPrefix("+") { result = "\\" + result }
        return result
    }

    /// The anchor GitHub gives a heading: lower case, punctuation other than
    /// `-` and `_` dropped, spaces made hyphens.
    static func anchor(_ heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }
}
