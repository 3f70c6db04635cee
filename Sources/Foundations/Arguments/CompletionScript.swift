/// Generates shell completion scripts from the command definitions.
///
/// Option values and positionals complete as file names: this parser does not know what
/// a value means, and in a file-oriented tool a path is the most likely answer.
struct CompletionScript {
    let root: CommandSpec

    /// Every command with the commands above it, root first, depth first.
    private var chains: [[CommandSpec]] {
        func walk(_ chain: [CommandSpec]) -> [[CommandSpec]] {
            [chain] + chain[chain.count - 1].subcommands.flatMap { walk(chain + [$0]) }
        }
        return walk([root])
    }

    private var functionName: String {
        "_" + String(root.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    // MARK: bash

    var bash: String {
        var cases: [String] = []
        for chain in chains {
            let command = chain[chain.count - 1]
            let entries = OptionTable(chain: chain).entries
            var subcommands = command.subcommands.map(\.name)
            if command.offersHelpSubcommand { subcommands.append("help") }
            let path = chain.map(\.name).joined(separator: " ")
            cases.append(bashCase(
                path: path,
                subcommands: subcommands,
                options: entries.flatMap(\.option.names),
                valued: entries.filter { $0.role == .user && !$0.option.isFlag }.flatMap(\.option.names),
                files: !command.positionals.isEmpty))
            if command.offersHelpSubcommand {
                cases.append(bashCase(path: path + " help", subcommands: command.subcommands.map(\.name),
                                      options: [], valued: [], files: false))
            }
        }
        cases.append("        *) subcommands=''; options=''; valued=''; files=0 ;;")
        var choiceCases: [String] = []
        for chain in chains {
            let path = chain.map(\.name).joined(separator: " ")
            for entry in OptionTable(chain: chain).entries where !entry.option.choices.isEmpty {
                for name in entry.option.names {
                    choiceCases.append("        \(shellQuoted(path + " " + name))) echo \(shellQuoted(entry.option.choices.joined(separator: " "))) ;;")
                }
            }
        }
        let f = functionName
        return """
        # bash completion for \(root.name), generated from its argument definitions.

        \(f)_spec() {
            case "$1" in
        \(cases.joined(separator: "\n"))
            esac
        }

        # The values of an option that takes one of a fixed set.
        \(f)_choices() {
            case "$1 $2" in
        \(choiceCases.joined(separator: "\n"))
            esac
        }

        # Read line by line: file names may hold spaces or glob characters.
        \(f)_files() {
            local file
            while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "$1")
        }

        \(f)() {
            local cur="${COMP_WORDS[COMP_CWORD]}" path=\(shellQuoted(root.name)) word i
            local subcommands options valued files
            COMPREPLY=()
            # Find the active subcommand, stepping over option values so a value such as
            # a folder named 'list' is not taken for a command.
            for ((i = 1; i < COMP_CWORD; i++)); do
                word="${COMP_WORDS[i]}"
                \(f)_spec "$path"
                if [[ "$word" == "--" ]]; then
                    \(f)_files "$cur"
                    return
                elif [[ " $valued " == *" $word "* ]]; then
                    if ((i + 1 == COMP_CWORD)); then
                        local choices
                        choices="$(\(f)_choices "$path" "$word")"
                        if [[ -n "$choices" ]]; then
                            COMPREPLY=($(compgen -W "$choices" -- "$cur"))
                        else
                            \(f)_files "$cur"
                        fi
                        return
                    fi
                    ((i++))
                elif [[ "$word" != -* && " $subcommands " == *" $word "* ]]; then
                    path="$path $word"
                fi
            done
            \(f)_spec "$path"
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
            elif [[ -n "$subcommands" ]]; then
                COMPREPLY=($(compgen -W "$subcommands" -- "$cur"))
            elif ((files)); then
                \(f)_files "$cur"
            fi
        }

        complete -o filenames -F \(f) \(root.name)

        """
    }

    private func bashCase(path: String, subcommands: [String], options: [String],
                          valued: [String], files: Bool) -> String {
        func list(_ words: [String]) -> String { shellQuoted(words.joined(separator: " ")) }
        return "        \(shellQuoted(path))) subcommands=\(list(subcommands)); options=\(list(options));"
            + " valued=\(list(valued)); files=\(files ? 1 : 0) ;;"
    }

    // MARK: zsh

    var zsh: String {
        var script = """
        #compdef \(root.name)
        # zsh completion for \(root.name), generated from its argument definitions.

        """
        for chain in chains {
            script += "\n" + zshFunction(for: chain)
        }
        script += "\n\(functionName) \"$@\"\n"
        return script
    }

    private func zshFunctionName(_ chain: [CommandSpec]) -> String {
        ([functionName] + chain.dropFirst().map { String($0.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }) })
            .joined(separator: "_")
    }

    private func zshFunction(for chain: [CommandSpec]) -> String {
        let command = chain[chain.count - 1]
        var specs = OptionTable(chain: chain).entries.map { zshOptionSpec($0.option) }
        if command.subcommands.isEmpty {
            for (offset, positional) in command.positionals.enumerated() {
                let message = zshEscaped(positional.name, colons: true)
                if positional.repeating {
                    // `_arguments` allows nothing after a rest spec, so any later positionals
                    // are completed as part of it: they are files too.
                    specs.append(shellQuoted("*:\(message):_files"))
                    break
                } else {
                    let colons = positional.optional ? "::" : ":"
                    specs.append(shellQuoted("\(offset + 1)\(colons)\(message):_files"))
                }
            }
        } else {
            specs.append(shellQuoted("1: :->subcommand"))
            specs.append(shellQuoted("*:: :->argument"))
        }
        var body = ["    local curcontext=\"$curcontext\" state line",
                    "    typeset -A opt_args",
                    "    _arguments -C -s \\"]
        body += specs.enumerated().map { index, spec in
            "        " + spec + (index == specs.count - 1 ? "" : " \\")
        }
        if !command.subcommands.isEmpty {
            let described = command.subcommands.map { ($0.name, $0.abstract) }
                + (command.offersHelpSubcommand ? [("help", "Show subcommand help information.")] : [])
            body += ["    case $state in",
                     "        subcommand)",
                     "            local -a subcommands",
                     "            subcommands=("]
            body += described.map { "                " + shellQuoted("\(zshEscaped($0.0, colons: true)):\($0.1)") }
            body += ["            )",
                     "            _describe -t subcommands 'subcommand' subcommands",
                     "            ;;",
                     "        argument)",
                     "            case $line[1] in"]
            for sub in command.subcommands {
                body.append("                \(shellQuoted(sub.name))) \(zshFunctionName(chain + [sub])) ;;")
            }
            if command.offersHelpSubcommand {
                let names = command.subcommands.map { shellQuoted($0.name) }.joined(separator: " ")
                body.append("                help) _values 'subcommand' \(names) ;;")
            }
            body += ["            esac",
                     "            ;;",
                     "    esac"]
        }
        return "\(zshFunctionName(chain))() {\n" + body.joined(separator: "\n") + "\n}\n"
    }

    /// `'(-o --output)'{-o,--output}'[Help.]:file:_files'`, the usual `_arguments` idiom.
    private func zshOptionSpec(_ option: Option) -> String {
        let description = "[\(zshEscaped(option.help))]"
        let values = option.choices.isEmpty ? "_files" : "(" + option.choices.joined(separator: " ") + ")"
        let action = option.valueName.map { ":\(zshEscaped($0, colons: true)):\(values)" } ?? ""
        let exclusion = option.repeatable ? "*" : "(\(option.names.joined(separator: " ")))"
        if option.names.count == 1 {
            return shellQuoted(exclusion + option.names[0] + description + action)
        }
        return shellQuoted(exclusion) + "{" + option.names.joined(separator: ",") + "}"
            + shellQuoted(description + action)
    }

    /// Escapes what `_arguments` gives a meaning to inside descriptions and messages.
    private func zshEscaped(_ text: String, colons: Bool = false) -> String {
        var escaped = ""
        for character in text {
            if "[]\\".contains(character) || (colons && character == ":") { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: fish

    /// `complete` lines: subcommands while none is given, then each
    /// subcommand's options (values complete as files, as in bash and zsh).
    var fish: String {
        let name = root.name
        var lines = ["# fish completion for \(name), generated from its argument definitions.", "complete -c \(name) -f"]
        for option in root.globalOptions + [OptionTable.versionOption, OptionTable.helpOption] {
            lines.append("complete -c \(name)" + fishOption(option))
        }
        var subcommands = root.subcommands.map { ($0.name, $0.abstract) }
        if root.offersHelpSubcommand { subcommands.append(("help", "Show help for a command.")) }
        for (subcommand, abstract) in subcommands {
            lines.append("complete -c \(name) -n __fish_use_subcommand -a \(shellQuoted(subcommand)) -d \(shellQuoted(fishDescription(abstract)))")
        }
        for command in root.subcommands {
            let condition = " -n " + shellQuoted("__fish_seen_subcommand_from \(command.name)")
            for option in command.options { lines.append("complete -c \(name)" + condition + fishOption(option)) }
            if !command.positionals.isEmpty { lines.append("complete -c \(name)" + condition + " -F") }
        }
        if root.offersHelpSubcommand {
            let condition = " -n " + shellQuoted("__fish_seen_subcommand_from help")
            for command in root.subcommands { lines.append("complete -c \(name)" + condition + " -a \(shellQuoted(command.name))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func fishOption(_ option: Option) -> String {
        var flags = ""
        for optionName in option.names {
            if optionName.hasPrefix("--") { flags += " -l " + shellQuoted(String(optionName.dropFirst(2))) }
            else if optionName.hasPrefix("-") { flags += " -s " + shellQuoted(String(optionName.dropFirst())) }
        }
        if !option.choices.isEmpty {
            flags += " -x -a " + shellQuoted(option.choices.joined(separator: " "))
        } else if option.valueName != nil {
            flags += " -r -F"
        }
        return flags + " -d " + shellQuoted(fishDescription(option.help))
    }

    /// fish shows one line; the first sentence says enough.
    private func fishDescription(_ text: String) -> String {
        let sentence = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? text
        return sentence.count > 80 ? String(sentence.prefix(79)) + "…" : sentence
    }

    private func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
