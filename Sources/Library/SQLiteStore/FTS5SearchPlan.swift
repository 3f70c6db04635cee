import BookLibrary
import Store
import TextSearch

/// A `SearchPlan` in FTS5's query language, for a local library's
/// `page_index(words, variants)` and `book_index` (see `SearchIndex`).
extension SearchPlan {
    /// The expression over `page_index`. It may find a few pages the
    /// matcher then rejects (a stem of another language, a variant that is
    /// not the word); it misses none the matcher would accept.
    /// `hasVariant(term, prefix)` says whether any page has a term (or one
    /// beginning so) among its variants: most words never are one, and an
    /// alternative that cannot match would still cost a common phrase its time.
    func fts5PageExpression(hasVariant: (String, _ prefix: Bool) throws -> Bool) throws -> String {
        var alternatives: [String] = []
        for alternative in pages {
            switch alternative {
            case .words(let phrase):
                alternatives.append("words : (\(Self.fts5(phrase)))")
            case .joined(let term, let prefix, let before, let after):
                guard try hasVariant(term, prefix) else { continue }
                var parts = ["variants : \(FTS5Query.quote(term))" + (prefix ? "*" : "")]
                if let before { parts.append("words : (\(Self.fts5(before)))") }
                if let after { parts.append("words : (\(Self.fts5(after)))") }
                alternatives.append(parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")")
            case .stem(let stem, let amongWords):
                if amongWords { alternatives.append("words : \(FTS5Query.quote(stem))") }
                if try hasVariant(stem, false) { alternatives.append("variants : \(FTS5Query.quote(stem))") }
            }
        }
        return alternatives.joined(separator: " OR ")
    }

    /// The query for `book_index`, which keeps no positions: an OR of ANDs
    /// of single terms, at most 255 of them (`column_mask` numbers them in a byte).
    func fts5BookQuery() -> SearchQuery.AllWords {
        let conjunctions = books.prefix(255).map { conjunction in
            conjunction.terms.indices.map { index in
                FTS5Query.quote(conjunction.terms[index])
                    + (conjunction.lastIsPrefix && index == conjunction.terms.count - 1 ? "*" : "")
            }
        }
        let expression = conjunctions.map { $0.count == 1 ? $0[0] : "(" + $0.joined(separator: " AND ") + ")" }
            .joined(separator: " OR ")
        let groups = conjunctions.enumerated().flatMap { group, terms in Array(repeating: UInt8(group), count: terms.count) }
        let exactGroups = zip(books.prefix(255), conjunctions).enumerated().flatMap { group, pair in
            Array(repeating: pair.0.exact ? UInt8(group) : 255, count: pair.1.count)
        }
        return SearchQuery.AllWords(expression: expression, groups: groups, exactGroups: exactGroups)
    }

    private static func fts5(_ phrase: Phrase) -> String {
        phrase.terms.map(FTS5Query.quote).joined(separator: " + ") + (phrase.lastIsPrefix ? "*" : "")
    }
}

/// FTS5's expressions of a search's query for a local library's page and book indexes.
extension SearchQuery {
    /// The FTS5 expression over `page_index(words, variants)` for books in
    /// `languages` (see `SearchPlan.fts5PageExpression`).
    package func expression(languages: [BookLanguage], hasVariant: (String, _ prefix: Bool) throws -> Bool) throws -> String {
        try SearchPlan(self, languages: languages).fts5PageExpression(hasVariant: hasVariant)
    }

    /// The query for `book_index` (see `SearchIndex`), which keeps no
    /// positions: an OR of ANDs of single terms. A phrase becomes the AND of
    /// its words (the last a prefix), each hyphenated alternative another
    /// AND, and each stem in `languages` one more alternative. A book part
    /// holds both the words and the variants of its pages, so no column is
    /// named. `groups` gives, for each phrase of the expression in order,
    /// the AND it belongs to, for `column_mask`. The parts it finds hold every
    /// page `expression` finds. `exactGroups` leaves the stems out (255),
    /// to tell where the words are as typed.
    package struct AllWords: Sendable, Equatable {
        package var expression: String
        package var groups: [UInt8]
        package var exactGroups: [UInt8]
    }

    package func allWords(languages: [BookLanguage]) throws -> AllWords {
        try SearchPlan(self, languages: languages).fts5BookQuery()
    }
}
