import BookLibrary
import FoundationEssentials
import Glibc
import Store
import TextSearch

/// Full-text search. The book index (see SearchIndex) picks the books that
/// hold every word and ranks them (BookRanking) without reading or scoring a
/// page; each book is then searched in turn, so the first hits are printed
/// after one book's work, whatever the size of the library. `TextMatcher`
/// finds every occurrence on the pages read.
///
/// Across the library, books come best first; in a book, pages that a
/// matching outline entry points to come first, then the rest in page order.
/// In one book (a reader's find) hits come in page order.
///
/// A book's pages occupy consecutive rows (`first_page_row...last_page_row`),
/// in page order, so a book's search is a row range of the page index, and
/// the text parts of the book index are row ranges too.
struct Search: SearchEngine {
    let database: Database
    /// From this size of the library's file on, pages the page index picks
    /// are read with read() rather than through the memory mapping.
    var scatteredFileSize: Int64 = 256 << 20

    func recordSearch(in book: Book) throws {
        try History(database: database).record(book, page: nil)
    }

    /// One read transaction: one snapshot and one lock for the ranking
    /// and all the page reads, instead of taking and dropping the lock for each.
    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try database.inTransaction(.deferred, body)
    }

    func rankedBooks(_ query: SearchQuery, among candidates: BookRanking.Candidates, matchers: inout TextMatchers,
                     limited: Bool) throws -> (books: [RankedBook], emitter: Emitter)? {
        let languages = try self.languages(of: candidates)
        let books = try BookIndexRanking(database: database).books(matching: query, languages: languages,
                                                              among: candidates, matchers: &matchers)
        guard !books.isEmpty else { return nil }
        let expression = try query.expression(languages: languages, hasVariant: hasVariant(_:prefix:))
        var emitter = Emitter(database: database, expression: expression, books: books, matchers: matchers,
                              highlighted: try HighlightedSpans(database: database))
        emitter.libraryPages = try pageRows()
        return (books, emitter)
    }

    /// The page index's pages are scattered over the file; parts are runs of pages.
    /// In a file of a few hundred books or fewer, mapped pages cost fewer
    /// faults than reading them cost calls (the real corpus: 5% less CPU).
    func readingPages<T>(of books: [RankedBook], _ body: () throws -> T) throws -> T {
        let scattered = try books.contains { $0.route == .pageIndex } && (fileSize() ?? 0) >= scatteredFileSize
        return try database.withReads(mapped: !scattered, body)
    }

    /// The number of page rows the library has had (the largest row id), for `Emitter.libraryPages`.
    private func pageRows() throws -> Int64 {
        try database.scalar("SELECT max(id) FROM pages")?.integer ?? 0
    }

    /// The size of the library's database file, in bytes.
    private func fileSize() throws -> Int64? {
        try database.scalar("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")?.integer
    }

    /// The languages of the candidate books, whose stems the query looks for.
    private func languages(of candidates: BookRanking.Candidates) throws -> [BookLanguage] {
        var languages: Set<BookLanguage> = []
        switch candidates {
        case .all:
            for row in try database.query("SELECT DISTINCT language FROM books") {
                if let language = row.string("language").flatMap(BookLanguage.init(rawValue:)) { languages.insert(language) }
            }
        case .one(let id):
            if let language = try database.queryRow("SELECT language FROM books WHERE id = ?", [id])?
                .string("language").flatMap(BookLanguage.init(rawValue:)) { languages.insert(language) }
        case .some(let ids):
            for row in try database.query("SELECT id, language FROM books") where ids.contains(try row.required("id", Row.int)) {
                if let language = row.string("language").flatMap(BookLanguage.init(rawValue:)) { languages.insert(language) }
            }
        }
        return languages.sorted { $0.rawValue < $1.rawValue }
    }

    /// Whether any page has `term`, or with `prefix` a term beginning so, among its index variants (see `SearchQuery`).
    private func hasVariant(_ term: String, prefix: Bool) throws -> Bool {
        try PageIndex(database: database).hasVariant(term, prefix: prefix)
    }

    /// Reads one book after another and hands over their hits.
    struct Emitter: SearchEmitter {
        let database: Database
        let expression: String
        let books: [RankedBook]
        var matchers: TextMatchers
        /// Where highlights sit, so that a hit inside one says so.
        let highlighted: HighlightedSpans
        /// The first book that needs the page index asks it for its own rows,
        /// which is quick to the first hits. Every lookup costs a seek in each
        /// segment of the index, and a prefix (the last word) is expanded over
        /// the whole index each time, so the next one asks once for the
        /// whole library, and the rows are shared out by book.
        private var ownLookupsLeft = 1
        private var libraryRows: [Int: [Int64]]?
        /// The library's page rows. A book read part by part
        /// (`RankedBook.Route.scanParts`) is finished through the page index
        /// when the pages read so far mostly hold no hit and more than
        /// 1/`lookupShare` of the library's pages are left to read. Parts
        /// bound where the words are, not a phrase of them: R's reference
        /// manual has "the" and "following" in every part and "the
        /// following" on 150 of its 2,415 pages. A library-wide lookup costs
        /// in proportion to the library (its prefixes are expanded over the
        /// whole index): on 7,000 pages of manuals 0.5–1 ms for common words,
        /// what reading 40–80 pages costs, and 12 ms for "the the".
        var libraryPages: Int64 = 0
        static let lookupShare: Int64 = 32
        /// Pages read before the yield is judged, and read at a time.
        static let yieldProbePages: Int64 = 16

        init(database: Database, expression: String, books: [RankedBook], matchers: TextMatchers,
             highlighted: HighlightedSpans) {
            self.highlighted = highlighted
            self.database = database
            self.expression = expression
            self.books = books
            self.matchers = matchers
        }

        mutating func emit(_ book: RankedBook, outlineFirst: Bool, to reporter: inout HitReporter) throws {
            var done = Set<Int64>()
            if outlineFirst {
                for page in book.outlinePages where page >= 1 && page <= book.pageCount {
                    let row = book.firstRow + Int64(page - 1)
                    guard done.insert(row).inserted else { continue }
                    try read(rows: row...row, of: book, to: &reporter)
                }
            }
            switch book.route {
            case .scanParts:
                try scan(book, skipping: done, to: &reporter)
            case .pageIndex:
                try read(rowIDs: try pageIndexRows(of: book).filter { !done.contains($0) }, of: book, to: &reporter)
            }
        }

        /// Reads the pages of the book's parts that hold every word, or the
        /// rest of them through the page index when few have a hit (see `libraryPages`).
        private mutating func scan(_ book: RankedBook, skipping done: Set<Int64>, to reporter: inout HitReporter) throws {
            let ranges = book.partRows
            var left = Int64(ranges.reduce(0) { $0 + $1.count })
            guard left * Self.lookupShare > libraryPages else {
                for range in ranges { try read(rows: range, of: book, skipping: done, to: &reporter) }
                return
            }
            var pagesRead = 0, pagesWithHits = 0
            for range in ranges {
                var start = range.lowerBound
                while start <= range.upperBound {
                    // Under a quarter of the pages with a hit: the page index says which of the rest have one,
                    // and the lookup serves the books after this one too.
                    if pagesRead >= Self.yieldProbePages, pagesWithHits * 4 < pagesRead, left * Self.lookupShare > libraryPages {
                        if libraryRows == nil { libraryRows = try lookUpLibrary() }
                        try read(rowIDs: (libraryRows?[book.id] ?? []).filter { $0 >= start && !done.contains($0) },
                                 of: book, to: &reporter)
                        return
                    }
                    let end = min(range.upperBound, start + Self.yieldProbePages - 1)
                    let counts = try read(rows: start...end, of: book, skipping: done, to: &reporter)
                    pagesRead += counts.read
                    pagesWithHits += counts.withHits
                    left -= end - start + 1
                    start = end + 1
                }
            }
        }

        /// The book's rows the page index matches, in page order.
        private mutating func pageIndexRows(of book: RankedBook) throws -> [Int64] {
            if libraryRows == nil && ownLookupsLeft > 0 {
                ownLookupsLeft -= 1
                var rows: [Int64] = []
                try database.prepare(
                    "SELECT rowid FROM page_index WHERE page_index MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid"
                ).forEachStep([expression, book.firstRow, book.lastRow]) { row in
                    if let rowID = row.int64(0) { rows.append(rowID) }
                }
                return rows
            }
            if libraryRows == nil { libraryRows = try lookUpLibrary() }
            return libraryRows?[book.id] ?? []
        }

        /// The page index's rows for the whole library, by book: rows come in
        /// ascending order and map to books by binary search over their ranges.
        private func lookUpLibrary() throws -> [Int: [Int64]] {
            let ranges = books.map { (id: $0.id, first: $0.firstRow, last: $0.lastRow) }.sorted { $0.first < $1.first }
            var rows: [Int: [Int64]] = [:]
            try database.prepare("SELECT rowid FROM page_index WHERE page_index MATCH ?").forEachStep([expression]) { row in
                guard let rowID = row.int64(0) else { return }
                var low = 0, high = ranges.count
                while low < high {
                    let middle = (low + high) / 2
                    if ranges[middle].first <= rowID { low = middle + 1 } else { high = middle }
                }
                guard low > 0, rowID <= ranges[low - 1].last else { return }
                rows[ranges[low - 1].id, default: []].append(rowID)
            }
            return rows
        }

        @discardableResult
        private mutating func read(rows: ClosedRange<Int64>, of book: RankedBook, skipping done: Set<Int64> = [],
                                   to reporter: inout HitReporter) throws -> (read: Int, withHits: Int) {
            let statement = try database.cachedStatement(
                "SELECT id, page, label, text FROM pages WHERE id BETWEEN ? AND ? ORDER BY id")
            return try read(statement, [rows.lowerBound, rows.upperBound], of: book, skipping: done, to: &reporter)
        }

        /// Reads the pages of `rowIDs` (ascending) with one statement: a
        /// common phrase's book has dozens, scattered over its pages.
        private mutating func read(rowIDs: [Int64], of book: RankedBook, to reporter: inout HitReporter) throws {
            guard !rowIDs.isEmpty else { return }
            let statement = try database.cachedStatement(
                "SELECT id, page, label, text FROM pages WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id")
            let list = "[" + rowIDs.map(String.init).joined(separator: ",") + "]"
            try read(statement, [list], of: book, skipping: [], to: &reporter)
        }

        /// Reads the pages `statement` selects (id, page, label, text) and
        /// reports their hits; returns how many pages it read and how many had a hit.
        @discardableResult
        private mutating func read(_ statement: Statement, _ bindings: [SQLBindable], of book: RankedBook,
                                   skipping done: Set<Int64>, to reporter: inout HitReporter) throws
            -> (read: Int, withHits: Int) {
            var pages: [(id: Int64, page: Int, label: String?, text: SQLValue)] = []
            // Pages are collected before matching so that no hit is handed
            // over while the statement holds its read cursor open.
            try statement.forEachStep(bindings) { row in
                guard let id = row.int64(0), !done.contains(id) else { return }
                pages.append((id, try row.requiredInt(1), row.string(2), row.value(3)))
            }
            var withHits = 0
            for page in pages {
                try StoredText.withBytes(page.text) { bytes in
                    if try report(bytes, page: page.page, label: page.label, of: book, to: &reporter) { withHits += 1 }
                }
            }
            return (pages.count, withHits)
        }

        /// Reports a page's hits; whether it had any.
        private mutating func report(_ text: UnsafeBufferPointer<UInt8>, page: Int, label: String?, of book: RankedBook,
                                     to reporter: inout HitReporter) throws -> Bool {
            let highlighted = self.highlighted
            let matches = matchers.matches(in: text, language: book.language)
            try reporter.report(matches, bookID: book.id) { match in
                SearchHit(bookID: book.id, bookTitle: book.title, bookFormat: book.format, page: page, label: label,
                          snippet: TextMatcher.snippet(text, match),
                          highlight: highlighted.highlight(bookID: book.id, page: page, bytes: text, match: match.start..<match.end))
            }
            return !matches.isEmpty
        }
    }
}
