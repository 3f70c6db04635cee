/// A `--graphics` or `$IBOOK_GRAPHICS` value that names no mode.
public struct GraphicsChoiceError: Error, Equatable, CustomStringConvertible {
    public var value: String

    public init(value: String) { self.value = value }

    public static var choices: [String] { ["auto"] + GraphicsMode.allCases.map(\.rawValue) }

    public var description: String {
        "unknown graphics mode '\(value)' (choose one of: \(Self.choices.joined(separator: ", ")))"
    }
}
