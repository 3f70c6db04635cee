import LeanBasics
import Postgres
import Store

/// Full-text search on a shared library, giving what `Search` gives locally:
/// the same query terms (`SearchQuery`), the same book ranking
/// (`BookRanking.order` over the parts `book_index` says hold every word),
/// the same hits and snippets (`TextMatcher` on the stored page text), in
/// the same order: books best first; in a book, pages a matching outline
/// entry points to first, then the rest in page order (a reader's find in
/// one book: page order).
///
/// The server's GIN indexes over `SharedPageIndex`'s tsvectors pick the
/// candidate pages; they may hold a few the matcher then rejects, never
/// miss one it accepts (rows marked incomplete are always candidates).
struct SharedSearch {
    let connection: PostgresConnection

    /// Pages whose text is fetched by one query.
    private static let textBatch = 200

    func run(_ text: String, scope: SearchScope, exact: Bool, limit: Int?,
             onHit: (SearchHit) throws -> Void) throws -> SearchSummary {
        let query = try SearchQuery.parsed(text, exact: exact)
        let among: Set<Int>?
        switch scope {
        case .book(let book):
            among = [book.id]
            try History(database: connection).record(book, page: nil)
        case .all:
            among = nil
        case .books(let ids):
            among = ids
        }
        let plan = try SearchPlan(query, languages: try languages(among: among))
        var matchers = TextMatchers(query)
        let books = try rankedBooks(plan, among: among, matchers: &matchers)
        guard !books.isEmpty else { return SearchSummary() }
        let candidates = CandidatePages(plan)
        var outlineFirst = true
        if case .book = scope { outlineFirst = false }
        var emitter = Emitter(connection: connection, matchers: matchers)
        return try HitReporter.run(limit: limit, onHit: onHit) { reporter in
            try emit(books, candidates: candidates, outlineFirst: outlineFirst, with: &emitter, to: &reporter)
        }
    }

    private func emit(_ books: [RankedBook], candidates: CandidatePages, outlineFirst: Bool,
                      with emitter: inout Emitter, to reporter: inout HitReporter) throws {
        // The first book asks for its own pages, which is quick to the first
        // hits; the others share one lookup over the whole library.
        var libraryPages: [Int: [Int]]?
        for (position, book) in books.enumerated() {
            var done = Set<Int>()
            if outlineFirst {
                let pages = book.outlinePages.filter { $0 >= 1 && $0 <= book.pageCount && done.insert($0).inserted }
                try emitter.read(pages, of: book, to: &reporter)
            }
            let pages: [Int]
            if position == 0 {
                pages = try candidates.pages(ofBook: book.id, connection: connection)
            } else {
                if libraryPages == nil { libraryPages = try candidates.pagesByBook(connection: connection) }
                pages = libraryPages?[book.id] ?? []
            }
            try emitter.read(pages.filter { !done.contains($0) }, of: book, to: &reporter)
        }
    }

    private func languages(among: Set<Int>?) throws -> [BookLanguage] {
        var languages: Set<BookLanguage> = []
        for row in try connection.query("SELECT id, language FROM books") where among?.contains(row.int("id") ?? -1) ?? true {
            if let language = row.string("language").flatMap(BookLanguage.init(rawValue:)) { languages.insert(language) }
        }
        return languages.sorted { $0.rawValue < $1.rawValue }
    }

    /// The books with a text part holding every word of the query (or of
    /// one of its alternatives), ranked as locally.
    private func rankedBooks(_ plan: SearchPlan, among: Set<Int>?, matchers: inout TextMatchers) throws -> [RankedBook] {
        let conjunctions = Self.conjunctions(plan)
        func tsquery(_ selected: [(terms: String, exact: Bool)]) -> String {
            selected.map { "(" + $0.terms + ")" }.joined(separator: " | ")
        }
        var sql = """
            SELECT b.id, b.title, b.language, i.part, i.pages, (NOT i.complete OR i.terms @@ ?::tsquery) AS exact
            FROM book_index i JOIN books b ON b.id = i.book_id
            WHERE (i.terms @@ ?::tsquery OR NOT i.complete)
            """
        var bindings: [SQLBindable] = [tsquery(conjunctions.filter(\.exact)), tsquery(conjunctions)]
        if let among, among.count == 1, let id = among.first {
            sql += " AND i.book_id = ?"
            bindings.append(id)
        }
        var byID: [Int: RankedBook] = [:]
        var outlineMayMatch: Set<Int> = []
        for row in try connection.query(sql, bindings) {
            guard let id = row.int("id"), among?.contains(id) ?? true, let part = row.int("part") else { continue }
            var book = byID[id] ?? RankedBook(id: id, title: TerminalText.line(row.string("title") ?? ""),
                                              language: row.string("language").flatMap(BookLanguage.init(rawValue:)),
                                              firstRow: 1, lastRow: Int64(row.int("pages") ?? 0), parts: 0, exactParts: 0)
            if part == 0 {
                outlineMayMatch.insert(id)
            } else {
                book.parts |= 1 << UInt64(part - 1)
                if row.int("exact") == 1 { book.exactParts |= 1 << UInt64(part - 1) }
            }
            byID[id] = book
        }
        let books = byID.values.filter { $0.parts != 0 }
        return try BookRanking.order(books, outlineMayMatch: books.map { outlineMayMatch.contains($0.id) },
                                     matchers: &matchers) { id in
            OutlineTitles(try connection.query("SELECT title, page FROM outline WHERE book_id = ? ORDER BY position", [id])
                .map { ($0.string("title") ?? "", $0.int("page")) })
        }
    }

    /// The plan's book conjunctions as tsqueries of single terms for
    /// `book_index`, which keeps no positions.
    static func conjunctions(_ plan: SearchPlan) -> [(terms: String, exact: Bool)] {
        plan.books.map { conjunction in
            let terms = conjunction.terms.indices.map {
                TextSearchLiteral.queryTerm(conjunction.terms[$0], prefix: conjunction.lastIsPrefix && $0 == conjunction.terms.count - 1)
            }
            return (terms.joined(separator: " & "), conjunction.exact)
        }
    }

    /// Which pages may hold the query: a condition over `page_index`.
    private struct CandidatePages {
        var condition: String
        var bindings: [SQLBindable]

        init(_ plan: SearchPlan) {
            var alternatives: [String] = []
            var bindings: [SQLBindable] = []
            func phrase(_ phrase: SearchPlan.Phrase) -> String {
                phrase.terms.indices.map {
                    TextSearchLiteral.queryTerm(phrase.terms[$0], prefix: phrase.lastIsPrefix && $0 == phrase.terms.count - 1)
                }.joined(separator: " <-> ")
            }
            for alternative in plan.pages {
                switch alternative {
                case .words(let words):
                    alternatives.append("words @@ ?::tsquery")
                    bindings.append(phrase(words))
                case .joined(let term, let prefix, let before, let after):
                    var parts = ["variants @@ ?::tsquery"]
                    bindings.append(TextSearchLiteral.queryTerm(term, prefix: prefix))
                    for words in [before, after].compactMap({ $0 }) {
                        parts.append("words @@ ?::tsquery")
                        bindings.append(phrase(words))
                    }
                    alternatives.append("(" + parts.joined(separator: " AND ") + ")")
                case .stem(let stem, _):
                    alternatives.append("words @@ ?::tsquery OR variants @@ ?::tsquery")
                    bindings += [TextSearchLiteral.queryTerm(stem), TextSearchLiteral.queryTerm(stem)]
                }
            }
            alternatives.append("NOT complete")
            condition = "(" + alternatives.joined(separator: " OR ") + ")"
            self.bindings = bindings
        }

        /// The book's candidate pages, in page order.
        func pages(ofBook id: Int, connection: PostgresConnection) throws -> [Int] {
            try connection.query("SELECT page FROM page_index WHERE book_id = ? AND \(condition) ORDER BY page",
                                 [id] + bindings).compactMap { $0.int("page") }
        }

        /// Every book's candidate pages, in page order.
        func pagesByBook(connection: PostgresConnection) throws -> [Int: [Int]] {
            var pages: [Int: [Int]] = [:]
            for row in try connection.query("SELECT book_id, page FROM page_index WHERE \(condition) ORDER BY book_id, page",
                                            bindings) {
                guard let book = row.int("book_id"), let page = row.int("page") else { continue }
                pages[book, default: []].append(page)
            }
            return pages
        }
    }

    /// Reads pages and hands over their hits.
    private struct Emitter {
        let connection: PostgresConnection
        var matchers: TextMatchers

        /// Reads `pages` of the book, in the order given.
        mutating func read(_ pages: [Int], of book: RankedBook, to reporter: inout HitReporter) throws {
            var start = 0
            while start < pages.count {
                let batch = Array(pages[start..<min(start + SharedSearch.textBatch, pages.count)])
                start += batch.count
                let rows = try connection.query("SELECT page, label, text FROM pages WHERE book_id = ? AND page = ANY(?::int[])",
                                                [book.id, "{" + batch.map(String.init).joined(separator: ",") + "}"])
                var byPage: [Int: Row] = [:]
                for row in rows { if let page = row.int("page") { byPage[page] = row } }
                for page in batch {
                    guard let row = byPage[page] else { continue }
                    var text = row.string("text") ?? ""
                    let label = row.string("label")
                    try text.withUTF8 { text in
                        try reporter.report(matchers.matches(in: text, language: book.language), bookID: book.id) { match in
                            SearchHit(bookID: book.id, bookTitle: book.title, page: page, label: label,
                                      snippet: TextMatcher.snippet(text, match), highlight: nil)
                        }
                    }
                }
            }
        }
    }
}
