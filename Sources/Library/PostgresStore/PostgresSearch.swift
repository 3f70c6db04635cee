import BookLibrary
import Documents
import LeanBasics
import Postgres
import Store
import TextSearch

/// Full-text search on a shared library, giving what `Search` gives locally:
/// the same query terms (`SearchQuery`), the same book ranking
/// (`BookRanking.order` over the parts `book_index` says hold every word),
/// the same hits and snippets (`TextMatcher` on the stored page text), in
/// the same order: books best first; in a book, pages a matching outline
/// entry points to first, then the rest in page order (a reader's find in
/// one book: page order).
///
/// The server's GIN indexes over `PostgresPageIndex`'s tsvectors pick the
/// candidate pages; they may hold a few the matcher then rejects, never
/// miss one it accepts (rows marked incomplete are always candidates).
struct PostgresSearch: SearchEngine {
    let connection: PostgresConnection
    /// Pages in the matching parts of the ranked books, above which a phrase's
    /// library-wide lookup is chosen by judging the first book's pages
    /// (`phraseIsOnMostPagesWithItsWords`). At or below, the loose lookup
    /// returns that many rows at most, and is taken without the judgement
    /// (its yield is judged as its pages come): at 10,000 pages the judgement
    /// was 1.4 of a new session's 5.3 ms of statements for every hit of
    /// "lighthouse keeper" (10.68 -> 8.87 ms without it), where the strict
    /// lookup would have taken 12.4.
    var phraseJudgedAbove: Int64 = 20_000

    /// Pages whose text is fetched by one query: the first query asks for
    /// a few, so that the first hits (`--limit 20`) need not wait for a
    /// screenful of text, and each next one for twice as many, up to the most.
    private static let firstTextBatch = 16
    private static let textBatch = 200
    /// The most a query fetches in a search without a limit, which reads
    /// every candidate anyway: a statement's planning, its array of pages
    /// and its round trip then cost less a page (a phrase's every hit at a
    /// million pages was 281 statements of 200 pages or fewer). Not more:
    /// 1,000 pages (1.6 MB of rows) cost the client 30 ms more in page
    /// faults of memory taken and given back than they saved the server.
    private static let everyHitTextBatch = 400

    func recordSearch(in book: Book) throws {
        try History(database: connection).record(book, page: nil)
    }

    /// Each statement sees the library as it is then: a shared library is read without holding
    /// a transaction open against other people's adds.
    func snapshot<T>(_ body: () throws -> T) throws -> T { try body() }

    func rankedBooks(_ query: SearchQuery, among candidates: BookRanking.Candidates, matchers: inout TextMatchers,
                     limited: Bool) throws -> (books: [RankedBook], emitter: Emitter)? {
        let among: Set<Int>?
        switch candidates {
        case .one(let id): among = [id]
        case .all: among = nil
        case .some(let ids): among = ids
        }
        let onlyBook = among?.count == 1 ? among?.first : nil
        let catalog: CatalogBooks, plan: SearchPlan, matches: [Int: PostgresBookTerms.BookMatch]
        if query.stems {
            // A word's stems are those of the books' languages: the catalog first.
            catalog = try CatalogBooks(rows: connection.query(CatalogBooks.sql), among: among)
            plan = try SearchPlan(query, languages: catalog.languages)
            matches = try PostgresBookTerms.matches(plan, book: onlyBook, connection: connection)
        } else {
            // Nothing of the plan depends on the catalog: the lookup is written behind it, and
            // both come back in one round trip (0.3-0.5 ms of a new session's command).
            try connection.send(CatalogBooks.sql, [])
            plan = try SearchPlan(query, languages: [])
            matches = try PostgresBookTerms.matches(plan, book: onlyBook, connection: connection)
            catalog = try CatalogBooks(rows: connection.receive(), among: among)
        }
        let books = try rankedBooks(matches, catalog: catalog, matchers: &matchers)
        guard !books.isEmpty else { return nil }
        return (books, Emitter(connection: connection, matchers: matchers, candidates: CandidatePages(plan), books: books,
                               limited: limited, phraseJudgedAbove: phraseJudgedAbove, everyBookRanked: among == nil))
    }

    func readingPages<T>(of books: [RankedBook], _ body: () throws -> T) throws -> T { try body() }

    /// The titles, languages and formats of the books a search may look in.
    private struct CatalogBooks {
        var books: [Int: (title: String, language: BookLanguage?, format: BookFormat)] = [:]
        /// The books' languages, in the order of their codes.
        let languages: [BookLanguage]

        static let sql = "SELECT id, title, language, format FROM books"

        init(rows: [Row], among: Set<Int>?) throws {
            books.reserveCapacity(rows.count)
            // A few codes among thousands of books: each is parsed once.
            var parsed: [String: BookLanguage?] = [:]
            for row in rows {
                guard let id = row.int("id"), among?.contains(id) ?? true else { continue }
                var language: BookLanguage?
                if let code = row.string("language") {
                    if let known = parsed[code] {
                        language = known
                    } else {
                        language = BookLanguage(rawValue: code)
                        parsed[code] = language
                    }
                }
                books[id] = (TerminalText.line(try row.required("title", Row.string)), language,
                             row.string("format").flatMap(BookFormat.init(rawValue:)) ?? .pdf)
            }
            languages = Set(parsed.values.compactMap { $0 }).sorted { $0.rawValue < $1.rawValue }
        }
    }

    /// The catalog's books that the lookup found with a text part holding every
    /// word of the query (or of one of its alternatives), ranked as locally.
    private func rankedBooks(_ matches: [Int: PostgresBookTerms.BookMatch], catalog: CatalogBooks,
                             matchers: inout TextMatchers) throws -> [RankedBook] {
        var byID: [Int: RankedBook] = [:]
        var outlineMayMatch: Set<Int> = []
        for (id, match) in matches where match.parts != 0 {
            guard let entry = catalog.books[id] else { continue }
            byID[id] = RankedBook(id: id, title: entry.title, language: entry.language, format: entry.format, firstRow: 1,
                                  lastRow: match.pages, parts: match.parts, exactParts: match.exactParts)
            if match.outline { outlineMayMatch.insert(id) }
        }
        let books = Array(byID.values)
        return try BookRanking.order(books, outlineMayMatch: books.map { outlineMayMatch.contains($0.id) },
                                     matchers: &matchers) { id in
            OutlineTitles(try connection.query("SELECT title, page FROM outline WHERE book_id = ? ORDER BY position", [id])
                .map { (try $0.required("title", Row.string), $0.int("page")) })
        }
    }

    /// Which pages may hold the query: a condition over `page_index`.
    struct CandidatePages {
        var condition: String
        var bindings: [SQLBindable]
        /// `condition` tested row by row, where no index is wanted: the
        /// operator's own function, which the planner does not estimate from
        /// the column's statistics of common words. Each `@@` made a new
        /// session load and search them: a book's lookup with five took 0.15
        /// ms longer to plan.
        private let rowCondition: String
        /// A looser condition the GIN indexes answer alone, for the library-wide
        /// lookup of a phrase (`pagesByBook`): each phrase's words on the page
        /// in any order (`a & b`, not `a <-> b`), and each word a line-end
        /// hyphen may split among the variants without the rest of its phrase.
        /// GIN keeps no positions, so a phrase made the server read each
        /// candidate row's tsvector again to check it (at a million pages,
        /// the 48,630 pages holding "lighthouse keeper", TOASTed: most of the
        /// lookup), and an alternative testing both columns was a filter on
        /// every candidate (`the biti`: 79,570 rows). Pages holding the words
        /// apart are then among the candidates; the matcher finds no hit on
        /// them (`HitReporter` counts only pages with a hit).
        private let looseCondition: String
        private let looseRowCondition: String
        private let looseBindings: [SQLBindable]
        /// Whether the query has a phrase, which `looseCondition` does not check.
        let hasPhrase: Bool

        init(_ plan: SearchPlan) {
            (condition, bindings) = Self.condition(plan, test: Self.indexTest)
            rowCondition = Self.condition(plan, test: Self.rowTest).sql
            var inWords: [String] = [], inVariants: [String] = []
            var hasPhrase = false
            for alternative in plan.pages {
                switch alternative {
                case .words(let words):
                    hasPhrase = hasPhrase || words.terms.count > 1
                    inWords.append(words.terms.indices.map {
                        TextSearchLiteral.queryTerm(words.terms[$0], prefix: words.lastIsPrefix && $0 == words.terms.count - 1)
                    }.joined(separator: " & "))
                case .joined(let term, let prefix, _, _):
                    inVariants.append(TextSearchLiteral.queryTerm(term, prefix: prefix))
                case .stem(let stem, _):
                    inWords.append(TextSearchLiteral.queryTerm(stem))
                    inVariants.append(TextSearchLiteral.queryTerm(stem))
                }
            }
            var alternatives: [(column: String, query: String)] = []
            for (column, queries) in [("words", inWords), ("variants", inVariants)] where !queries.isEmpty {
                alternatives.append((column, queries.map { "(\($0))" }.joined(separator: " | ")))
            }
            func loose(_ test: (String) -> String) -> String {
                "(" + (alternatives.map { test($0.column) } + ["NOT complete"]).joined(separator: " OR ") + ")"
            }
            looseCondition = loose(Self.indexTest)
            looseRowCondition = loose(Self.rowTest)
            looseBindings = alternatives.map(\.query)
            self.hasPhrase = hasPhrase
        }

        /// The alternatives that test one tsvector each are asked as one
        /// query a column (`words @@ 'a' | 'b'`), not one a term: a page
        /// the condition rejects has each column detoasted once, not once a
        /// term, and its tsvectors are most of what a lookup reads.
        private static func indexTest(_ column: String) -> String { "\(column) @@ ?::tsquery" }
        private static func rowTest(_ column: String) -> String { "ts_match_vq(\(column), ?::tsquery)" }

        private static func condition(_ plan: SearchPlan, test: (String) -> String) -> (sql: String, bindings: [SQLBindable]) {
            var inWords: [String] = [], inVariants: [String] = []
            var joined: [String] = []
            var joinedBindings: [SQLBindable] = []
            func phrase(_ phrase: SearchPlan.Phrase) -> String {
                phrase.terms.indices.map {
                    TextSearchLiteral.queryTerm(phrase.terms[$0], prefix: phrase.lastIsPrefix && $0 == phrase.terms.count - 1)
                }.joined(separator: " <-> ")
            }
            for alternative in plan.pages {
                switch alternative {
                case .words(let words):
                    inWords.append(phrase(words))
                case .joined(let term, let prefix, let before, let after):
                    var parts = [test("variants")]
                    joinedBindings.append(TextSearchLiteral.queryTerm(term, prefix: prefix))
                    for words in [before, after].compactMap({ $0 }) {
                        parts.append(test("words"))
                        joinedBindings.append(phrase(words))
                    }
                    joined.append("(" + parts.joined(separator: " AND ") + ")")
                case .stem(let stem, _):
                    inWords.append(TextSearchLiteral.queryTerm(stem))
                    inVariants.append(TextSearchLiteral.queryTerm(stem))
                }
            }
            var alternatives: [String] = []
            var bindings: [SQLBindable] = []
            for (column, queries) in [("words", inWords), ("variants", inVariants)] where !queries.isEmpty {
                alternatives.append(test(column))
                bindings.append(queries.map { "(\($0))" }.joined(separator: " | "))
            }
            alternatives += joined
            bindings += joinedBindings
            alternatives.append("NOT complete")
            return ("(" + alternatives.joined(separator: " OR ") + ")", bindings)
        }

        /// The book's candidate pages within `ranges` (its parts that hold
        /// every word) after page `after`, at most `limit`, in page order,
        /// with their text: one round trip for a book's lookup and its reads.
        /// The book's rows in those ranges are taken first, through the
        /// (book_id, page) index, and only they are tested: the planner, which
        /// underestimates how many pages a phrase's words share, would
        /// otherwise recheck the phrase on every page of the library that has
        /// it before keeping this book's. They come in page order from a
        /// subquery the condition cannot be pushed into (OFFSET 0), so the
        /// lookup stops at the `limit`th page that passes: a phrase on every
        /// tenth page of its parts had all 650 of them tested (their tsvectors
        /// detoasted) for the first 21.
        func pages(of book: RankedBook, in ranges: [ClosedRange<Int64>], after: Int, limit: Int,
                   connection: PostgresConnection) throws -> [Row] {
            guard !ranges.isEmpty else { return [] }
            return try connection.query("""
                SELECT p.page, p.label, p.text FROM (
                    SELECT page, words, variants, complete FROM page_index
                    WHERE book_id = ? AND page > ? AND \(Self.withinParts) ORDER BY page OFFSET 0) b
                JOIN pages p ON p.book_id = ? AND p.page = b.page
                WHERE \(rowCondition) ORDER BY b.page LIMIT ?
                """, [book.id, after, Self.partBounds(ranges), book.id] + bindings + [limit])
        }

        /// Whether a phrase is on at least half the pages with its words among
        /// the first `judgedPages` of `book`'s matching parts: then the library
        /// is best looked up by `looseCondition`, and its candidates' text
        /// fetched unchecked (the library's pages are judged again as they
        /// come). All the parts' pages took 2.0–2.4 ms for "lighthouse keeper"
        /// at 10,000 pages (824 pages, 64 with both words), where the library's
        /// lookup by the phrase takes 0.7; the first 200 take 0.9.
        func phraseIsOnMostPagesWithItsWords(in book: RankedBook, connection: PostgresConnection) throws -> Bool {
            let ranges = book.partRows
            guard !ranges.isEmpty else { return true }
            let row = try connection.queryRow("""
                SELECT count(*) FILTER (WHERE \(rowCondition)) AS exact, count(*) AS loose FROM (
                    SELECT words, variants, complete FROM page_index WHERE book_id = ? AND \(Self.withinParts)
                    ORDER BY page LIMIT ?) b
                WHERE \(looseRowCondition)
                """, bindings + [book.id, Self.partBounds(ranges), Self.judgedPages] + looseBindings)
            return (row?.int("exact") ?? 0) * 2 >= (row?.int("loose") ?? 0)
        }

        /// Whether `page` lies in one of a book's ranges of pages, given by
        /// `partBounds`: one function call where a BETWEEN a range had the
        /// planner estimate each bound from the column's histogram (17 ranges:
        /// 0.25 ms of a new session's planning).
        private static let withinParts = "width_bucket(page, ?::bigint[]) % 2 = 1"

        /// The bounds `withinParts` takes: each range's first page and the one
        /// after its last, in order, so that the pages inside a range are
        /// those with an odd number of bounds at or below them.
        private static func partBounds(_ ranges: [ClosedRange<Int64>]) -> String {
            arrayLiteral(ranges.sorted { $0.lowerBound < $1.lowerBound }.flatMap { [$0.lowerBound, $0.upperBound + 1] })
        }

        /// The pages of a book's matching parts that judge it, in page order.
        static let judgedPages = 200

        /// Every book's candidate pages with their text, by book in page order.
        func pagesWithText(connection: PostgresConnection) throws -> [Int: [Row]] {
            var rows: [Int: [Row]] = [:]
            for row in try connection.query("""
                SELECT i.book_id, i.page, p.label, p.text FROM page_index i JOIN pages p ON p.book_id = i.book_id AND p.page = i.page
                WHERE \(condition) ORDER BY i.book_id, i.page
                """, bindings) {
                guard let book = row.int("book_id") else { continue }
                rows[book, default: []].append(row)
            }
            return rows
        }

        /// Every book's candidate pages, in page order, by `looseCondition`
        /// when `loose`.
        func pagesByBook(loose: Bool, connection: PostgresConnection) throws -> [Int: [Int]] {
            var pages: [Int: [Int]] = [:]
            for row in try connection.query("SELECT book_id, page FROM page_index WHERE \(loose ? looseCondition : condition) ORDER BY book_id, page",
                                            loose ? looseBindings : bindings) {
                guard let book = row.int("book_id"), let page = row.int("page") else { continue }
                pages[book, default: []].append(page)
            }
            return pages
        }
    }

    /// Reads one book after another and hands over their hits, looking for
    /// a book's pages as `Search` does locally (`RankedBook.route`): the
    /// pages of the parts that hold every word, or those the page index picks.
    struct Emitter: SearchEmitter {
        let connection: PostgresConnection
        var matchers: TextMatchers
        let candidates: CandidatePages
        /// The first books that need the page index ask for their own pages,
        /// the rows of their matching parts, which lie together; the next one
        /// asks once for the whole library, shared out by book. A rare word's
        /// first 20 hits lie in a few books, whose own lookups cost a fraction
        /// of a millisecond each, where the library's reads a heap page of the
        /// page index for each of its thousands of matches.
        private var ownLookupsLeft = 32
        private var libraryPages: [Int: [Int]]?
        private var batchSize = PostgresSearch.firstTextBatch
        private var mostPerBatch = PostgresSearch.textBatch
        /// The books in the order they are read, so that the pages of the
        /// next ones can be fetched with this one's.
        private let books: [RankedBook]
        private var position: [Int: Int] = [:]
        /// Rows fetched ahead for the books after the one being read, by book and page.
        private var fetchedAhead: [Int: [Int: Row]] = [:]
        /// The books whose rows the query sent ahead brings, and the position
        /// in `books` where the batch after it begins. Only a search without
        /// a limit sends ahead: one with a limit may not need the next batch.
        private var sentAhead: (books: [Int], end: Int)?
        private var sendsAhead = false
        /// Pages reported between two takes of the sent query's rows: each is
        /// about 1.6 KB of a few hundred the server may write ahead.
        private static let pagesBetweenReads = 32
        /// The first batch of their own lookups fetched for the books after
        /// the one being read, by book, with the limit it was asked with.
        private var ownAhead: [Int: (rows: [Row], limit: Int)] = [:]
        /// Books whose first own lookups are asked in one statement, at most.
        private static let mostLookupsTogether = 8
        /// The most pages whose text the books asked together read whole
        /// (`partPages`), about 6 MB.
        private static let mostPartPages = 4_000
        /// The library-wide lookup's pages read so far, and how many had a
        /// hit, while they are those of its loose condition: its candidates
        /// may hold a phrase's words apart (`CandidatePages.looseCondition`).
        /// When under half of them have a hit (`the biti` at a million pages,
        /// the words on 79,570 pages, next to each other on 8,600), fetching
        /// the rest of their text would cost more than the server's check of
        /// the phrase on each, and the library is looked up again with it.
        /// One book's pages are judged before (`phraseIsOnMostPagesWithItsWords`).
        private var libraryPagesRead = 0, libraryPagesWithHits = 0
        private var judgingLibraryPages = false
        /// Pages read before the library lookup's yield is judged.
        private static let yieldProbePages = 64

        /// Pages in the matching parts of the books a search without a limit
        /// looks up, above which the first book asks for its own pages before
        /// the library's lookup: at a million pages a common phrase's books
        /// hold 543,000 and that lookup takes about 150 ms, while the first
        /// book's hits print in 20 ms. Below, the first book's own statement
        /// costs more than the wait it saves (every hit of "lighthouse keeper"
        /// at 10,000 pages: 5,200 such pages, 26.2 -> 22.5 ms without it).
        private static let longLibraryLookup: Int64 = 100_000

        private let phraseJudgedAbove: Int64
        /// The most rows the library-wide loose lookup returns, beside pages not
        /// indexed whole: a page with every word lies in a part that holds them,
        /// so in a ranked book's matching parts when every book was ranked; a
        /// search of some books (`--in`) does not bound the rest of the library's.
        private let looseRowsAtMost: Int64

        /// Without a limit every book is read, and the library's one lookup
        /// is cheaper than a round trip a book: none asks alone, but the first
        /// when that lookup will be long.
        init(connection: PostgresConnection, matchers: TextMatchers, candidates: CandidatePages, books: [RankedBook],
             limited: Bool, phraseJudgedAbove: Int64, everyBookRanked: Bool) {
            self.connection = connection
            self.phraseJudgedAbove = phraseJudgedAbove
            looseRowsAtMost = everyBookRanked ? books.reduce(0) { $0 + Self.pageCount(ofParts: $1) } : .max
            self.matchers = matchers
            self.candidates = candidates
            self.books = books
            position.reserveCapacity(books.count)
            for (index, book) in books.enumerated() { position[book.id] = index }
            if !limited {
                ownLookupsLeft = Self.partPagesExceed(Self.longLibraryLookup, in: books) ? 1 : 0
                mostPerBatch = PostgresSearch.everyHitTextBatch
                sendsAhead = true
            }
        }

        mutating func emit(_ book: RankedBook, outlineFirst: Bool, to reporter: inout HitReporter) throws {
            var done = Set<Int>()
            if outlineFirst {
                let pages = book.outlinePages.filter { $0 >= 1 && $0 <= book.pageCount && done.insert($0).inserted }
                try read(pages, of: book, to: &reporter)
            }
            switch book.route {
            case .scanParts:
                for range in book.partRows {
                    try read(range, of: book, skipping: done, to: &reporter)
                }
            case .pageIndex where libraryPages == nil && ownLookupsLeft > 0:
                ownLookupsLeft -= 1
                try readOwnCandidates(of: book, skipping: done, to: &reporter)
            case .pageIndex:
                if libraryPages == nil {
                    if !candidates.hasPhrase, let start = position[book.id],
                       !Self.partPagesExceed(Int64(PostgresSearch.everyHitTextBatch), in: books[start...]) {
                        try lookUpLibraryWithText(from: start)
                    } else {
                        judgingLibraryPages = try candidates.hasPhrase
                            && (looseRowsAtMost <= phraseJudgedAbove
                                || candidates.phraseIsOnMostPagesWithItsWords(in: book, connection: connection))
                        libraryPages = try candidates.pagesByBook(loose: judgingLibraryPages, connection: connection)
                    }
                }
                let pages = (libraryPages?[book.id] ?? []).filter { !done.contains($0) }
                if fetchedAhead[book.id] == nil { try fetchAhead(from: book, reporter) }
                if let rows = fetchedAhead.removeValue(forKey: book.id) {
                    for (index, page) in pages.enumerated() {
                        if index % Self.pagesBetweenReads == 0 { connection.readAhead() }
                        guard let row = rows[page] else { continue }
                        try reportLibraryPage(row, page: page, of: book, to: &reporter)
                    }
                } else {
                    try read(pages, of: book, to: &reporter, fromLibraryLookup: true)
                }
            }
        }

        /// The library-wide lookup with its pages' text, for the books from
        /// `start` on whose matching parts hold few pages (a rare word's): one
        /// statement where the lookup and the text took two (every hit of
        /// "zymurgical" at 10,000 pages: 18 pages in 6 books).
        private mutating func lookUpLibraryWithText(from start: Int) throws {
            let rows = try candidates.pagesWithText(connection: connection)
            var pages: [Int: [Int]] = [:]
            for next in books[start...] where next.route == .pageIndex {
                var byPage: [Int: Row] = [:]
                for row in rows[next.id] ?? [] {
                    guard let page = row.int("page") else { continue }
                    pages[next.id, default: []].append(page)
                    byPage[page] = row
                }
                fetchedAhead[next.id] = byPage
            }
            libraryPages = pages
        }

        /// Reports a page the library-wide lookup found, and judges the
        /// lookup's yield while its pages are fetched unchecked.
        private mutating func reportLibraryPage(_ row: Row, page: Int, of book: RankedBook,
                                                to reporter: inout HitReporter) throws {
            let hit = try report(row, page: page, of: book, to: &reporter)
            guard judgingLibraryPages else { return }
            libraryPagesRead += 1
            if hit { libraryPagesWithHits += 1 }
            if libraryPagesRead >= Self.yieldProbePages && libraryPagesWithHits * 2 < libraryPagesRead {
                judgingLibraryPages = false
                libraryPages = try candidates.pagesByBook(loose: false, connection: connection)
            }
        }

        /// Reads the book's pages the page index picks, a batch at a time.
        private mutating func readOwnCandidates(of book: RankedBook, skipping done: Set<Int>,
                                                to reporter: inout HitReporter) throws {
            let ranges = book.partRows
            var after = 0
            var batch = try ownAhead.removeValue(forKey: book.id) ?? firstOwnLookups(from: book, reporter)
            while true {
                for row in batch.rows {
                    guard let page = row.int("page") else { continue }
                    after = page
                    guard !done.contains(page) else { continue }
                    try report(row, page: page, of: book, to: &reporter)
                }
                if batch.rows.count < batch.limit { return }
                let limit = nextBatchSize(reporter)
                batch = (try candidates.pages(of: book, in: ranges, after: after, limit: limit, connection: connection), limit)
            }
        }

        /// The first batch of `book`'s own lookup, asked together with those
        /// of the next books that will look for their own pages too, as many
        /// as the hits still wanted call for: each part that holds every
        /// word has a hit on one of its pages or more, so the books' parts
        /// are counted as hits until they make the number wanted.
        private mutating func firstOwnLookups(from book: RankedBook, _ reporter: HitReporter) throws
            -> (rows: [Row], limit: Int) {
            let limit = nextBatchSize(reporter)
            var together = [book]
            if let wanted = reporter.hitsLeft, let start = position[book.id] {
                var expected = book.parts.nonzeroBitCount
                var pages = Self.pageCount(ofParts: book)
                for next in books[(start + 1)...] {
                    guard expected < wanted, together.count <= min(ownLookupsLeft, Self.mostLookupsTogether - 1) else { break }
                    expected += next.parts.nonzeroBitCount
                    guard next.route == .pageIndex else { continue }
                    pages += Self.pageCount(ofParts: next)
                    guard pages <= Self.mostPartPages else { break }
                    together.append(next)
                }
            }
            // A book alone is one that may have hits enough: its lookup in page order can stop early.
            if together.count == 1 {
                return (try candidates.pages(of: book, in: book.partRows, after: 0, limit: limit, connection: connection), limit)
            }
            let rows = try partPages(of: together)
            // Every page of their parts is read: nothing is left to ask for.
            for next in together.dropFirst() { ownAhead[next.id] = (rows[next.id] ?? [], .max) }
            return (rows[book.id] ?? [], .max)
        }

        private static func pageCount(ofParts book: RankedBook) -> Int64 {
            book.partRows.reduce(0) { $0 + $1.upperBound - $1.lowerBound + 1 }
        }

        /// Whether the matching parts of the books the page index answers for
        /// hold more than `limit` pages: counted only until they do.
        private static func partPagesExceed(_ limit: Int64, in books: some Sequence<RankedBook>) -> Bool {
            var pages: Int64 = 0
            for book in books where book.route == .pageIndex {
                pages += pageCount(ofParts: book)
                if pages > limit { return true }
            }
            return false
        }

        /// Every page of `books`' parts that hold every word, by book in page
        /// order, in one statement: the matcher finds the hits in their text,
        /// as it does on the candidates the page index picks. Books asked
        /// together are those whose parts hold few hits (a rare word's), each
        /// page of which the page index tested (its tsvectors TOASTed) before
        /// keeping the first 21: at a million pages the first 20 hits of
        /// "zymurgical", 300 pages of 20 parts in 4 books, took 1.6 ms of the
        /// server's execution where their text takes 0.33 ms, and the command
        /// about 0.9 ms less in all (the matcher's work on 480 KB of text
        /// included). Each range is its own index scan (a LATERAL subquery the
        /// planner may not flatten, OFFSET 0): joined, a small library's rows
        /// were read whole and hashed.
        private func partPages(of books: [RankedBook]) throws -> [Int: [Row]] {
            var ids: [Int] = [], lows: [Int64] = [], highs: [Int64] = []
            for book in books {
                for range in book.partRows {
                    ids.append(book.id)
                    lows.append(range.lowerBound)
                    highs.append(range.upperBound)
                }
            }
            var rows: [Int: [Row]] = [:]
            for row in try connection.query("""
                SELECT p.book_id, p.page, p.label, p.text
                FROM unnest(?::bigint[], ?::int[], ?::int[]) AS wanted(book_id, low, high)
                CROSS JOIN LATERAL (SELECT book_id, page, label, text FROM pages
                                    WHERE book_id = wanted.book_id AND page BETWEEN wanted.low AND wanted.high OFFSET 0) p
                ORDER BY p.book_id, p.page
                """, [arrayLiteral(ids), arrayLiteral(lows), arrayLiteral(highs)]) {
                guard let id = row.int("book_id") else { continue }
                rows[id, default: []].append(row)
            }
            return rows
        }

        /// Reads the book's pages in `range` (the book's first row is page 1), a batch at a time.
        private mutating func read(_ range: ClosedRange<Int64>, of book: RankedBook, skipping done: Set<Int>,
                                   to reporter: inout HitReporter) throws {
            var start = Int(range.lowerBound)
            while start <= Int(range.upperBound) {
                let end = min(start + nextBatchSize(reporter) - 1, Int(range.upperBound))
                let rows = try connection.query(
                    "SELECT page, label, text FROM pages WHERE book_id = ? AND page BETWEEN ? AND ? ORDER BY page",
                    [book.id, start, end])
                for row in rows {
                    guard let page = row.int("page"), !done.contains(page) else { continue }
                    try report(row, page: page, of: book, to: &reporter)
                }
                start = end + 1
            }
        }

        /// Reads `pages` of the book, in the order given; those of the
        /// library-wide lookup as `fetchAhead` does.
        private mutating func read(_ pages: [Int], of book: RankedBook, to reporter: inout HitReporter,
                                   fromLibraryLookup: Bool = false) throws {
            var start = 0
            while start < pages.count {
                let batch = Array(pages[start..<min(start + nextBatchSize(reporter), pages.count)])
                start += batch.count
                let rows = try connection.query("SELECT page, label, text FROM pages WHERE book_id = ? AND page = ANY(?::int[])",
                                                [book.id, "{" + batch.map(String.init).joined(separator: ",") + "}"])
                var byPage: [Int: Row] = [:]
                for row in rows { if let page = row.int("page") { byPage[page] = row } }
                for page in batch {
                    guard let row = byPage[page] else { continue }
                    if fromLibraryLookup {
                        try reportLibraryPage(row, page: page, of: book, to: &reporter)
                    } else {
                        try report(row, page: page, of: book, to: &reporter)
                    }
                }
            }
        }

        /// Fetches the text of `book`'s candidate pages and of the books after
        /// it that the library's lookup answered, a batch in one query: a rare
        /// word's every hit lies in hundreds of books of a page or two, a
        /// round trip each before. Without a limit, the next batch is sent
        /// before this one's pages are reported, so that the server reads it
        /// meanwhile.
        private mutating func fetchAhead(from book: RankedBook, _ reporter: HitReporter) throws {
            guard let start = position[book.id] else { return }
            let end: Int
            if let sent = sentAhead, sent.books.contains(book.id) {
                sentAhead = nil
                keep(try connection.receive(), of: sent.books)
                end = sent.end
            } else {
                guard let batch = nextBatch(from: start, reporter) else { return }
                keep(try connection.query(batch.sql, batch.bindings), of: batch.books)
                end = batch.end
            }
            if sendsAhead, let next = nextBatch(from: end, reporter) {
                try connection.send(next.sql, next.bindings)
                sentAhead = (next.books, next.end)
            }
        }

        /// The query for the pages of the books from `start` on that the
        /// library's lookup answered, as many as a batch holds, and where the
        /// next batch begins; nil when the first such book has more pages than
        /// a batch (it is read in batches of its own) or no book is left.
        private mutating func nextBatch(from start: Int, _ reporter: HitReporter)
            -> (sql: String, bindings: [SQLBindable], books: [Int], end: Int)? {
            guard let libraryPages, start < books.count else { return nil }
            let most = nextBatchSize(reporter)
            var bookIDs: [Int] = [], pages: [Int] = [], batchBooks: [Int] = []
            var end = books.count
            for index in start..<books.count {
                let next = books[index]
                guard next.route == .pageIndex, let candidates = libraryPages[next.id] else { continue }
                if candidates.count > most && batchBooks.isEmpty { return nil }
                if pages.count + candidates.count > most {
                    end = index
                    break
                }
                bookIDs += Array(repeating: next.id, count: candidates.count)
                pages += candidates
                batchBooks.append(next.id)
            }
            guard !pages.isEmpty else { return nil }
            return ("""
                SELECT p.book_id, p.page, p.label, p.text FROM pages p
                JOIN unnest(?::bigint[], ?::int[]) AS wanted(book_id, page) ON p.book_id = wanted.book_id AND p.page = wanted.page
                """, [arrayLiteral(bookIDs), arrayLiteral(pages)], batchBooks, end)
        }

        /// Keeps a batch's rows for its books, each of which has an entry (maybe empty) once fetched.
        private mutating func keep(_ rows: [Row], of batchBooks: [Int]) {
            for id in batchBooks { fetchedAhead[id] = [:] }
            for row in rows {
                guard let id = row.int("book_id"), let page = row.int("page") else { continue }
                fetchedAhead[id, default: [:]][page] = row
            }
        }

        /// At least as many pages as hits are still wanted (a candidate page
        /// nearly always has one), and one more: the reporter reads a hit past
        /// the limit to say the search stopped there, so that `--limit 20` of
        /// a phrase on one hit a page is one query, not a batch of 20 and another.
        private mutating func nextBatchSize(_ reporter: HitReporter) -> Int {
            defer { batchSize = min(batchSize * 2, mostPerBatch) }
            return min(max(batchSize, (reporter.hitsLeft ?? 0) + 1), mostPerBatch)
        }

        /// Reports the page's hits; says whether it had any.
        @discardableResult
        private mutating func report(_ row: Row, page: Int, of book: RankedBook, to reporter: inout HitReporter) throws -> Bool {
            var text = try row.required("text", Row.string)
            let label = row.string("label")
            return try text.withUTF8 { text in
                let matches = matchers.matches(in: text, language: book.language)
                try reporter.report(matches, bookID: book.id) { match in
                    SearchHit(bookID: book.id, bookTitle: book.title, bookFormat: book.format, page: page, label: label,
                              snippet: TextMatcher.snippet(text, match), highlight: nil)
                }
                return !matches.isEmpty
            }
        }
    }
}

/// Integers as an array literal for a `?::bigint[]` or `?::int[]` parameter: one
/// value bound, however many they are.
private func arrayLiteral(_ values: some Sequence<some BinaryInteger>) -> String {
    "{" + values.map { "\($0)" }.joined(separator: ",") + "}"
}
