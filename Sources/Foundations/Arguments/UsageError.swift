/// A mistake on the command line, reported to the user with the usage of `commandPath`.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// The command whose usage the error should be shown with, e.g. `["ibook", "add"]`.
    public var commandPath: [String]

    public init(_ message: String, commandPath: [String] = []) {
        self.message = message
        self.commandPath = commandPath
    }

    public var description: String { message }
}
