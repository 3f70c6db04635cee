import Foundation
import Store

/// Where to search.
public enum SearchScope: Sendable {
    case book(Book)
    case all
}

/// One occurrence of the query.
public struct SearchHit: Codable, Sendable {
    public var bookID: Int
    public var bookTitle: String
    public var page: Int
    public var label: String?
    public var snippet: Snippet
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
struct Search {
    let database: Database

    func run(_ query: String, scope: SearchScope, limit: Int?, onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        guard var matcher = TextMatcher(query: query),
              let expression = FTS5Query.phrase(IndexText.segmented(query), prefixLast: true)
        else { throw LibraryError.emptyQuery }

        var summary = SearchSummary()
        var titles: [Int: String] = [:]
        var pages: [(bookID: Int, rowID: Int64, page: Int)] = []
        switch scope {
        case .book(let book):
            titles[book.id] = book.title
            try database.prepare("""
                SELECT p.id, p.page FROM page_index JOIN pages p ON p.id = page_index.rowid
                WHERE page_index MATCH ? AND p.book_id = ? ORDER BY p.page
                """).forEachRow([expression, book.id]) { row in
                pages.append((book.id, row.int64("id") ?? 0, row.int("page") ?? 0))
            }
            try History(database: database).record(book, page: nil)
        case .all:
            var best: [Int: Double] = [:]
            try database.prepare("""
                SELECT p.id, p.book_id, p.page, bm25(page_index) AS score
                FROM page_index JOIN pages p ON p.id = page_index.rowid WHERE page_index MATCH ?
                """).forEachRow([expression]) { row in
                let bookID = row.int("book_id") ?? 0
                let score = row.double("score") ?? 0
                best[bookID] = min(best[bookID] ?? .infinity, score)
                pages.append((bookID, row.int64("id") ?? 0, row.int("page") ?? 0))
            }
            pages.sort { left, right in
                let l = best[left.bookID] ?? 0, r = best[right.bookID] ?? 0
                if l != r { return l < r }
                if left.bookID != right.bookID { return left.bookID < right.bookID }
                return left.page < right.page
            }
            for row in try database.query("SELECT id, title FROM books WHERE id IN (\(best.keys.map(String.init).joined(separator: ",")))") {
                titles[row.int("id") ?? 0] = row.string("title")
            }
        }

        let readPage = try database.prepare("SELECT label, text FROM pages WHERE id = ?")
        var booksWithHits = Set<Int>()
        for entry in pages {
            guard let row = try readPage.rows([entry.rowID]).first else { continue }
            let text = row.string("text") ?? ""
            let matches = matcher.matches(in: text)
            guard !matches.isEmpty else { continue }
            if let limit, summary.hits >= limit {
                summary.truncated = true
                break
            }
            summary.pages += 1
            booksWithHits.insert(entry.bookID)
            for match in matches {
                if let limit, summary.hits >= limit {
                    summary.truncated = true
                    break
                }
                summary.hits += 1
                try onHit(SearchHit(bookID: entry.bookID, bookTitle: titles[entry.bookID] ?? "", page: entry.page,
                                    label: row.string("label"), snippet: TextMatcher.snippet(text, match.range)))
            }
        }
        summary.books = booksWithHits.count
        return summary
    }
}

extension Library {
    /// Searches one book or the whole library, handing each hit over as it is found.
    public func search(_ query: String, scope: SearchScope, limit: Int? = nil,
                       onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        try Search(database: database).run(query, scope: scope, limit: limit, onHit: onHit)
    }
}
