/// Text made safe for XML 1.0 content and attribute values: markup characters escaped,
/// and the characters XML forbids (C0 controls but tab and line ends, U+FFFE, U+FFFF) and
/// the C1 controls left out, whoever wrote the book's metadata.
public enum XMLText {
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
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
