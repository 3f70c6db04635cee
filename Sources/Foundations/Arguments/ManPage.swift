/// A man page (roff, `man 7 man` macros) generated from the same command
/// definitions as help and completions, so the three cannot disagree.
struct ManPage {
    let root: CommandSpec
    let version: String
    let date: String
    let sections: [ManSection]

    var text: String {
        var lines = [
            ".TH \(root.name.uppercased()) 1 \"\(date)\" \"\(root.name) \(version)\" \"User Commands\"",
            ".SH NAME",
            "\(escaped(root.name)) \\- \(escaped(root.abstract))",
            ".SH SYNOPSIS",
            ".B \(escaped(root.name))",
            "[\\fIoptions\\fR] \\fIcommand\\fR [\\fIarguments\\fR]",
        ]
        if let discussion = root.discussion {
            lines += [".SH DESCRIPTION", escaped(discussion)]
        }
        lines.append(".SH COMMANDS")
        for command in root.subcommands {
            let chain = [root, command]
            lines.append(".SS \"\(escaped(HelpFormatter(chain: chain).usageLine))\"")
            lines.append(escaped(command.abstract))
            if let discussion = command.discussion {
                lines += [".PP", escaped(discussion)]
            }
            for positional in command.positionals {
                lines += [".TP", "\\fI<\(escaped(positional.name))>\\fR", escaped(positional.help)]
            }
            for option in command.options {
                lines += optionLines(option)
            }
        }
        let globals = root.globalOptions + [OptionTable.helpOption, OptionTable.versionOption]
        lines.append(".SH OPTIONS")
        lines.append("These work with every command, before or after its name.")
        for option in globals { lines += optionLines(option) }
        for section in sections {
            lines.append(".SH \(section.title.uppercased())")
            for (index, paragraph) in section.paragraphs.enumerated() {
                if let term = paragraph.term {
                    lines += [".TP", "\\fB\(escaped(term))\\fR", escaped(paragraph.text)]
                } else {
                    if index > 0 { lines.append(".PP") }
                    lines.append(escaped(paragraph.text))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func optionLines(_ option: Option) -> [String] {
        let names = option.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
        let value = option.valueName.map { " \\fI<\(escaped($0))>\\fR" } ?? ""
        return [".TP", names + value, escaped(option.helpWithChoices)]
    }

    /// roff's special characters: backslashes, hyphens (so they copy as ASCII
    /// minus), and a leading dot or quote that would start a request.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\n": result += " "
            default: result.append(character)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}

/// A section of a man page beyond the commands: EXIT STATUS, ENVIRONMENT, FILES…
public struct ManSection: Sendable {
    public struct Paragraph: Sendable {
        /// The tagged term (`64`, `IBOOK_LIBRARY`), or nil for plain text.
        public var term: String?
        public var text: String
        public init(_ term: String?, _ text: String) {
            self.term = term
            self.text = text
        }
    }

    public var title: String
    public var paragraphs: [Paragraph]

    public init(_ title: String, _ paragraphs: [Paragraph]) {
        self.title = title
        self.paragraphs = paragraphs
    }
}
