// Text put into the EPUB's XML: the five characters XML gives meaning to.

enum XMLEscaping {
    static func text(_ string: String) -> String {
        var out = ""
        for character in string {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
