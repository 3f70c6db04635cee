import BookLibrary
import Postgres
import Store
import TextSearch

/// A shared library's page index (migration pg-3-search), the PostgreSQL
/// counterpart of `SearchIndex`: the same terms, made by the same code
/// (`IndexText`: `WordScanner`, `TermFolding`, the book language's Snowball
/// stemmer, line-end hyphenated words joined, each CJK character a term),
/// stored as tsvectors that the server compares but never folds again.
///
/// `page_index` has a row per page: `words` (every term at its position,
/// for phrases and CJK substrings) and `variants` (joined halves and stems,
/// without positions). `book_index` has a row per text part of a book and
/// one for its outline, as `SearchIndex` cuts them, with every term of the
/// part: it picks and ranks the books without reading a page.
/// Rows go with their book (ON DELETE CASCADE).
package struct PostgresPageIndex {
    let connection: PostgresConnection

    /// Pages written by one INSERT.
    private static let batchSize = 100

    package init(connection: PostgresConnection) {
        self.connection = connection
    }

    /// Indexes one book, stemmed in `language`, from the pages and outline
    /// the server holds for it: call it after they are inserted, in the same
    /// transaction, so that the book and its index are committed together.
    /// Rows the book had in the index are replaced.
    package func index(bookID: Int, language: BookLanguage) throws {
        let folder = try TermFolder(language: language)
        try connection.execute("DELETE FROM page_index WHERE book_id = ?", [bookID])
        try connection.execute("DELETE FROM book_index WHERE book_id = ?", [bookID])
        let pages = try connection.query("SELECT id, page, text FROM pages WHERE book_id = ? ORDER BY page", [bookID])
        var pageTerms: [[Substring]] = []
        pageTerms.reserveCapacity(pages.count)
        var rows: [[SQLBindable]] = []
        for page in pages {
            let input = IndexText.input(of: try page.required("text", Row.string), folder: folder)
            let words = input.words.split(separator: " ")
            let variants = input.variants.split(separator: " ")
            let positioned = TextSearchLiteral.positioned(words)
            let stems = TextSearchLiteral.set(variants)
            rows.append([try page.required("id", Row.int64), bookID, try page.required("page", Row.int), positioned.text, stems.text,
                         positioned.complete && stems.complete])
            if rows.count == Self.batchSize {
                try insertPages(rows)
                rows.removeAll(keepingCapacity: true)
            }
            pageTerms.append(words + variants)
        }
        if !rows.isEmpty { try insertPages(rows) }

        let titles = try connection.query("SELECT title FROM outline WHERE book_id = ? ORDER BY position", [bookID])
            .map { IndexText.input(of: try $0.required("title", Row.string), folder: folder) }
        let outlineTerms = titles.flatMap { $0.words.split(separator: " ") + $0.variants.split(separator: " ") }
        var parts: [(part: Int, terms: TextSearchLiteral.Vector)] = []
        if !titles.isEmpty {
            parts.append((0, TextSearchLiteral.set(outlineTerms)))
        }
        var partTerms: [[Substring]] = []
        for part in 0..<BookTextParts.count {
            let positions = BookTextParts.pagePositions(ofPart: part, pageCount: pageTerms.count)
            partTerms.append(Array(pageTerms[positions].joined()))
            guard !positions.isEmpty else { continue }
            parts.append((part + 1, TextSearchLiteral.set(partTerms[part])))
        }
        try PostgresBookTerms.write(bookID: bookID, parts: partTerms, outline: outlineTerms, connection: connection)
        // A book's parts (its outline and up to `BookTextParts.count` runs of pages) go in one statement.
        if !parts.isEmpty {
            let values = Array(repeating: "(?, ?, ?, ?::tsvector, ?)", count: parts.count).joined(separator: ", ")
            try connection.execute("INSERT INTO book_index (book_id, part, pages, terms, complete) VALUES \(values)",
                                   parts.flatMap { [bookID, $0.part, pageTerms.count, $0.terms.text, $0.terms.complete] as [SQLBindable] })
        }
    }

    private func insertPages(_ rows: [[SQLBindable]]) throws {
        let values = Array(repeating: "(?, ?, ?, ?::tsvector, ?::tsvector, ?)", count: rows.count).joined(separator: ", ")
        try connection.execute("INSERT INTO page_index (page_id, book_id, page, words, variants, complete) VALUES \(values)",
                               rows.flatMap { $0 })
    }
}
