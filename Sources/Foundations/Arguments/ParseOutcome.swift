/// What the command line asks for. Help and version are outcomes rather than errors
/// because they succeed (exit status 0) even when the rest of the line is incomplete.
public enum ParseOutcome: Sendable, Equatable {
    case run(ParsedArguments)
    /// Show help for this command path, e.g. `["ibook", "add"]`.
    case help([String])
    case version
}
