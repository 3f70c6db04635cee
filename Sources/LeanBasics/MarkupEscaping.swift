/// Text made safe to place in XML or HTML, as element text or an attribute
/// value in either quotes: it can never open a tag, close the attribute or
/// start an entity. One rule for the OPF package documents ibook writes and
/// the HTML it composes.
public enum MarkupEscaping {
    public static func text(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
