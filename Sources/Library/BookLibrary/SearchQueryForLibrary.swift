import TextSearch

/// What the library makes of a search's text: the query within `QueryLimits`, and FTS5's
/// expressions of it for a local library's page and book indexes.
extension SearchQuery {
    /// The query for a search, within `QueryLimits`; throws `emptyQuery`
    /// when the text has no words.
    package static func parsed(_ text: String, exact: Bool) throws -> SearchQuery {
        if text.utf8.count > QueryLimits.searchBytes { try QueryLimits.checkSearch(text, words: 0) }
        guard let query = SearchQuery(text, exact: exact) else { throw LibraryError.emptyQuery }
        try QueryLimits.checkSearch(text, words: query.terms.count)
        return query
    }

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
