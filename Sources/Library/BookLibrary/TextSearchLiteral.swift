import TextSearch

/// PostgreSQL `tsvector` and `tsquery` values written out as their input
/// syntax, from terms ibook has already folded and stemmed (`IndexText`,
/// `SearchQuery`). Their input functions take lexemes as given, unlike
/// `to_tsvector`, which would fold them again with the server's own rules.
package enum TextSearchLiteral {
    /// What a tsvector can hold: positions 1…16383, 256 positions a lexeme,
    /// lexemes of at most 2046 bytes, 1 MB of lexemes in all.
    static let maxPosition = 16383
    static let maxPositionsPerLexeme = 256
    package static let maxLexemeBytes = 2046
    static let maxLexemeTotal = 1 << 20 - 4096

    /// A tsvector literal, and whether it holds everything it was given.
    package struct Vector {
        package var text: String
        package var complete: Bool
    }

    /// `terms` in order, each at its position (1, 2, …), so that phrases match.
    package static func positioned(_ terms: [Substring]) -> Vector {
        var positions: [Substring: [Int]] = [:]
        var order: [Substring] = []
        var complete = terms.count <= maxPosition
        for (index, term) in terms.enumerated() {
            guard term.utf8.count <= maxLexemeBytes else { complete = false; continue }
            if positions[term] == nil { order.append(term) }
            if positions[term, default: []].count == maxPositionsPerLexeme {
                complete = false
                continue
            }
            positions[term, default: []].append(min(index + 1, maxPosition))
        }
        var text = ""
        var bytes = 0
        for term in order {
            bytes += term.utf8.count
            guard bytes <= maxLexemeTotal else { complete = false; break }
            if !text.isEmpty { text += " " }
            text += quoted(term) + ":" + (positions[term] ?? []).map(String.init).joined(separator: ",")
        }
        return Vector(text: text, complete: complete)
    }

    /// The distinct `terms`, without positions: enough to say which terms a row holds.
    package static func set<S: Sequence>(_ terms: S) -> Vector where S.Element == Substring {
        var seen: Set<Substring> = []
        var text = ""
        var bytes = 0
        var complete = true
        for term in terms where seen.insert(term).inserted {
            guard term.utf8.count <= maxLexemeBytes else { complete = false; continue }
            bytes += term.utf8.count
            guard bytes <= maxLexemeTotal else { complete = false; break }
            if !text.isEmpty { text += " " }
            text += quoted(term)
        }
        return Vector(text: text, complete: complete)
    }

    /// One query term, a prefix when `prefix` (`'config':*`).
    package static func queryTerm<S: StringProtocol>(_ term: S, prefix: Bool = false) -> String {
        quoted(term) + (prefix ? ":*" : "")
    }

    /// A lexeme in quotes, with quotes and backslashes escaped.
    private static func quoted<S: StringProtocol>(_ term: S) -> String {
        var result = "'"
        for character in term {
            if character == "'" { result += "''" } else if character == "\\" { result += "\\\\" } else { result.append(character) }
        }
        return result + "'"
    }
}
