import LeanBasics
/// How large a query may be, the same on every engine. Each word of a query
/// becomes work on the server (a folded comparison, a phrase position), so
/// an unbounded one let any reader of a shared library exhaust it: 20,000
/// ORed words took a PostgreSQL backend to 24 GB. No person types queries
/// near these bounds; each refusal says which bound and what to do.
package enum QueryLimits {
    /// `list`, `search --in`, `export --in`.
    package static let catalogQueryBytes = 4_096
    package static let catalogTerms = 64
    package static let catalogNesting = 16
    package static let termBytes = 256
    /// The search box of `search`, `view` and `read --search`.
    package static let searchBytes = 1_024
    package static let searchWords = 32

    /// Refuses a catalog query too large to run, before it is parsed.
    static func checkCatalog(_ text: String, tokens: [QueryToken]) throws {
        if text.utf8.count > catalogQueryBytes {
            throw CurationError.invalidQuery(term: preview(text),
                                             reason: "the query is \(text.utf8.count) bytes long; at most \(catalogQueryBytes) are read")
        }
        let words = tokens.filter { $0.kind == .word }
        if words.count > catalogTerms {
            throw CurationError.invalidQuery(term: preview(text),
                                             reason: "\(words.count) terms; at most \(catalogTerms) are read")
        }
        if let long = words.first(where: { $0.value.utf8.count > termBytes }) {
            throw CurationError.invalidQuery(term: preview(long.text),
                                             reason: "a term of \(long.value.utf8.count) bytes; at most \(termBytes) are read")
        }
        var depth = 0
        for token in tokens {
            if token.kind == .open { depth += 1 } else if token.kind == .close { depth -= 1 }
            if depth > catalogNesting {
                throw CurationError.invalidQuery(term: "(", reason: "groups nested more than \(catalogNesting) deep")
            }
        }
    }

    /// Refuses a full-text search too large to run.
    static func checkSearch(_ text: String, words: Int) throws {
        if text.utf8.count > searchBytes {
            throw LibraryError.queryTooLarge("the search text is \(text.utf8.count) bytes long; at most \(searchBytes) are looked for")
        }
        if words > searchWords {
            throw LibraryError.queryTooLarge("the search text has \(words) words; at most \(searchWords) are looked for at once")
        }
    }

    /// The start of a long text, for a message that names it.
    private static func preview(_ text: String) -> String {
        let line = TerminalText.line(text)
        return line.count > 40 ? line.prefix(40) + "…" : line
    }
}
