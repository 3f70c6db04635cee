/// Replaces `#NAME#` placeholders in one pass, so text that a value brings in
/// is never itself searched for placeholders.
public enum TemplateFiller {
    /// Placeholder names in order of appearance, repeats included.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        scan(template) { piece in
            if case .placeholder(let name) = piece { names.append(name) }
        }
        return names
    }

    /// Fills the template; `value` returns the final HTML for a name, or nil when
    /// it has none. Names without a value are returned, in order, without repeats.
    public static func fill(_ template: String, value: (String) -> String?) -> (html: String, missing: [String]) {
        var html = ""
        html.reserveCapacity(template.utf8.count)
        var missing: [String] = []
        scan(template) { piece in
            switch piece {
            case .text(let text): html += text
            case .placeholder(let name):
                if let filled = value(name) {
                    html += filled
                } else if !missing.contains(name) {
                    missing.append(name)
                }
            }
        }
        return (html, missing)
    }

    enum Piece {
        case text(Substring)
        case placeholder(String)
    }

    /// A placeholder is `#` + an upper-case letter + upper-case letters, digits or `_` + `#`,
    /// which leaves CSS colours (`#fff`, `#1A2B3C`) and fragment links alone.
    static func scan(_ template: String, _ visit: (Piece) -> Void) {
        let scalars = template.unicodeScalars
        var textStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard scalars[index] == "#" else { index = scalars.index(after: index); continue }
            var end = scalars.index(after: index)
            var name = ""
            while end < scalars.endIndex, isNameScalar(scalars[end], first: name.isEmpty) {
                name.unicodeScalars.append(scalars[end])
                end = scalars.index(after: end)
            }
            if !name.isEmpty, end < scalars.endIndex, scalars[end] == "#" {
                if textStart < index { visit(.text(Substring(scalars[textStart..<index]))) }
                visit(.placeholder(name))
                index = scalars.index(after: end)
                textStart = index
            } else {
                index = scalars.index(after: index)
            }
        }
        if textStart < scalars.endIndex { visit(.text(Substring(scalars[textStart...]))) }
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar {
        case "A"..."Z": return true
        case "0"..."9", "_": return !first
        default: return false
        }
    }
}
