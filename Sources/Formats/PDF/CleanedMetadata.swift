import Foundation

extension String {
    /// Metadata strings come from anywhere: control characters are turned into
    /// spaces, runs of whitespace collapsed, and absurd lengths cut, so one
    /// field can never break a listing or a terminal.
    func cleanedMetadata(limit: Int = 1000) -> String? {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.value == 0xFEFF
            if isSpace {
                if !lastWasSpace && !scalars.isEmpty { scalars.append(" ") }
                lastWasSpace = true
            } else {
                scalars.append(scalar)
                lastWasSpace = false
            }
        }
        var text = String(scalars).trimmingCharacters(in: .whitespaces)
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text.isEmpty ? nil : text
    }
}
