import Store

/// The library's two full-text indexes, written and erased together.
///
/// `page_index` has one row per page (the row id is the page's row in
/// `pages`): it finds the pages that hold a query. `book_index` has one row
/// per book (the row id is the book's id): its outline, and its text cut into
/// `textParts` consecutive runs of pages, one column each. It is contentless
/// and keeps no positions (detail=column), so it is small (about a sixth of
/// the page index) and answers "which books, and which parts of them, hold
/// every word" from a few bytes per book, however common the words: that is
/// what ranks books and picks where to look without scoring every page.
///
/// Both are fed the same string for a page, from `indexedText`, the one place
/// page text is prepared for indexing.
package struct SearchIndex {
    /// Columns of `book_index` after the outline: the book's pages split
    /// into this many runs (fewer pages than parts leave parts empty).
    package static let textParts = 64

    static let bookIndexColumns = ["outline"] + (0..<textParts).map { "p\($0)" }

    /// What the full-text indexes are given for a page's (or an outline entry's) text.
    package static func indexedText(_ text: String) -> String {
        IndexText.segmented(text)
    }

    /// The 0-based page positions (in page order) that text part `part` covers in a book of `pageCount` pages.
    static func pagePositions(ofPart part: Int, pageCount: Int) -> Range<Int> {
        (part * pageCount / textParts)..<((part + 1) * pageCount / textParts)
    }

    let database: Database

    package init(database: Database) { self.database = database }

    /// Indexes one page; returns the indexed text, for `indexBook`.
    package func indexPage(rowID: Int64, text: String) throws -> String {
        let indexed = Self.indexedText(text)
        try database.cachedStatement("INSERT INTO page_index (rowid, text) VALUES (?, ?)").run([rowID, indexed])
        return indexed
    }

    /// Adds the book's row: its outline entry titles and its pages'
    /// indexed text (as `indexPage` returned it, in page order).
    package func indexBook(id: Int64, indexedPages: [String], outlineTitles: [String]) throws {
        try database.cachedStatement(Self.bookRowSQL(command: nil))
            .run([id as SQLBindable] + Self.bookRowValues(indexedPages: indexedPages, outlineTitles: outlineTitles))
    }

    /// Removes the book's rows from both indexes. Contentless and
    /// external-content FTS5 rows are erased by giving the values they were
    /// indexed with, so they are rebuilt from the stored text.
    func removeBook(id: Int) throws {
        let deletePage = try database.prepare("INSERT INTO page_index (page_index, rowid, text) VALUES ('delete', ?, ?)")
        var indexedPages: [String] = []
        try database.prepare("SELECT id, text FROM pages WHERE book_id = ? ORDER BY id").forEachRow([id]) { row in
            let indexed = Self.indexedText(StoredText.decode(row["text"]))
            try deletePage.run([row.int64("id"), indexed])
            indexedPages.append(indexed)
        }
        try database.prepare(Self.bookRowSQL(command: "delete"))
            .run([Int64(id) as SQLBindable] + Self.bookRowValues(indexedPages: indexedPages, outlineTitles: try outlineTitles(bookID: id)))
    }

    /// Writes every book's row from the stored page text and outline, for
    /// a library whose pages were indexed before `book_index` existed.
    func indexStoredBooks() throws {
        let ids = try database.query("SELECT id FROM books ORDER BY id").compactMap { $0.int("id") }
        let pages = try database.prepare("SELECT text FROM pages WHERE book_id = ? ORDER BY id")
        for id in ids {
            var indexedPages: [String] = []
            try pages.forEachRow([id]) { indexedPages.append(Self.indexedText(StoredText.decode($0["text"]))) }
            try indexBook(id: Int64(id), indexedPages: indexedPages, outlineTitles: try outlineTitles(bookID: id))
        }
    }

    private func outlineTitles(bookID: Int) throws -> [String] {
        try database.query("SELECT title FROM outline WHERE book_id = ? ORDER BY position", [bookID])
            .compactMap { $0.string("title") }
    }

    private static func bookRowSQL(command: String?) -> String {
        let columns = bookIndexColumns.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: bookIndexColumns.count + 1).joined(separator: ", ")
        guard let command else { return "INSERT INTO book_index (rowid, \(columns)) VALUES (\(placeholders))" }
        return "INSERT INTO book_index (book_index, rowid, \(columns)) VALUES ('\(command)', \(placeholders))"
    }

    private static func bookRowValues(indexedPages: [String], outlineTitles: [String]) -> [SQLBindable] {
        let outline = outlineTitles.map(indexedText).joined(separator: "\n")
        let parts = (0..<textParts).map { part in
            indexedPages[pagePositions(ofPart: part, pageCount: indexedPages.count)].joined(separator: "\n")
        }
        return [outline] + parts
    }
}
