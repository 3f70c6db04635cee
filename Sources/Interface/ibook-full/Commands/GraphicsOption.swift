import Arguments
import Foundation
import TerminalIO

/// `--graphics`, shared by `view` and `show`.
enum GraphicsOption {
    static let graphics = ValueOption<String>("--graphics", value: "mode",
                               help: "auto, kitty, iterm, sixel, blocks or text (default: $IBOOK_GRAPHICS, else auto).")

    /// The mode asked for by --graphics or $IBOOK_GRAPHICS; nil for auto. A
    /// name that is no mode is a usage error naming where it came from.
    static func requested(_ arguments: ParsedArguments, environment: [String: String]) throws -> GraphicsMode? {
        let flag = arguments[graphics]
        let value = (flag ?? environment["IBOOK_GRAPHICS"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        if value.isEmpty || value == "auto" { return nil }
        guard let mode = GraphicsMode(rawValue: value) else {
            let error = GraphicsChoiceError(value: value)
            throw UsageError(flag == nil ? "$IBOOK_GRAPHICS: \(error)" : error.description)
        }
        return mode
    }
}
