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

    /// Builds a result directly, for testing code that consumes parsed arguments.
    public init(commandPath: [String], positionals: [String] = [],
                flags: Set<String> = [], values: [String: [String]] = [:],
                positionalValues: [String: [String]] = [:]) {
        self.commandPath = commandPath
        self.positionals = positionals
        self.flags = flags
        self.optionValues = values
        self.positionalsByName = positionalValues
    }

    /// Whether the flag with this key was given.
    public func flag(_ key: String) -> Bool {
        flags.contains(key)
    }

    /// The last value given for the option.
    public func value(_ key: String) -> String? {
        optionValues[key]?.last
    }

    /// Every value given for a repeatable option, in order; for other options at most the last.
    public func values(_ key: String) -> [String] {
        optionValues[key] ?? []
    }

    /// The argument bound to a positional (the first one, for a repeating positional).
    public func positional(_ name: String) -> String? {
        positionalsByName[name]?.first
    }

    public func positionalValues(_ name: String) -> [String] {
        positionalsByName[name] ?? []
    }

    /// The option's value as an integer, or `nil` when it was not given.
    public func int(_ key: String, in range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let text = value(key) else { return nil }
        guard let number = Int(text), range?.contains(number) ?? true else {
            throw invalidValue(text, for: key)
        }
        return number
    }

    /// The option's value as a finite number, or `nil` when it was not given.
    public func double(_ key: String, in range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let text = value(key) else { return nil }
        guard let number = Double(text), number.isFinite, range?.contains(number) ?? true else {
            throw invalidValue(text, for: key)
        }
        return number
    }

    private func invalidValue(_ text: String, for key: String) -> UsageError {
        let name = displayNames[key] ?? "--\(key)"
        return UsageError("Invalid value '\(text)' for '\(name)'", commandPath: commandPath)
    }
}
