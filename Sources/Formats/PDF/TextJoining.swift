/// How two pieces of a page's text meet when the break between them is undone.
enum TextJoining {
    enum Joint { case none, space, dropLast }

    static let hyphens: Set<Character> = ["-", "\u{2010}", "\u{00AD}"]

    /// Nothing after a word hyphenated at a line end (the hyphen goes) or
    /// between Chinese and Japanese characters, otherwise a space where the
    /// page had a gap.
    static func joint(last: Character?, beforeLast: Character?, next: Character, lineBreak: Bool, gap: Bool) -> Joint {
        guard let last, gap || lineBreak else { return .none }
        if last == "\u{00AD}" { return .dropLast }
        if lineBreak, hyphens.contains(last), next.isLowercase, beforeLast?.isLetter == true { return .dropLast }
        if lineBreak, isCJK(last), isCJK(next) { return .none }
        return .space
    }

    static func join(_ text: inout String, next: Character, lineBreak: Bool, gap: Bool) {
        switch joint(last: text.last, beforeLast: text.dropLast().last, next: next, lineBreak: lineBreak, gap: gap) {
        case .none: break
        case .space: text.append(" ")
        case .dropLast: text.removeLast()
        }
    }

    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(scalar) || (0xAC00...0xD7AF).contains(scalar)
            || (0xF900...0xFAFF).contains(scalar) || (0xFF00...0xFFEF).contains(scalar)
            || (0x20000...0x2FA1F).contains(scalar)
    }
}
