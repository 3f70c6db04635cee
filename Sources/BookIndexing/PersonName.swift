import Foundation

/// Whether a byline reads as people's names: "Richard P. Feynman",
/// "A. Smith, B. Jones and C. Brown", "Лев Толстой", "夏目漱石".
enum PersonName {
    static let particles: Set<String> = [
        "van", "von", "de", "der", "den", "da", "di", "du", "del", "della", "la", "le", "y", "bin", "ibn", "al",
        "dos", "das", "ten", "ter", "st.", "jr.", "jr", "sr.", "ii", "iii",
    ]
    static let notNames: Set<String> = [
        "university", "department", "institute", "college", "school", "press", "inc", "inc.", "ltd", "ltd.",
        "abstract", "chapter", "version", "edition", "volume", "introduction", "contents", "copyright",
        "laboratory", "center", "centre", "corporation", "company", "group", "foundation", "society", "team",
        "published", "draft", "revision", "manual", "guide", "report", "january", "february", "march", "april",
        "june", "july", "august", "september", "october", "november", "december", "the", "of", "for", "with",
        "by", "in", "on", "to", "a", "an", "is", "from", "page", "volume", "vol.", "no.",
    ]

    /// The names on the line, or empty when it does not read as names.
    static func split(_ line: String) -> [String] {
        // Addresses and affiliations in brackets are not part of a name.
        var text = line.replacingOccurrences(of: "\\([^)]*\\)|<[^>]*>|\\[[^]]*\\]", with: " ", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
        for prefix in ["by ", "By ", "BY "] where text.hasPrefix(prefix) { text = String(text.dropFirst(prefix.count)) }
        let separators = [" and ", " & ", " und ", " et ", " и ", ";", ",", "·", "•", "、", "，"]
        var parts = [text]
        for separator in separators {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        let names = parts.map(clean).filter { !$0.isEmpty }
        guard !names.isEmpty, names.count <= 12, names.allSatisfy(isName) else { return [] }
        return names
    }

    /// Footnote marks and affiliations' superscripts removed.
    static func clean(_ part: String) -> String {
        let marks = CharacterSet(charactersIn: "*†‡§¶∗⋆'\"()[]0123456789¹²³⁴⁵⁶⁷⁸⁹⁰")
        return part.trimmingCharacters(in: .whitespaces.union(marks))
    }

    static func isName(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        if scalars.allSatisfy({ $0.properties.isIdeographic || $0 == "·" || $0 == "・" }) {
            return (2...6).contains(text.count)
        }
        let words = text.split(separator: " ").map(String.init)
        guard (2...5).contains(words.count) else { return false }
        guard !scalars.contains(where: { CharacterSet.decimalDigits.contains($0) || "@:/".unicodeScalars.contains($0) })
        else { return false }
        var capitalised = 0
        for word in words {
            let lower = word.lowercased()
            if notNames.contains(lower) { return false }
            if particles.contains(lower) { continue }
            guard let first = word.unicodeScalars.first, first.properties.isUppercase else { return false }
            // "J.", "J.-P.", "Feynman", "O'Brien", "Smith-Jones".
            guard word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ".-'’".unicodeScalars.contains($0) })
            else { return false }
            if word.count > 1, word.dropFirst().allSatisfy({ $0.isUppercase }) && !word.contains(".") && word.count > 3 {
                // ALL-CAPS words are names only when the whole line is set that way.
                if text != text.uppercased() { return false }
            }
            capitalised += 1
        }
        return capitalised >= 2
    }
}
