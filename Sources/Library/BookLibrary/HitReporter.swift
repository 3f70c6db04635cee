/// The bookkeeping both search engines (`Search`, `PostgresSearch`) share:
/// hands each page's hits over, counts hits, pages and books, and stops
/// the search at its limit.
package struct HitReporter {
    /// Thrown to end a search at its limit; `run` turns it into a truncated summary.
    private struct Stop: Error {}

    let limit: Int?
    private let onHit: (SearchHit) throws -> Void
    private var summary = SearchSummary()
    private var lastBook: Int?

    private init(limit: Int?, onHit: @escaping (SearchHit) throws -> Void) {
        self.limit = limit
        self.onHit = onHit
    }

    /// Runs a search whose hits `body` reports, and sums it up.
    static func run(limit: Int?, onHit: (SearchHit) throws -> Void,
                    _ body: (inout HitReporter) throws -> Void) throws -> SearchSummary {
        // The reporter lives only during this call, so the closure does not really escape.
        try withoutActuallyEscaping(onHit) { onHit in
            var reporter = HitReporter(limit: limit, onHit: onHit)
            do {
                try body(&reporter)
            } catch is Stop {
                reporter.summary.truncated = true
            }
            return reporter.summary
        }
    }

    /// Hands over the hits of one page of a book, each made by `hit`, in
    /// order. A book is counted at its first page with hits: every book is
    /// searched in one go.
    package mutating func report<Matches: Collection>(_ matches: Matches, bookID: Int,
                                              hit: (Matches.Element) throws -> SearchHit) throws {
        guard !matches.isEmpty else { return }
        try checkLimit()
        summary.pages += 1
        if lastBook != bookID {
            summary.books += 1
            lastBook = bookID
        }
        for match in matches {
            try checkLimit()
            summary.hits += 1
            try onHit(try hit(match))
        }
    }

    /// How many more hits the search may hand over; nil without a limit.
    package var hitsLeft: Int? {
        limit.map { max(0, $0 - summary.hits) }
    }

    private func checkLimit() throws {
        if let limit, summary.hits >= limit { throw Stop() }
    }
}
