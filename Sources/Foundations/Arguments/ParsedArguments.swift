/// The result of a successful parse: which command runs and with what.
public struct ParsedArguments: Sendable, Equatable {
    /// e.g. `["ibook", "add"]`.
    public var commandPath: [String]
    /// Every positional argument, in the order given.
    public var positionals: [String]

    var flags: Set<String> = []
    var optionValues: [String: [String]] = [:]
    var positionalsByName: [String: [String]] = [:]
    /// Key to `--limit <n>`, so conversion errors name the option as the user knows it.
    var displayNames: [String: String] = [:]

    /// Builds a result directly, for tests of the parser's consumers.
    init(commandPath: [String], positionals: [String] = [],
         flags: Set<String> = [], values: [String: [String]] = [:],
         positionalValues: [String: [String]] = [:]) {
        self.commandPath = commandPath
        self.positionals = positionals
        self.flags = flags
        self.optionValues = values
        self.positionalsByName = positionalValues
    }

    /// Whether the flag was given.
    public subscript(flag: Flag) -> Bool {
        flags.contains(flag.option.key)
    }

    /// The last value given for the option, nil when it was not given.
    public subscript(option: ValueOption<String>) -> String? {
        value(option.option.key)
    }

    /// The last value given for the option, converted; nil when it was not
    /// given, a usage error naming the option when it is not such a value.
    public subscript<Value>(option: ValueOption<Value>) -> Value? {
        get throws {
            guard let text = value(option.option.key) else { return nil }
            return try option.converted(text, displayName: displayName(of: option), commandPath: commandPath)
        }
    }

    /// Every value given for the option, in order.
    public subscript(option: RepeatedOption<String>) -> [String] {
        values(option.option.key)
    }

    /// Every value given for the option, in order, converted.
    public subscript<Value>(option: RepeatedOption<Value>) -> [Value] {
        get throws {
            try values(option.option.key).map { text in
                guard let value = Value(argument: text) else {
                    throw UsageError("Invalid value '\(text)' for '\(displayName(of: option))'", commandPath: commandPath)
                }
                return value
            }
        }
    }

    /// The case given for the option, nil when it was not given. The parser took
    /// it in any case (upper or lower) and refused values that are none of them.
    public subscript<Choice>(option: ChoiceOption<Choice>) -> Choice? {
        value(option.option.key).flatMap(option.option.choice(matching:)).flatMap(Choice.init(rawValue:))
    }

    /// The argument given for the positional, nil when an optional one was left out.
    public subscript(argument: Argument<String>) -> String? {
        positional(argument.positional.name)
    }

    /// The argument given for the positional, converted; nil when an optional one
    /// was left out, a usage error naming it when it is not such a value.
    public subscript<Value>(argument: Argument<Value>) -> Value? {
        get throws {
            guard let text = positional(argument.positional.name) else { return nil }
            return try argument.converted(text, commandPath: commandPath)
        }
    }

    /// Every argument the repeating positional collected, in order.
    public subscript(argument: RepeatedArgument<String>) -> [String] {
        positionalValues(argument.positional.name)
    }

    /// Every argument the repeating positional collected, in order, converted.
    public subscript<Value>(argument: RepeatedArgument<Value>) -> [Value] {
        get throws {
            try argument.converted(positionalValues(argument.positional.name), commandPath: commandPath)
        }
    }

    /// Whether the option was given at all, whatever it is.
    public func contains(_ option: some OptionDeclaration) -> Bool {
        flags.contains(option.option.key) || optionValues[option.option.key] != nil
    }

    /// The option as the user knows it (`--limit <n>`), for errors about its value.
    private func displayName(of option: some OptionDeclaration) -> String {
        displayNames[option.option.key] ?? option.option.displayName
    }

    // Looked up by key or name: for the subscripts above and the parser's own tests.

    func flag(_ key: String) -> Bool {
        flags.contains(key)
    }

    func value(_ key: String) -> String? {
        optionValues[key]?.last
    }

    func values(_ key: String) -> [String] {
        optionValues[key] ?? []
    }

    /// The argument bound to a positional (the first one, for a repeating positional).
    func positional(_ name: String) -> String? {
        positionalsByName[name]?.first
    }

    func positionalValues(_ name: String) -> [String] {
        positionalsByName[name] ?? []
    }
}
