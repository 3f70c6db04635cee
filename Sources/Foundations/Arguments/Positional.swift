/// A positional argument, identified in help and in `ParsedArguments` by its name.
/// What help, the man page and the completions are made from; a command declares
/// its positionals as typed handles (`Argument`, `RepeatedArgument`), each holding
/// one, and reads them back through those.
public struct Positional: Sendable, Equatable {
    public var name: String
    public var help: String
    public var optional: Bool
    /// Collects every remaining argument (at least one unless `optional`).
    public var repeating: Bool

    public init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
        self.name = name
        self.help = help
        self.optional = optional
        self.repeating = repeating
    }

    /// How many arguments this positional cannot do without.
    var minimumCount: Int { optional ? 0 : 1 }

    var label: String { "<\(name)>" }

    var usageFragment: String {
        let text = repeating ? "\(label) ..." : label
        return optional ? "[\(text)]" : text
    }
}
