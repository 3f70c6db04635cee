import LeanBasics

/// Turns what a user typed into a search box into an FTS5 MATCH expression.
///
/// Raw user text is never passed through: FTS5 gives meaning to AND, OR, NOT,
/// NEAR, *, ^, :, +, parentheses and quotes, and an unbalanced one is a syntax
/// error. Every word is quoted instead, so all of these are searched as text.
public enum FTS5Query {
    /// The words of text: runs of letters and numbers (any script), split at
    /// everything else. Returned unquoted.
    ///
    /// Letters and numbers are what FTS5's default unicode61 tokenizer keeps.
    /// Characters are judged as whole grapheme clusters so a combining accent
    /// stays in its word: should FTS5 split such a quoted word further, the
    /// pieces still form one phrase and match the same text.
    public static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if isWordCharacter(character) {
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// A token as an FTS5 string: inside double quotes nothing is syntax.
    public static func quote(_ token: String) -> String {
        "\"" + token.replacingEvery("\"", with: "\"\"") + "\""
    }

    /// One phrase of all the words, in order and adjacent: `"a" + "b" + "c"*`.
    /// With prefixLast the last word also matches longer words it begins,
    /// for search-as-you-type. Nil when text has no words.
    public static func phrase(_ text: String, prefixLast: Bool) -> String? {
        let words = tokens(text)
        guard !words.isEmpty else { return nil }
        return words.map(quote).joined(separator: " + ") + (prefixLast ? "*" : "")
    }

    /// Every word, anywhere in the row and in any order: `"a" AND "b" AND "c"*`.
    /// Nil when text has no words.
    public static func allWords(_ text: String, prefixLast: Bool) -> String? {
        let words = tokens(text)
        guard !words.isEmpty else { return nil }
        return words.map(quote).joined(separator: " AND ") + (prefixLast ? "*" : "")
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        // unicode61's default token categories: L*, N* and Co.
        switch first.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .privateUse:
            return true
        default:
            return false
        }
    }
}
