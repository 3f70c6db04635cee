/// What a search asks of the full-text indexes, whichever engine keeps
/// them: made once from the query and the languages of the books searched,
/// then written in each engine's own query language (FTS5 by
/// `FTS5SearchPlan`, tsquery by `PostgresSearch`), so that both look for the
/// same pages and books. `TextMatcher` then finds the occurrences on the
/// pages either index gives.
package struct SearchPlan: Equatable {
    /// Index terms in order, the last one a prefix when `lastIsPrefix`.
    package struct Phrase: Equatable {
        package var terms: [String]
        package var lastIsPrefix: Bool
    }

    /// One way a page may hold the query.
    package enum PageAlternative: Equatable {
        /// The words in order among the page's words.
        case words(Phrase)
        /// One word of the phrase hyphenated at a line end, among the page's
        /// variants joined (`prefix` when it is the last word), with the rest
        /// of the phrase among its words before and after it.
        case joined(String, prefix: Bool, before: Phrase?, after: Phrase?)
        /// A stem of the single word among the variants, and among the words
        /// when `amongWords` (where the word, a prefix, does not already find it).
        case stem(String, amongWords: Bool)
    }

    /// Terms a part of a book (see `SearchIndex`) must all hold; `exact` is
    /// false for a stem, which ranks below the words as typed.
    package struct BookConjunction: Equatable {
        package var terms: [String]
        package var lastIsPrefix: Bool
        package var exact: Bool
    }

    package let pages: [PageAlternative]
    package let books: [BookConjunction]

    /// Each alternative spelling of the query (as typed, hyphenated pairs
    /// joined) and, for a single word not `exact`, its stem in each language.
    package init(_ query: SearchQuery, languages: [BookLanguage]) throws {
        var pages: [PageAlternative] = []
        var books: [BookConjunction] = []
        for sequence in query.alternatives {
            let last = sequence.count - 1
            pages.append(.words(Phrase(terms: sequence, lastIsPrefix: true)))
            for index in sequence.indices {
                pages.append(.joined(sequence[index], prefix: index == last,
                                     before: index > 0 ? Phrase(terms: Array(sequence[..<index]), lastIsPrefix: false) : nil,
                                     after: index < last ? Phrase(terms: Array(sequence[(index + 1)...]), lastIsPrefix: true) : nil))
            }
            books.append(BookConjunction(terms: sequence, lastIsPrefix: true, exact: true))
        }
        if query.stems {
            let word = query.terms[0].term
            var seen: Set<String> = [word]
            for language in languages {
                guard let stem = query.stem(in: try TermFolder(language: language)), seen.insert(stem).inserted else { continue }
                // `word*` already finds the stem among the words when the stem begins with the word.
                pages.append(.stem(stem, amongWords: !stem.hasPrefix(word)))
                if !stem.hasPrefix(word) { books.append(BookConjunction(terms: [stem], lastIsPrefix: false, exact: false)) }
            }
        }
        self.pages = pages
        var unique: [BookConjunction] = []
        for conjunction in books where !unique.contains(conjunction) { unique.append(conjunction) }
        self.books = unique
    }
}
