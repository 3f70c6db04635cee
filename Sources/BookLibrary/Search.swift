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
        var rows: [Int64] = []
        var bestScore = Double.infinity
    }

    func run(_ query: String, scope: SearchScope, limit: Int?, onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        guard var matcher = TextMatcher(query: query),
              let expression = FTS5Query.phrase(IndexText.segmented(query), prefixLast: true)
        else { throw LibraryError.emptyQuery }

        var ranked: [BookRows]
        switch scope {
        case .book(let book):
            ranked = try books(where: "id = ?", [book.id])
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
            let starts = all.map(\.first)
            // Rows come in ascending order, so each book's rows stay in page order.
            try database.prepare("SELECT rowid, bm25(page_index) FROM page_index WHERE page_index MATCH ?")
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
            try emit(ranked, matcher: &matcher, limit: limit, onHit: onHit)
        }
    }

    private func emit(_ ranked: [BookRows], matcher: inout TextMatcher, limit: Int?,
                      onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        var summary = SearchSummary()
        let highlighted = try HighlightedSpans(database: database)
        let readPage = try database.prepare("SELECT page, label, text FROM pages WHERE id = ?")
        emitting: for book in ranked {
            var bookHasHits = false
            for rowID in book.rows {
                guard let row = try readPage.rows([rowID]).first else { continue }
                let text = StoredText.decode(row[2])
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
                                        snippet: TextMatcher.snippet(text, match.range),
                                        highlight: highlighted.highlight(bookID: book.id, page: page, text: text, match: match.range)))
                }
            }
        }
        return summary
    }

    private func books(where condition: String, _ bindings: [SQLBindable]) throws -> [BookRows] {
        try database.query("SELECT id, title, first_page_row, last_page_row FROM books WHERE \(condition)", bindings)
            .map { row in
                BookRows(id: row.int("id") ?? 0, title: row.string("title") ?? "",
                         first: row.int64("first_page_row") ?? 0, last: row.int64("last_page_row") ?? -1)
            }
    }
}

extension Library {
    /// Searches one book or the whole library, handing each hit over as it is found.
    public func search(_ query: String, scope: SearchScope, limit: Int? = nil,
                       onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        try Search(database: database).run(query, scope: scope, limit: limit, onHit: onHit)
    }
}
