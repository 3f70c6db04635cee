/// Width of text in terminal columns: East Asian wide characters take two.
public enum TextWidth {
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || value == 0x200B { return 0 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Cuts text to at most `limit` columns, ending with "…" when cut.
    public static func truncate(_ text: String, to limit: Int) -> String {
        guard of(text) > limit else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = of(String(character))
            if used + w > limit - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    public static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - of(text)))
        return right ? padding + text : text + padding
    }
}
