import BookLibrary
import LeanBasics
import Store
import TextSearch

/// Picks the books a search looks in from `book_index` alone (`column_mask`
/// tells which of each book's parts hold every word, and which hold them as
/// typed), for `BookRanking` to order.
struct BookIndexRanking {
    let database: Database

    /// The candidate books holding every word of the query, best first.
    /// `matchers` confirm title and outline matches in each book's language.
    func books(matching query: SearchQuery, languages: [BookLanguage], among candidates: BookRanking.Candidates,
               matchers: inout TextMatchers) throws -> [RankedBook] {
        let allWords = try query.allWords(languages: languages)
        var books: [RankedBook] = []
        var outlineMayMatch: [Bool] = []
        // detail=column keeps no positions, so a phrase cannot be asked of the
        // book index: its words are, and the parts holding all of them bound
        // where the phrase can be.
        var condition = ""
        var bindings: [SQLBindable] = [allWords.groups, allWords.groups, allWords.exactGroups, allWords.expression]
        if case .one(let id) = candidates {
            condition = " AND book_index.rowid = ?"
            bindings.append(id)
        }
        let sql = """
            SELECT b.id, b.title, b.language, b.format, b.first_page_row, b.last_page_row,
                   column_mask(book_index, 0, 1, ?) AS outline,
                   column_mask(book_index, 1, \(BookTextParts.count), ?) AS parts,
                   column_mask(book_index, 1, \(BookTextParts.count), ?) AS exact_parts
            FROM book_index CROSS JOIN books b ON b.id = book_index.rowid
            WHERE book_index MATCH ?\(condition)
            """
        try database.prepare(sql).forEachRow(bindings) { row in
            let parts = UInt64(bitPattern: row.int64("parts") ?? 0)
            guard parts != 0, let id = row.int("id") else { return }
            if case .some(let ids) = candidates, !ids.contains(id) { return }
            books.append(RankedBook(id: id, title: TerminalText.line(try row.required("title", Row.string)),
                                    language: row.string("language").flatMap(BookLanguage.init(rawValue:)),
                                    format: row.string("format").flatMap(BookFormat.init(rawValue:)) ?? .pdf,
                                    firstRow: try row.required("first_page_row", Row.int64), lastRow: try row.required("last_page_row", Row.int64),
                                    parts: parts, exactParts: UInt64(bitPattern: row.int64("exact_parts") ?? 0)))
            outlineMayMatch.append(row.int64("outline") == 1)
        }
        guard !books.isEmpty else { return [] }
        let outline = try database.prepare("SELECT title, page FROM outline WHERE book_id = ? ORDER BY position")
        return try BookRanking.order(books, outlineMayMatch: outlineMayMatch, matchers: &matchers) { id in
            var titles = OutlineTitles()
            try outline.forEachStep([id]) { row in
                let page = row.int(1)
                row.withBytes(0) { titles.append(title: $0, page: page) }
            }
            return titles
        }
    }
}
