/// One piece of a query as typed.
struct QueryToken: Equatable {
    enum Kind { case word, open, close, or, and }
    var kind: Kind
    /// The field name before the first unquoted colon, if any.
    var field: String?
    var value: String
    var valueQuoted = false
    var negated = false
    var text: String
}

/// Splits a query into words, quoted phrases, parentheses and OR/AND,
/// keeping `-` prefixes and `field:"quoted value"` together.
enum QueryTokenizer {
    static func tokens(_ query: String) throws -> [QueryToken] {
        var tokens: [QueryToken] = []
        var characters = Array(query)[...]
        while let first = characters.first {
            if first.isWhitespace { characters.removeFirst(); continue }
            if first == "(" || first == ")" {
                characters.removeFirst()
                tokens.append(QueryToken(kind: first == "(" ? .open : .close, value: "", text: String(first)))
                continue
            }
            var negated = false
            var text = ""
            if first == "-", characters.count > 1, let next = characters.dropFirst().first, !next.isWhitespace {
                negated = true
                text = "-"
                characters.removeFirst()
                if characters.first == "(" {
                    characters.removeFirst()
                    tokens.append(QueryToken(kind: .open, value: "", negated: true, text: "-("))
                    continue
                }
            }
            var field: String?
            var value = ""
            var quoted = false
            var inQuote = false
            while let character = characters.first {
                if !inQuote, character.isWhitespace || character == ")" { break }
                characters.removeFirst()
                text.append(character)
                if character == "\"" {
                    inQuote.toggle()
                    quoted = true
                    continue
                }
                if character == ":", !inQuote, field == nil, !quoted, !value.isEmpty {
                    field = value
                    value = ""
                    continue
                }
                value.append(character)
            }
            if inQuote { throw CurationError.invalidQuery(term: text, reason: "a quote is not closed") }
            if field == nil, !quoted, !negated, value == "OR" || value == "AND" {
                tokens.append(QueryToken(kind: value == "OR" ? .or : .and, value: value, text: value))
                continue
            }
            if field == nil, value.isEmpty {
                throw CurationError.invalidQuery(term: text, reason: quoted ? "an empty phrase" : "nothing to look for")
            }
            tokens.append(QueryToken(kind: .word, field: field, value: value, valueQuoted: quoted, negated: negated, text: text))
        }
        return tokens
    }
}
