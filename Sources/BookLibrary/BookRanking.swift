import Store

/// A book that holds every word of a query, and where.
struct RankedBook {
    var id: Int
    var title: String
    /// The book's pages are the rows firstRow...lastRow of `pages`, in page order.
    var firstRow: Int64
    var lastRow: Int64
    /// Bit k: text part k (see SearchIndex) holds every word of the query.
    /// No page outside these parts can match.
    var parts: UInt64
    var titleMatches = false
    /// Pages that outline entries matching the query point to, in outline order.
    var outlinePages: [Int] = []
    /// bm25 over the book's text parts; higher is better.
    var score = 0.0

    var pageCount: Int { Int(lastRow - firstRow + 1) }
    var partsWithPages: Int { min(SearchIndex.textParts, pageCount) }
}

/// Picks and orders the books a search looks in, from the book index alone:
/// no page is read or scored to rank them. Books whose title matches come
/// first, then books with a matching outline entry, then by bm25 computed
/// over text parts instead of words (a part counts once, however often it
/// holds the words; long books are weighed by how many parts they have),
/// then by id.
struct BookRanking {
    let database: Database

    /// bm25's usual constants: how fast repeated matches stop adding, and how much length counts.
    static let saturation = 1.2
    static let lengthWeight = 0.75

    /// The books holding every word of the query (the whole library, or the one
    /// book), best first. `matcher` confirms title and outline matches exactly.
    func books(matching query: String, in bookID: Int?, matcher: inout TextMatcher) throws -> [RankedBook] {
        guard let expression = FTS5Query.allWords(SearchIndex.indexedText(query), prefixLast: true) else { return [] }
        var books: [RankedBook] = []
        var outlineMayMatch: [Bool] = []
        // detail=column keeps no positions, so a phrase cannot be asked of the
        // book index: its words are, and the parts holding all of them bound
        // where the phrase can be.
        let sql = """
            SELECT b.id, b.title, b.first_page_row, b.last_page_row,
                   column_mask(book_index, 0, 1) AS outline, column_mask(book_index, 1, \(SearchIndex.textParts)) AS parts
            FROM book_index CROSS JOIN books b ON b.id = book_index.rowid
            WHERE book_index MATCH ?\(bookID == nil ? "" : " AND book_index.rowid = ?")
            """
        try database.prepare(sql).forEachRow(bookID.map { [expression, $0] } ?? [expression]) { row in
            let parts = UInt64(bitPattern: row.int64("parts") ?? 0)
            guard parts != 0 else { return }
            books.append(RankedBook(id: row.int("id") ?? 0, title: row.string("title") ?? "",
                                    firstRow: row.int64("first_page_row") ?? 0, lastRow: row.int64("last_page_row") ?? -1,
                                    parts: parts))
            outlineMayMatch.append(row.int64("outline") == 1)
        }
        guard !books.isEmpty else { return [] }

        let averageParts = Double(books.map(\.partsWithPages).reduce(0, +)) / Double(books.count)
        let outline = try database.prepare("SELECT title, page FROM outline WHERE book_id = ? ORDER BY position")
        for index in books.indices {
            books[index].titleMatches = !matcher.matches(in: books[index].title).isEmpty
            if outlineMayMatch[index] {
                var pages: [Int] = []
                try outline.forEachRow([books[index].id]) { row in
                    guard let page = row.int("page"), !pages.contains(page),
                          !matcher.matches(in: row.string("title") ?? "").isEmpty
                    else { return }
                    pages.append(page)
                }
                books[index].outlinePages = pages
            }
            let matchingParts = Double(books[index].parts.nonzeroBitCount)
            let length = Double(books[index].partsWithPages) / max(averageParts, 1)
            books[index].score = matchingParts * (Self.saturation + 1)
                / (matchingParts + Self.saturation * (1 - Self.lengthWeight + Self.lengthWeight * length))
        }
        return books.sorted { a, b in
            if a.titleMatches != b.titleMatches { return a.titleMatches }
            if a.outlinePages.isEmpty != b.outlinePages.isEmpty { return !a.outlinePages.isEmpty }
            if a.score != b.score { return a.score > b.score }
            return a.id < b.id
        }
    }
}
