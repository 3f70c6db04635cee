// A positional argument as a command declares it and reads it back, as the
// option handles are: the declaration (`positional`, from which help, the
// man page and the completions are made) and, in the type, what reading it
// gives. A command keeps its handles in one place, lists their `positional`s
// in its `CommandSpec` and reads `arguments[handle]`: a misspelt handle does
// not compile, and a repeating argument cannot be read as a single one.

/// A positional that takes one argument (`<page>`), read as `Value`: nil when
/// an optional one was left out. An argument that does not convert, or falls
/// outside `range`, is a usage error, as an option's value is.
public struct Argument<Value: ArgumentValue>: Sendable {
    public let positional: Positional
    public let range: ClosedRange<Value>?

    @inlinable
    public init(_ name: String, in range: ClosedRange<Value>? = nil, help: String, optional: Bool = false) {
        positional = Positional(name, help: help, optional: optional)
        self.range = range
    }

    /// The value of `text`, or the usage error for it.
    func converted(_ text: String, commandPath: [String]) throws -> Value {
        guard let value = Value(argument: text), range?.contains(value) ?? true else {
            throw positional.invalidValue(text, commandPath: commandPath)
        }
        return value
    }
}

/// A positional that collects every remaining argument (`<path> ...`), at
/// least one unless `optional`; read as every argument, in order.
public struct RepeatedArgument<Value: ArgumentValue>: Sendable {
    public let positional: Positional

    @inlinable
    public init(_ name: String, help: String, optional: Bool = false) {
        positional = Positional(name, help: help, optional: optional, repeating: true)
    }

    /// The values of `texts`, or the usage error for the first that is none.
    func converted(_ texts: [String], commandPath: [String]) throws -> [Value] {
        try texts.map { text in
            guard let value = Value(argument: text) else { throw positional.invalidValue(text, commandPath: commandPath) }
            return value
        }
    }
}

extension Positional {
    /// The usage error for an argument that is no value of its type (`Invalid value 'x' for '<page>'`).
    func invalidValue(_ text: String, commandPath: [String]) -> UsageError {
        UsageError("Invalid value '\(text)' for '\(label)'", commandPath: commandPath)
    }
}
