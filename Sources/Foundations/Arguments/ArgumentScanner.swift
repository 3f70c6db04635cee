/// Walks the command line once, left to right.
///
/// The parser runs it twice: leniently, to notice `--help` even on a line that has other
/// mistakes (asking for help must not be answered with an error), then strictly to
/// report the first mistake.
struct ArgumentScanner {
    struct Result {
        var chain: [CommandSpec]
        var arguments: ParsedArguments
        var helpFlag = false
        var helpCommand = false
        var version = false

        var path: [String] { chain.map(\.name) }
    }

    let root: CommandSpec
    let strict: Bool

    func scan(_ args: [String]) throws -> Result {
        var result = Result(chain: [root], arguments: ParsedArguments(commandPath: [root.name]))
        var table = OptionTable(chain: result.chain)
        var endOfOptions = false
        var index = 0

        func fail(_ message: String) throws {
            if strict { throw UsageError(message, commandPath: result.path) }
        }

        func nextArgument() -> String? {
            guard index < args.count else { return nil }
            defer { index += 1 }
            return args[index]
        }

        func apply(_ entry: OptionTable.Entry, spelled: String, attached: String?) throws {
            let option = entry.option
            switch entry.role {
            case .help:
                result.helpFlag = true
            case .version:
                result.version = true
            case .user where option.isFlag:
                if attached != nil {
                    try fail("Option '\(spelled)' does not take a value")
                } else {
                    result.arguments.flags.insert(option.key)
                }
            case .user:
                // A value option takes the next argument even when it looks like an option,
                // so that `--page -1` works.
                guard let value = attached ?? nextArgument() else {
                    try fail("Missing value for option '\(option.displayName)'")
                    return
                }
                if !option.choices.isEmpty, option.choice(matching: value) == nil {
                    try fail("Invalid value '\(value)' for '\(option.displayName)': expected one of \(option.choices.joined(separator: ", "))")
                    return
                }
                let previous = option.repeatable ? result.arguments.values(option.key) : []
                result.arguments.optionValues[option.key] = previous + [value]
                result.arguments.displayNames[option.key] = option.displayName
            }
        }

        while let arg = nextArgument() {
            if endOfOptions {
                result.arguments.positionals.append(arg)
            } else if arg == "--" {
                endOfOptions = true
            } else if result.helpCommand {
                // `help a b` names a command; anything else on the line is of no consequence.
                guard !arg.hasPrefix("-") else { continue }
                if let sub = result.chain.last?.subcommand(named: arg) {
                    result.chain.append(sub)
                } else {
                    try fail(Self.unknownCommandMessage(arg, in: result.chain.last ?? root))
                }
            } else if result.chain.last?.takesDashedWords == true, arg.count > 1, !arg.hasPrefix("--"),
                      table[Self.splitAtEquals(arg).name] == nil {
                result.arguments.positionals.append(arg)
            } else if arg.hasPrefix("--") {
                let (name, attached) = Self.splitAtEquals(arg)
                guard let entry = table[name] else {
                    try fail("Unknown option '\(name)'")
                    continue
                }
                try apply(entry, spelled: name, attached: attached)
            } else if arg.hasPrefix("-"), arg.count > 1 {
                let letters = Array(arg.dropFirst())
                var position = 0
                while position < letters.count {
                    let name = "-\(letters[position])"
                    guard let entry = table[name] else {
                        // `-foo` is more likely a mistyped option than three letters.
                        let shown = position == 0 ? Self.splitAtEquals(arg).name : name
                        try fail("Unknown option '\(shown)'")
                        break
                    }
                    position += 1
                    var rest = String(letters[position...])
                    let hasEquals = rest.hasPrefix("=")
                    if hasEquals { rest.removeFirst() }
                    if entry.role == .user && !entry.option.isFlag {
                        // `-ovalue`: the rest of the word is the value.
                        try apply(entry, spelled: name, attached: rest.isEmpty && !hasEquals ? nil : rest)
                        break
                    }
                    try apply(entry, spelled: name, attached: hasEquals ? rest : nil)
                    if hasEquals { break }
                }
            } else if let command = result.chain.last, !command.subcommands.isEmpty,
                      result.arguments.positionals.isEmpty {
                if let sub = command.subcommand(named: arg) {
                    result.chain.append(sub)
                    table = OptionTable(chain: result.chain)
                } else if arg == "help" && command.offersHelpSubcommand {
                    result.helpCommand = true
                } else if command.positionals.isEmpty {
                    try fail(Self.unknownCommandMessage(arg, in: command))
                    result.arguments.positionals.append(arg)
                } else {
                    result.arguments.positionals.append(arg)
                }
            } else {
                result.arguments.positionals.append(arg)
            }
        }
        result.arguments.commandPath = result.path
        return result
    }

    /// Hands the positional arguments to the command's positionals in order. Each one
    /// takes what it can while leaving enough for the required ones after it, so a
    /// repeating positional may sit anywhere in the list.
    static func bind(_ arguments: [String], to specs: [Positional],
                     commandPath: [String]) throws -> [String: [String]] {
        // Too few: the arguments given are the first ones, so the first required positional
        // left without one is the missing one (`copy a` lacks <destination>, not <source>).
        var unclaimed = arguments.count
        for spec in specs where spec.minimumCount > 0 {
            guard unclaimed > 0 else {
                throw UsageError("Missing expected argument '\(spec.label)'", commandPath: commandPath)
            }
            unclaimed -= 1
        }

        var bound: [String: [String]] = [:]
        var index = 0
        for (position, spec) in specs.enumerated() {
            let neededLater = specs[(position + 1)...].reduce(0) { $0 + $1.minimumCount }
            let available = max(0, arguments.count - index - neededLater)
            let count = spec.repeating ? available : min(1, available)
            bound[spec.name] = Array(arguments[index..<(index + count)])
            index += count
        }
        if index < arguments.count {
            throw UsageError("Unexpected argument '\(arguments[index])'", commandPath: commandPath)
        }
        return bound
    }

    static func unknownCommandMessage(_ name: String, in command: CommandSpec) -> String {
        var candidates = command.subcommands.map(\.name)
        if command.offersHelpSubcommand { candidates.append("help") }
        let message = "Unknown command '\(name)'"
        guard let suggestion = closest(to: name, among: candidates, maximumDistance: 2) else {
            return message
        }
        return "\(message). Did you mean '\(suggestion)'?"
    }

    /// The candidate with the smallest edit distance, the earliest on a tie.
    static func closest(to word: String, among candidates: [String], maximumDistance: Int) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= maximumDistance, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, counting a swap of neighbours (`lsit`) as one edit because it
    /// is the most common typing slip.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    static func splitAtEquals(_ arg: String) -> (name: String, value: String?) {
        guard let equals = arg.firstIndex(of: "=") else { return (arg, nil) }
        return (String(arg[..<equals]), String(arg[arg.index(after: equals)...]))
    }
}
