import TextSearch

/// What the library makes of a search's text: the query within `QueryLimits`.
extension SearchQuery {
    /// The query for a search, within `QueryLimits`; throws `emptyQuery`
    /// when the text has no words.
    package static func parsed(_ text: String, exact: Bool) throws -> SearchQuery {
        if text.utf8.count > QueryLimits.searchBytes { try QueryLimits.checkSearch(text, words: 0) }
        guard let query = SearchQuery(text, exact: exact) else { throw LibraryError.emptyQuery }
        try QueryLimits.checkSearch(text, words: query.terms.count)
        return query
    }
}
