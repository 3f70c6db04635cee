/// Renders help and usage text for one command, in swift-argument-parser's layout.
struct HelpFormatter {
    static let screenWidth = 80
    static let labelIndent = 2
    /// Where the help column starts, the same as swift-argument-parser's.
    static let labelColumnWidth = 26

    /// The commands from the root down to the one being described.
    let chain: [CommandSpec]

    private var command: CommandSpec { chain[chain.count - 1] }
    private var commandName: String { chain.map(\.name).joined(separator: " ") }

    /// The pieces of the usage line; each stays whole when the line is wrapped.
    var usageUnits: [String] {
        var units = [commandName]
        units += command.positionals.map(\.usageFragment)
        units += command.options.map(\.usageFragment)
        if !command.subcommands.isEmpty { units.append("<subcommand>") }
        return units
    }

    var usageLine: String { usageUnits.joined(separator: " ") }

    func usage(prefix: String) -> String {
        Self.wrap(units: usageUnits, prefix: prefix)
    }

    var helpText: String {
        var sections: [String] = []
        if !command.abstract.isEmpty {
            sections.append(Self.wrap("OVERVIEW: \(command.abstract)"))
        }
        if let discussion = command.discussion, !discussion.isEmpty {
            sections.append(Self.wrap(discussion))
        }
        sections.append(usage(prefix: "USAGE: "))
        if !command.positionals.isEmpty {
            let rows = command.positionals.map { Self.row($0.label, $0.help) }
            sections.append((["ARGUMENTS:"] + rows).joined(separator: "\n"))
        }
        let optionRows = OptionTable(chain: chain).entries.map { Self.row($0.option.helpLabel, $0.option.helpWithChoices) }
        sections.append((["OPTIONS:"] + optionRows).joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            var rows = command.subcommands.map { Self.row($0.name, $0.abstract) }
            if command.offersHelpSubcommand {
                rows.append(Self.row("help", "Show subcommand help information."))
            }
            sections.append((["SUBCOMMANDS:"] + rows).joined(separator: "\n"))
            if command.offersHelpSubcommand {
                let helpCommand = ([chain[0].name, "help"] + chain.dropFirst().map(\.name)).joined(separator: " ")
                sections.append("  See '\(helpCommand) <subcommand>' for detailed help.")
            }
        }
        return sections.joined(separator: "\n\n")
    }

    /// One line of a two-column section; a label too wide for its column gets a line of its own.
    static func row(_ label: String, _ help: String) -> String {
        let paddedLabel = String(repeating: " ", count: labelIndent) + label
        let helpLines = wrapLines(help, width: screenWidth - labelColumnWidth)
        guard let first = helpLines.first else { return paddedLabel }
        let margin = String(repeating: " ", count: labelColumnWidth)
        let rest = helpLines.dropFirst().map { margin + $0 }
        let head: [String]
        if paddedLabel.count + 2 <= labelColumnWidth {
            head = [paddedLabel + String(repeating: " ", count: labelColumnWidth - paddedLabel.count) + first]
        } else {
            head = [paddedLabel, margin + first]
        }
        return (head + rest).joined(separator: "\n")
    }

    /// Wraps each line of `text` to the screen width, keeping the author's line breaks.
    static func wrap(_ text: String, width: Int = screenWidth) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLines(String($0), width: width).joined(separator: "\n") }
            .joined(separator: "\n")
    }

    /// Greedy word wrapping; a word longer than the width is left whole rather than cut.
    static func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Lays usage pieces after `prefix`, continuing under the first piece.
    static func wrap(units: [String], prefix: String, width: Int = screenWidth) -> String {
        let margin = String(repeating: " ", count: prefix.count)
        var lines: [String] = []
        var current = prefix
        for unit in units {
            if current == prefix || current == margin {
                current += unit
            } else if current.count + 1 + unit.count <= width {
                current += " " + unit
            } else {
                lines.append(current)
                current = margin + unit
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
