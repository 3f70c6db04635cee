import Foundation

extension String {
    /// Without leading and trailing white space, newlines included.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// Strings from a book come from anywhere: control characters become spaces, runs of
    /// whitespace collapse, and absurd lengths are cut, so no field can break a listing
    /// or a terminal (the idea of the PDF module's cleanedMetadata).
    func cleanedBookText(limit: Int = 1000) -> String? {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        var count = 0
        for scalar in unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.value == 0xFEFF
            if isSpace {
                if !lastWasSpace && !scalars.isEmpty { scalars.append(" ") }
                lastWasSpace = true
            } else {
                scalars.append(scalar)
                lastWasSpace = false
                count += 1
                if count > limit * 2 { break }
            }
        }
        var text = String(scalars)
        while text.last == " " { text.removeLast() }
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text.isEmpty ? nil : text
    }

    /// Markup (a description given as escaped HTML) reduced to its text.
    func strippingMarkup() -> String {
        var result = ""
        var inTag = false
        for character in self {
            if character == "<" { inTag = true; result.append(" "); continue }
            if character == ">" && inTag { inTag = false; continue }
            if !inTag { result.append(character) }
        }
        let entities = ["&nbsp;": " ", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&amp;": "&"]
        for (entity, text) in entities { result = result.replacingOccurrences(of: entity, with: text) }
        return result
    }
}
