/// A named option: a flag (`--json`) or one that takes a value (`--limit <n>`).
/// What help, the man page and the completions are made from; a command declares
/// its options as typed handles (`Flag`, `ValueOption`…), each holding one, and
/// reads them back through those.
public struct Option: Sendable, Equatable {
    public var names: [String]
    /// The placeholder shown in help, without angle brackets; `nil` makes the option a flag.
    public var valueName: String?
    public var help: String
    /// Keeps every value given instead of only the last one.
    public var repeatable: Bool
    /// How the parsed value is looked up in `ParsedArguments`.
    public var key: String
    /// The values the option takes, when they are a fixed set: help, the man
    /// page and the completions list them, and anything else is a usage error.
    /// Compared without regard to case.
    public var choices: [String]

    /// - Parameters:
    ///   - names: Spellings such as `"-o"`, `"--output"`.
    ///   - value: The value placeholder (`"n"` or `"<n>"`); leave `nil` for a flag.
    public init(_ names: String..., value: String? = nil, help: String, repeatable: Bool = false) {
        self.init(names: names, value: value, choices: [], help: help, repeatable: repeatable)
    }

    /// An option whose value is one of a fixed set, such as an enumeration's raw values.
    public init(_ names: String..., value: String, choices: [String], help: String) {
        self.init(names: names, value: value, choices: choices, help: help, repeatable: false)
    }

    /// An option whose value is a case of `type` (its raw values, in declaration order).
    /// Inlinable, so that a command's options are built with its own type: in
    /// generic code the runtime builds `[Choice]` from its mangled name first.
    @inlinable
    public init<Choice: CaseIterable & RawRepresentable>(_ names: String..., value: String, choices type: Choice.Type,
                                                        help: String) where Choice.RawValue == String {
        self.init(names: names, value: value, choices: type.allCases.map { $0.rawValue }, help: help, repeatable: false)
    }

    @usableFromInline
    init(names: [String], value: String?, choices: [String], help: String, repeatable: Bool) {
        self.choices = choices
        self.names = names
        self.valueName = value.map(Option.strippingBrackets)
        self.help = help
        self.repeatable = repeatable
        let long = names.first { $0.hasPrefix("--") }
        let chosen = long ?? names.first ?? ""
        self.key = String(chosen.drop { $0 == "-" })
    }

    public var isFlag: Bool { valueName == nil }

    /// The help text, with the values listed when they are a fixed set.
    public var helpWithChoices: String {
        guard !choices.isEmpty else { return help }
        return help + " Values: " + choices.joined(separator: ", ") + "."
    }

    /// The value as given, when it is one of the choices (any case); the
    /// choice as declared.
    public func choice(matching value: String) -> String? {
        choices.first { $0.lowercased() == value.lowercased() }
    }

    /// The spelling used in usage lines and error messages: the long name when there is one,
    /// because it says more than a single letter.
    public var preferredName: String {
        names.first { $0.hasPrefix("--") } ?? names.first ?? "--\(key)"
    }

    /// `--limit <n>` or `--json`; this is how errors refer to the option.
    public var displayName: String {
        guard let valueName else { return preferredName }
        return "\(preferredName) <\(valueName)>"
    }

    /// The left column of the OPTIONS section, short names first as in most tools' help.
    var helpLabel: String {
        let sorted = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
        let joined = sorted.joined(separator: ", ")
        guard let valueName else { return joined }
        return "\(joined) <\(valueName)>"
    }

    var usageFragment: String {
        var text = displayName
        if repeatable { text += " ..." }
        return "[\(text)]"
    }

    private static func strippingBrackets(_ name: String) -> String {
        guard name.hasPrefix("<"), name.hasSuffix(">"), name.count >= 2 else { return name }
        return String(name.dropFirst().dropLast())
    }
}
