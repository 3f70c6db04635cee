/// An option as a command declares it and reads it back: the declaration
/// (`option`, from which help, the man page and the completions are made)
/// and, in the conforming type, what reading it gives. A command keeps its
/// handles in one place, lists their `option`s in its `CommandSpec` and reads
/// `arguments[handle]`: a misspelt handle does not compile, and a flag
/// cannot be read as a value. (The spec takes the plain `Option`s: a list of
/// handles would box each in an existential, which the lean ibook would pay
/// for at every start.)
public protocol OptionDeclaration: Sendable {
    var option: Option { get }
}

extension Option: OptionDeclaration {
    public var option: Option { self }
}

/// An option that takes no value (`--json`); reads as whether it was given.
public struct Flag: OptionDeclaration {
    public let option: Option

    @inlinable
    public init(_ names: String..., help: String) {
        option = Option(names: names, value: nil, choices: [], help: help, repeatable: false)
    }
}

/// What an option's value can be read as: its text converted, or nil when
/// the text is not such a value (a usage error naming the option).
public protocol ArgumentValue: Comparable, Sendable {
    init?(argument: String)
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
}

extension Double: ArgumentValue {
    /// Only finite numbers: `nan` and `inf` are no length, time or angle.
    public init?(argument: String) {
        guard let number = Double(argument), number.isFinite else { return nil }
        self = number
    }
}

/// An option that takes one value (`--limit <n>`), read as `Value`; the last
/// one given counts. A value outside `range` is a usage error, as one that
/// does not convert is.
public struct ValueOption<Value: ArgumentValue>: OptionDeclaration {
    public let option: Option
    public let range: ClosedRange<Value>?

    /// - Parameters:
    ///   - names: Spellings such as `"-o"`, `"--output"`.
    ///   - value: The value placeholder shown in help (`"n"` or `"<n>"`).
    @inlinable
    public init(_ names: String..., value: String, in range: ClosedRange<Value>? = nil, help: String) {
        option = Option(names: names, value: value, choices: [], help: help, repeatable: false)
        self.range = range
    }

    /// The value of `text`, or the usage error for it.
    func converted(_ text: String, displayName: String, commandPath: [String]) throws -> Value {
        guard let value = Value(argument: text), range?.contains(value) ?? true else {
            throw UsageError("Invalid value '\(text)' for '\(displayName)'", commandPath: commandPath)
        }
        return value
    }
}

/// An option that may be given several times (`--author A --author B`),
/// read as every value in order.
public struct RepeatedOption<Value: ArgumentValue>: OptionDeclaration {
    public let option: Option

    @inlinable
    public init(_ names: String..., value: String, help: String) {
        option = Option(names: names, value: value, choices: [], help: help, repeatable: true)
    }
}

/// An option whose value is a case of `Choice` (its raw values, in
/// declaration order): help, the man page and the completions list them, and
/// the parser refuses anything else, so reading it cannot fail.
public struct ChoiceOption<Choice: CaseIterable & RawRepresentable & Sendable>: OptionDeclaration
where Choice.RawValue == String {
    public let option: Option

    /// Inlinable, so that the choices are built with the command's own type: in
    /// generic code the runtime builds `[Choice]` from its mangled name first.
    @inlinable
    public init(_ names: String..., value: String, help: String) {
        option = Option(names: names, value: value, choices: Choice.allCases.map { $0.rawValue }, help: help, repeatable: false)
    }
}
