/// Text made safe for HTML and XML 1.0, in content and in attribute values: a value can never
/// open a tag, close an attribute or start an entity (`'` is written `&#39;`, which both
/// languages read), and the characters XML forbids (C0 controls but tab and line ends, U+FFFE,
/// U+FFFF) and the C1 controls are left out, whoever wrote the text (a book's metadata). Read
/// scalar by scalar, so that a quote followed by a combining mark is escaped too.
public enum MarkupEscaping {
    public static func text(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7f...0x9f).contains(value) || value == 0xfffe || value == 0xffff { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
