import BookLibrary
import FoundationEssentials
import Glibc
import LeanBasics
import Store
import TextSearch

/// Checks and repairs the full-text index (`page_index`, see PageIndex)
/// against the pages' stored text. The index is contentless and holds each
/// page folded and stemmed in its book's language, so SQLite's own
/// 'rebuild' has nothing to rebuild from: the expected index is made here
/// from the stored text, the same way PageIndex makes it.
struct FullTextIndex {
    let database: Database

    // MARK: Removing

    /// The input a page was indexed with, for FTS5's 'delete': from its
    /// stored text; when that cannot be decoded, read back from the index
    /// itself (a scan of the whole index: only for rows whose text is lost).
    func indexedInput(rowID: Int64, stored: SQLValue, folder: TermFolder) throws -> IndexText.Input {
        if let text = try? StoredText.decode(stored) { return IndexText.input(of: text, folder: folder) }
        return try withVocabulary("main", "page_index") { vocabulary in
            var columns = ["words": [String](), "variants": [String]()]
            try database.prepare("SELECT term, col FROM \(vocabulary) WHERE doc = ? ORDER BY col, offset").forEachRow([rowID]) { row in
                if let column = row.string("col"), let term = row.string("term") { columns[column, default: []].append(term) }
            }
            return IndexText.Input(words: columns["words", default: []].joined(separator: " "),
                                   variants: columns["variants", default: []].joined(separator: " "))
        }
    }

    /// Whether the index holds a row: a 'delete' of a row it does not hold
    /// would still count it off the index's totals.
    func holds(rowID: Int64) throws -> Bool {
        try database.cachedStatement("SELECT 1 FROM page_index_docsize WHERE id = ?").rows([rowID]).count == 1
    }

    // MARK: Checking

    /// Compares the index with what the stored text says it should hold:
    /// FTS5's own 'integrity-check' for the index's structure, then every
    /// page's expected terms (in a temporary index built with the same
    /// tokenizer) against the terms the index holds for it.
    func verify() throws -> IndexCheck {
        var check = IndexCheck()
        // The command is an INSERT, refused on a read-only library; there the
        // comparison below, which reads every entry of the index, stands alone.
        if !database.isReadOnly {
            do {
                try database.execute("INSERT INTO page_index (page_index) VALUES ('integrity-check')")
            } catch let error as DatabaseError where error.isCorrupt {
                check.structureProblem = error.message
                if case .integer(let pages)? = try database.scalar("SELECT count(*) FROM pages") { check.pagesChecked = Int(pages) }
                return check
            }
        }
        try database.inTransaction(.deferred) {
            let expected = "ibook_expected_index"
            try database.execute("DROP TABLE IF EXISTS temp.\(expected)")
            try database.execute("CREATE VIRTUAL TABLE temp.\(expected) USING fts5(words, variants, tokenize=\(try tokenizer()))")
            defer { try? database.execute("DROP TABLE IF EXISTS temp.\(expected)") }
            let damagedRows = try fill(expected, reporting: &check)
            let differing = try withVocabulary("main", "page_index") { actual in
                try withVocabulary("temp", expected) { wanted in try differingRows(actual: actual, expected: wanted) }
            }
            // A page whose text is lost is reported as such, not again as out of step.
            for rowID in differing where !damagedRows.contains(rowID) {
                check.problems.append(try problem(rowID: rowID))
            }
        }
        return check
    }

    /// Rebuilds the index from the stored text of every page, in one
    /// transaction: 'delete-all' forgets whatever the index holds, right or
    /// wrong, and each book's pages are indexed again in its language. Pages
    /// whose text cannot be decoded stay out (`verify` reports them).
    func rebuild() throws -> Int {
        try database.inTransaction {
            try database.execute("INSERT INTO page_index (page_index) VALUES ('delete-all'); DELETE FROM index_variants")
            var indexed = 0
            for book in try database.query("SELECT id, language FROM books ORDER BY id") {
                var pages: [(rowID: Int64, text: String)] = []
                try database.prepare("SELECT id, text FROM pages WHERE book_id = ? ORDER BY id").forEachRow([try book.required("id", Row.int)]) { row in
                    guard let id = row.int64("id"), let text = try? StoredText.decode(row["text"]) else { return }
                    pages.append((id, text))
                }
                try PageIndex(database: database).add(pages, language: language(book.string("language")))
                indexed += pages.count
            }
            // The book index ranks books from the same text: rebuilt beside it.
            try database.execute("INSERT INTO book_index (book_index) VALUES ('delete-all')")
            try SearchIndex(database: database).indexStoredBooks()
            return indexed
        }
    }

    private func language(_ code: String?) -> BookLanguage {
        code.flatMap(BookLanguage.init(rawValue:)) ?? .fallback
    }

    /// Indexes every page's expected input into the temporary index; returns
    /// the rows whose stored text cannot be decoded, reported in `check`.
    private func fill(_ expected: String, reporting check: inout IndexCheck) throws -> Set<Int64> {
        var damagedRows: Set<Int64> = []
        let insert = try database.prepare("INSERT INTO temp.\(expected) (rowid, words, variants) VALUES (?, ?, ?)")
        for book in try database.query("SELECT id, title, language FROM books ORDER BY id") {
            let folder = try TermFolder(language: language(book.string("language")))
            try database.prepare("SELECT id, page, text FROM pages WHERE book_id = ? ORDER BY id").forEachRow([try book.required("id", Row.int)]) { row in
                guard let id = row.int64("id") else { return }
                check.pagesChecked += 1
                do {
                    let input = IndexText.input(of: try StoredText.decode(row["text"]), folder: folder)
                    try insert.run([id, input.words, input.variants])
                } catch let error as StoredTextError {
                    damagedRows.insert(id)
                    check.problems.append(IndexProblem(
                        kind: .undecodableText, rowID: id, bookID: book.int("id"), bookTitle: book.string("title").map(TerminalText.line),
                        page: row.int("page"), detail: error.reason))
                }
            }
        }
        return damagedRows
    }

    /// The tokenizer the index was created with, read from its own schema,
    /// so that the comparison tokenizes exactly as the index did.
    private func tokenizer() throws -> String {
        let sql = try database.scalar("SELECT sql FROM sqlite_master WHERE name = 'page_index'")
        guard case .text(let text)? = sql, let range = text.firstRange(of: #/tokenize\s*=\s*'[^']*'/#)
        else { return "'unicode61'" }
        let clause = text[range]
        return String(clause[clause.firstIndex(of: "'")!...])
    }

    private func withVocabulary<T>(_ schema: String, _ table: String, _ body: (String) throws -> T) throws -> T {
        let name = "ibook_vocabulary_\(schema)"
        try database.execute("DROP TABLE IF EXISTS temp.\(name)")
        try database.execute("CREATE VIRTUAL TABLE temp.\(name) USING fts5vocab(\(schema), \(table), instance)")
        defer { try? database.execute("DROP TABLE IF EXISTS temp.\(name)") }
        return try body("temp.\(name)")
    }

    /// Rows where the index and the expected index hold different terms,
    /// index rows of no page, and pages the index does not know.
    private func differingRows(actual: String, expected: String) throws -> [Int64] {
        try database.query("""
            SELECT DISTINCT doc FROM (
                SELECT * FROM (SELECT term, doc, col, offset FROM \(actual) EXCEPT SELECT term, doc, col, offset FROM \(expected))
                UNION ALL
                SELECT * FROM (SELECT term, doc, col, offset FROM \(expected) EXCEPT SELECT term, doc, col, offset FROM \(actual)))
            UNION
            SELECT id FROM page_index_docsize WHERE id NOT IN (SELECT id FROM pages)
            UNION
            SELECT id FROM pages WHERE id NOT IN (SELECT id FROM page_index_docsize)
            ORDER BY 1
            """).compactMap { row -> Int64? in if case .integer(let id) = row[0] { return id } else { return nil } }
    }

    private func problem(rowID: Int64) throws -> IndexProblem {
        let page = try database.queryRow("""
            SELECT p.page, b.id AS book_id, b.title FROM pages p JOIN books b ON b.id = p.book_id WHERE p.id = ?
            """, [rowID])
        guard let page else {
            return IndexProblem(kind: .orphaned, rowID: rowID, bookID: nil, bookTitle: nil, page: nil,
                                detail: "belongs to no page")
        }
        let indexed = try holds(rowID: rowID)
        return IndexProblem(
            kind: indexed ? .outOfStep : .notIndexed, rowID: rowID, bookID: page.int("book_id"), bookTitle: page.string("title").map(TerminalText.line),
            page: page.int("page"), detail: indexed ? "the index does not hold its text" : "not in the index")
    }
}
