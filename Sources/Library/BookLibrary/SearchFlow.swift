import TextSearch

/// The course of every full-text search, whichever store holds the library: the scope read
/// (a reader's find in one book records that book as opened), the books that hold the query
/// ranked best first by the engine, then each book read in turn, pages a matching outline
/// entry points to first (in one book, page order), until the limit. What the store does
/// differently, how it ranks and reads pages, is its `SearchEngine`'s.
package struct SearchFlow<Engine: SearchEngine> {
    let engine: Engine

    package init(engine: Engine) { self.engine = engine }

    package func run(_ text: String, scope: SearchScope, exact: Bool, limit: Int?,
             onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        let query = try SearchQuery.parsed(text, exact: exact)
        let candidates: BookRanking.Candidates
        switch scope {
        case .book(let book):
            candidates = .one(book.id)
            try engine.recordSearch(in: book)
        case .all:
            candidates = .all
        case .books(let ids):
            candidates = .some(ids)
        }
        // A reader's find in one book goes in page order.
        var outlineFirst = true
        if case .one = candidates { outlineFirst = false }
        return try engine.snapshot {
            var matchers = TextMatchers(query)
            guard case (let books, var emitter)? = try engine.rankedBooks(query, among: candidates, matchers: &matchers,
                                                                             limited: limit != nil) else { return SearchSummary() }
            return try engine.readingPages(of: books) {
                try HitReporter.run(limit: limit, onHit: onHit) { reporter in
                    for book in books {
                        try emitter.emit(book, outlineFirst: outlineFirst, to: &reporter)
                    }
                }
            }
        }
    }
}

/// What a store does in a search (`SearchFlow`): SQLite's FTS5 (`Search`) or PostgreSQL's
/// tsvectors (`PostgresSearch`).
package protocol SearchEngine {
    associatedtype Emitter: SearchEmitter

    /// A search of one book counts as reading it (`ibook history`).
    func recordSearch(in book: Book) throws
    /// Runs the whole search on one view of the library, where the store keeps one.
    func snapshot<T>(_ body: () throws -> T) throws -> T
    /// The candidate books that hold the query, best first, and what reads their pages; nil
    /// when no book does. `limited`: the search stops at a number of hits.
    func rankedBooks(_ query: SearchQuery, among candidates: BookRanking.Candidates, matchers: inout TextMatchers,
                     limited: Bool) throws -> (books: [RankedBook], emitter: Emitter)?
    /// Runs the reading of the books' pages, set up as the store reads best.
    func readingPages<T>(of books: [RankedBook], _ body: () throws -> T) throws -> T
}

/// Reads a ranked book's pages and reports their hits.
package protocol SearchEmitter {
    /// Pages a matching outline entry points to first when `outlineFirst`, then the rest in page order.
    mutating func emit(_ book: RankedBook, outlineFirst: Bool, to reporter: inout HitReporter) throws
}

extension Library {
    /// Searches one book or the whole library, handing each hit over as it is found
    /// (on a shared library, through `PostgresSearch`, with the same results).
    /// With `exact`, a word does not find its inflections (see `SearchQuery`).
    public func search(_ query: String, scope: SearchScope, exact: Bool = false, limit: Int? = nil,
                       onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        try store.search(query, scope: scope, exact: exact, limit: limit, onHit: onHit)
    }
}
