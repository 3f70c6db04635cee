import Foundation
import LeanBasics

/// Makes data safe to place in HTML text or attribute values: a value can never
/// open a tag, close an attribute or start an entity.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        MarkupEscaping.text(text)
    }

    /// Escapes, then keeps the author's line breaks, which HTML would otherwise fold into spaces.
    public static func escapeKeepingLines(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return normalized.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escape(String($0)) }
            .joined(separator: "<br>\n")
    }
}
