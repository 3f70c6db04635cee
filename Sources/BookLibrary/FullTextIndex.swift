import Foundation
import Store

/// The full-text index (`page_index`) kept in step with the pages' stored
/// text. The index is external-content over `pages`, but it holds the
/// segmented text (IndexText) while `pages` holds it deflated (StoredText),
/// so SQLite's own 'rebuild' would index the deflated bytes: everything that
/// puts text into the index or takes it out goes through here.
struct FullTextIndex {
    let database: Database

    /// Adds a page's text under the page's row id.
    func index(rowID: Int64, text: String) throws {
        try database.cachedStatement("INSERT INTO page_index (rowid, text) VALUES (?, ?)")
            .run([rowID, IndexText.segmented(text)])
    }

    /// Takes a page out of the index. External content means the index must
    /// be told the very words it holds; when the stored text cannot be
    /// decoded they are read back from the index itself, so that removing a
    /// damaged book still leaves the index in step.
    func unindex(rowID: Int64, stored: SQLValue) throws {
        // A 'delete' of a row the index does not hold would still count it
        // off the index's totals.
        guard try database.cachedStatement("SELECT 1 FROM page_index_docsize WHERE id = ?").rows([rowID]).count == 1
        else { return }
        let indexed: String
        if let text = try? StoredText.decode(stored) {
            indexed = IndexText.segmented(text)
        } else {
            indexed = try indexedTerms(rowID: rowID).joined(separator: " ")
        }
        try database.cachedStatement("INSERT INTO page_index (page_index, rowid, text) VALUES ('delete', ?, ?)")
            .run([rowID, indexed])
    }

    /// The terms the index holds for a row, in order. A scan of the whole
    /// index: only for rows whose text is lost.
    private func indexedTerms(rowID: Int64) throws -> [String] {
        try withVocabulary("main", "page_index") { vocabulary in
            try database.query("SELECT term FROM \(vocabulary) WHERE doc = ? ORDER BY offset", [rowID])
                .compactMap { $0.string("term") }
        }
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
            try database.execute("CREATE VIRTUAL TABLE temp.\(expected) USING fts5(text, tokenize=\(try tokenizer()))")
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
    /// wrong, and each page is indexed again. Pages whose text cannot be
    /// decoded stay out of the index (they are reported by `verify`).
    func rebuild() throws -> Int {
        try database.inTransaction {
            try database.execute("INSERT INTO page_index (page_index) VALUES ('delete-all')")
            var indexed = 0
            try database.prepare("SELECT id, text FROM pages ORDER BY id").forEachRow { row in
                guard let id = row.int64("id"), let text = try? StoredText.decode(row["text"]) else { return }
                try index(rowID: id, text: text)
                indexed += 1
            }
            return indexed
        }
    }

    /// Indexes every page's expected text into the temporary index; returns
    /// the rows whose stored text cannot be decoded, reported in `check`.
    private func fill(_ expected: String, reporting check: inout IndexCheck) throws -> Set<Int64> {
        var damagedRows: Set<Int64> = []
        let insert = try database.prepare("INSERT INTO temp.\(expected) (rowid, text) VALUES (?, ?)")
        try database.prepare("""
            SELECT p.id, p.page, p.text, b.id AS book_id, b.title FROM pages p JOIN books b ON b.id = p.book_id ORDER BY p.id
            """).forEachRow { row in
            guard let id = row.int64("id") else { return }
            check.pagesChecked += 1
            do {
                try insert.run([id, IndexText.segmented(try StoredText.decode(row["text"]))])
            } catch let error as StoredTextError {
                damagedRows.insert(id)
                check.problems.append(IndexProblem(
                    kind: .undecodableText, rowID: id, bookID: row.int("book_id"), bookTitle: row.string("title"),
                    page: row.int("page"), detail: error.reason))
            }
        }
        return damagedRows
    }

    /// The tokenizer the index was created with, read from its own schema,
    /// so that the comparison tokenizes exactly as the index did.
    private func tokenizer() throws -> String {
        let sql = try database.scalar("SELECT sql FROM sqlite_master WHERE name = 'page_index'")
        guard case .text(let text)? = sql, let range = text.range(of: #"tokenize\s*=\s*'[^']*'"#, options: .regularExpression)
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
                SELECT * FROM (SELECT term, doc, offset FROM \(actual) EXCEPT SELECT term, doc, offset FROM \(expected))
                UNION ALL
                SELECT * FROM (SELECT term, doc, offset FROM \(expected) EXCEPT SELECT term, doc, offset FROM \(actual)))
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
        let indexed = try database.scalar("SELECT count(*) FROM page_index_docsize WHERE id = ?", [rowID]) != .integer(0)
        return IndexProblem(
            kind: indexed ? .outOfStep : .notIndexed, rowID: rowID, bookID: page.int("book_id"), bookTitle: page.string("title"),
            page: page.int("page"), detail: indexed ? "the index does not hold its text" : "not in the index")
    }
}

extension Library {
    /// Verifies the full-text index against the pages' stored text.
    public func checkIndex() throws -> IndexCheck {
        try FullTextIndex(database: database).verify()
    }

    /// Verifies the index and, when it is out of step, rebuilds it from the
    /// stored text; returns what was found, with the pages indexed again.
    public func repairIndex() throws -> IndexCheck {
        let index = FullTextIndex(database: database)
        var check = try index.verify()
        guard !check.isInStep else { return check }
        try requireWritable()
        check.pagesReindexed = try index.rebuild()
        return check
    }
}
