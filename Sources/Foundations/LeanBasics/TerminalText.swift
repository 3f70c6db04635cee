/// Text from a file or a library, made safe to print: a title or a note
/// may hold an escape sequence (written by hand into a shared library, or
/// into a PDF's metadata) that would retitle, recolour or rewrite the
/// terminal of whoever lists it.
public enum TerminalText {
    /// One line: C0 and C1 controls and DEL dropped, line breaks and tabs
    /// made spaces. Text with none (nearly all) is returned as it is after
    /// one pass over its bytes.
    public static func line(_ text: String) -> String {
        guard hasControls(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isControl(scalar) {
                scalars.append(scalar)
            } else if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{85}" {
                scalars.append(" ")
            }
        }
        return String(scalars)
    }

    /// Several lines (a note, a page's text): line breaks, tabs and form
    /// feeds kept, every other control dropped.
    public static func lines(_ text: String) -> String {
        guard hasControls(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar) || scalar == "\n" || scalar == "\t" || scalar == "\u{0C}" {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// A value as a message quotes it: controls shown as `\u{1B}`, so that a
    /// refusal can say what it refused without passing it on.
    public static func escaped(_ text: String) -> String {
        guard hasControls(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a control character: C0 and DEL as single
    /// bytes, C1 as 0xC2 followed by 0x80...0x9F in UTF-8.
    public static func hasControls(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) { return true }
            previous = byte
        }
        return false
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
