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
        "updated", "revised", "index", "reference", "documentation", "original", "written", "edited", "translated",
        "compiled", "prepared", "example", "notes", "table",
    ]
    /// Words that end the name of a body that signs a work: "The R Core Team", "LSB Workgroup".
    static let bodies: Set<String> = [
        "team", "project", "workgroup", "group", "foundation", "consortium", "committee", "community",
        "developers", "contributors", "authors",
    ]

    /// The names on the line, or empty when it does not read as names.
    static func split(_ line: String) -> [String] {
        // Addresses and affiliations in brackets are not part of a name.
        var text = line.replacingOccurrences(of: "\\([^)]*\\)|<[^>]*>|\\[[^]]*\\]", with: " ", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
        for prefix in ["by ", "By ", "BY "] where text.hasPrefix(prefix) { text = String(text.dropFirst(prefix.count)) }
        // "Original documentation by Paul Falstad": the names follow the last "by".
        if let by = text.ranges(of: " by ").last { text = String(text[by.upperBound...]) }
        let separators = [" and ", " & ", " und ", " et ", " и ", ";", ",", "·", "•", "、", "，"]
        var parts = [text]
        for separator in separators {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        // A date or a version ("Updated May 14, 2022", "Version 5.9") is no name, whatever else the line says.
        guard !parts.contains(where: { $0.split(separator: " ").contains { $0.allSatisfy(\.isNumber) } }) else { return [] }
        let names = parts.map(clean).filter { !$0.isEmpty }
        guard !names.isEmpty, names.count <= 12, names.allSatisfy({ isName($0) || isBody($0) }) else { return [] }
        return names
    }

    /// Footnote marks and affiliations' superscripts removed.
    static func clean(_ part: String) -> String {
        let marks = CharacterSet(charactersIn: "*†‡§¶∗⋆'\"()[]0123456789¹²³⁴⁵⁶⁷⁸⁹⁰")
        return part.trimmingCharacters(in: .whitespaces.union(marks))
    }

    /// A body that signs a work as its author: capitalised words ending in
    /// "Team", "Project", "Foundation"…, led by "The" or not.
    static func isBody(_ text: String) -> Bool {
        let words = text.split(separator: " ").map(String.init)
        guard (2...6).contains(words.count), let last = words.last, bodies.contains(last.lowercased()) else { return false }
        return words.allSatisfy { word in
            word.lowercased() == "the" || word.lowercased() == "of" || (word.first.map { $0.isUppercase || $0.isNumber } ?? false)
        }
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
                // ALL-CAPS words are names only when the whole line is set that way, and short (a table's header is not).
                if text != text.uppercased() || words.count > 4 { return false }
            }
            capitalised += 1
        }
        return capitalised >= 2
    }
}
