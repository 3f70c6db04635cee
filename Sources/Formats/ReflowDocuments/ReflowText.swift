/// A laid-out page's text as positions count it: letters are every character
/// but white space (ReflowEngine.c's is_letter), which line breaks add and drop.
public enum ReflowText {
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let c = scalar.value
        return c > 32 && c != 0xA0 && c != 0xAD && c != 0x3000 && !(0x2000...0x200B).contains(c) && c != 0xFEFF
    }

    /// The letters a character counts for: more than one when it joins several scalars (e + ◌́).
    public static func letters(in character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + (isLetter($1) ? 1 : 0) }
    }

    /// The characters as a line reads them: each run of white space (a line break) one space,
    /// a word hyphenated at a line's end joined again, and Chinese, Japanese or Korean text broken
    /// over two lines joined with no space.
    public static func joined<C: Collection>(_ characters: C) -> String where C.Element == Character {
        var text = ""
        var pendingSpace = false, lineBreak = false
        for character in characters {
            if character.isWhitespace {
                pendingSpace = true
                if character.isNewline { lineBreak = true }
                continue
            }
            if pendingSpace, !text.isEmpty {
                if lineBreak, text.last == "\u{00AD}" {
                    text.removeLast()
                } else if lineBreak, let last = text.last, isCJK(last), isCJK(character) {
                    // Nothing: these scripts put no space between words.
                } else {
                    text.append(" ")
                }
            }
            pendingSpace = false
            lineBreak = false
            text.append(character)
        }
        return text
    }

    private static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(scalar) || (0xAC00...0xD7AF).contains(scalar) || (0xF900...0xFAFF).contains(scalar)
            || (0xFF00...0xFFEF).contains(scalar) || (0x20000...0x3FFFF).contains(scalar)
    }
}
