import Foundation
import Store

/// Where to search.
public enum SearchScope: Sendable {
    case book(Book)
    case all
    /// The books a `list` query selected (`search --in QUERY`).
    case books(Set<Int>)
}

/// One occurrence of the query.
public struct SearchHit: Codable, Sendable {
    public var bookID: Int
    public var bookTitle: String
    public var page: Int
    public var label: String?
    public var snippet: Snippet
    /// The highlight (or other text markup) the match falls in: its id in `ibook notes`.
    public var highlight: Int?
}

public struct SearchSummary: Codable, Sendable {
    public var hits = 0
    public var pages = 0
    public var books = 0
    public var truncated = false
}

/// Full-text search: FTS5 finds the pages, `TextMatcher` every occurrence on
/// them. In one book hits come in page order; across the library, books are
/// ranked by their best page's bm25 and each book's hits follow in page order.
///
/// A book's pages occupy consecutive rows (`first_page_row...last_page_row`),
/// and row order is page order, so the index is asked for rows only: one
/// book's search is a row range, and rows map to books by binary search
/// instead of a join per match.
struct Search {
    let database: Database

    private struct BookRows {
        var id: Int
        var title: String
        var first: Int64
        var last: Int64
        var language: BookLanguage?
        var rows: [Int64] = []
        var bestScore = Double.infinity
    }

    func run(_ text: String, scope: SearchScope, exact: Bool, limit: Int?,
             onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        guard let query = SearchQuery(text, exact: exact) else { throw LibraryError.emptyQuery }

        var ranked: [BookRows]
        switch scope {
        case .book(let book):
            ranked = try books(where: "id = ?", [book.id])
            let expression = try query.expression(languages: ranked.compactMap(\.language), hasVariant: hasVariant)
            for index in ranked.indices {
                try database.prepare("""
                    SELECT rowid FROM page_index WHERE page_index MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid
                    """).forEachRow([expression, ranked[index].first, ranked[index].last]) { row in
                    if case .integer(let rowID) = row[0] { ranked[index].rows.append(rowID) }
                }
            }
            try History(database: database).record(book, page: nil)
        case .all, .books:
            var all = try books(where: "last_page_row >= first_page_row", [])
            if case .books(let selected) = scope { all = all.filter { selected.contains($0.id) } }
            all.sort { $0.first < $1.first }
            let expression = try query.expression(languages: Array(Set(all.compactMap(\.language))).sorted { $0.rawValue < $1.rawValue },
                                                  hasVariant: hasVariant)
            let starts = all.map(\.first)
            // Rows come in ascending order, so each book's rows stay in page order.
            try database.prepare("SELECT rowid, \(SearchQuery.rankFunction) FROM page_index WHERE page_index MATCH ?")
                .forEachRow([expression]) { row in
                    guard case .integer(let rowID) = row[0] else { return }
                    var low = 0, high = starts.count
                    while low < high {
                        let middle = (low + high) / 2
                        if starts[middle] <= rowID { low = middle + 1 } else { high = middle }
                    }
                    let index = low - 1
                    guard index >= 0, rowID <= all[index].last else { return }
                    all[index].rows.append(rowID)
                    if case .real(let score) = row[1], score < all[index].bestScore { all[index].bestScore = score }
                }
            ranked = all.filter { !$0.rows.isEmpty }
                .sorted { $0.bestScore != $1.bestScore ? $0.bestScore < $1.bestScore : $0.id < $1.id }
        }

        // One read transaction: one snapshot and one lock for all the page
        // reads, instead of taking and dropping the lock for each.
        return try database.inTransaction(.deferred) {
            try emit(ranked, query: query, limit: limit, onHit: onHit)
        }
    }

    private func emit(_ ranked: [BookRows], query: SearchQuery, limit: Int?,
                      onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        var summary = SearchSummary()
        let highlighted = try HighlightedSpans(database: database)
        // A stem is the book's language's: one matcher per language.
        var matchers: [BookLanguage?: TextMatcher] = [:]
        let readPage = try database.prepare("SELECT page, label, text FROM pages WHERE id = ?")
        emitting: for book in ranked {
            var bookHasHits = false
            var matcher = matchers[book.language] ?? TextMatcher(query, language: book.language)
            defer { matchers[book.language] = matcher }
            for rowID in book.rows {
                guard let row = try readPage.rows([rowID]).first else { continue }
                let text = try StoredText.decode(row[2])
                let matches = matcher.matches(in: text)
                guard !matches.isEmpty else { continue }
                if let limit, summary.hits >= limit {
                    summary.truncated = true
                    break emitting
                }
                summary.pages += 1
                if !bookHasHits { summary.books += 1; bookHasHits = true }
                let page = row.int("page") ?? 0, label = row.string("label")
                for match in matches {
                    if let limit, summary.hits >= limit {
                        summary.truncated = true
                        break emitting
                    }
                    summary.hits += 1
                    try onHit(SearchHit(bookID: book.id, bookTitle: book.title, page: page, label: label,
                                        snippet: TextMatcher.snippet(text, match),
                                        highlight: highlighted.highlight(bookID: book.id, page: page, text: text, match: match.range)))
                }
            }
        }
        return summary
    }

    /// Whether any page has `term` among its index variants (see `SearchQuery`).
    private func hasVariant(_ term: String) throws -> Bool {
        try database.cachedStatement("SELECT 1 FROM page_index WHERE page_index MATCH ? LIMIT 1")
            .rows(["variants : " + FTS5Query.quote(term)]).first != nil
    }

    private func books(where condition: String, _ bindings: [SQLBindable]) throws -> [BookRows] {
        try database.query("SELECT id, title, first_page_row, last_page_row, language FROM books WHERE \(condition)", bindings)
            .map { row in
                BookRows(id: row.int("id") ?? 0, title: row.string("title") ?? "",
                         first: row.int64("first_page_row") ?? 0, last: row.int64("last_page_row") ?? -1,
                         language: row.string("language").flatMap(BookLanguage.init(rawValue:)))
            }
    }
}

extension Library {
    /// Searches one book or the whole library, handing each hit over as it is found.
    /// With `exact`, a word does not find its inflections (see `SearchQuery`).
    public func search(_ query: String, scope: SearchScope, exact: Bool = false, limit: Int? = nil,
                       onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        try Search(database: database).run(query, scope: scope, exact: exact, limit: limit, onHit: onHit)
    }
}
