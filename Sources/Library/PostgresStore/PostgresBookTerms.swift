import BookLibrary
import Postgres
import Store
import TextSearch

/// `book_terms` (migration pg-14-book-terms): a row for each term of a
/// book, with the mask of the book's text parts that hold it (bit k: part
/// k + 1 of `book_index`, see `SearchIndex`) and whether its outline does.
///
/// It answers what picks and ranks the books of a search, which parts of
/// which books hold every word, from one B-tree lookup a word (a range for
/// the last word, a beginning): a thousand rows for `the` in a thousand
/// books, where `book_index`'s GIN index gave one row a part (64,000) and
/// the server took 15-20 ms to visit and sum them up. `book_index` keeps the
/// book's page count and the rows a tsvector could not hold whole
/// (`complete` false: their parts are always candidates); its GIN index,
/// which nothing asks any more, is dropped.
enum PostgresBookTerms {
    /// The text part every book with a page has (see `BookTextParts.pagePositions`):
    /// its row gives the book's page count from an index of its own.
    private static let lastPart = BookTextParts.count

    /// Rows written by one INSERT (four parameters each).
    private static let batchSize = 1000

    static func migrate(_ db: PostgresConnection) throws {
        try db.execute("""
            CREATE TABLE book_terms (
                term text COLLATE "C" NOT NULL,
                book_id bigint NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                parts bigint NOT NULL,
                outline boolean NOT NULL,
                PRIMARY KEY (term, book_id) INCLUDE (parts, outline)
            );
            CREATE INDEX book_terms_book ON book_terms (book_id);
            DROP INDEX book_index_terms;
            CREATE INDEX book_index_pages ON book_index (book_id) INCLUDE (pages) WHERE part = \(lastPart);
            """)
        // A book at a time, from the terms its book_index rows hold: one
        // statement for a million pages' terms would outlast a session's
        // statement_timeout.
        for book in try db.query("SELECT id FROM books ORDER BY id") {
            try db.execute("""
                INSERT INTO book_terms (term, book_id, parts, outline)
                SELECT lexeme, book_id, bit_or(CASE WHEN part > 0 THEN 1::bigint << (part - 1) ELSE 0 END), bool_or(part = 0)
                FROM book_index, unnest(terms) AS t(lexeme, positions, weights)
                WHERE book_id = ?
                GROUP BY lexeme, book_id
                """, [try book.required("id", Row.int)])
        }
        for row in try db.query("SELECT kind, role::regrole::text AS name FROM library_roles") {
            guard let name = row.string("name") else { continue }
            let rights = row.string("kind") == PostgresAccessLevel.editor.rawValue ? "INSERT, UPDATE, DELETE" : "SELECT"
            try db.execute("GRANT \(rights) ON book_terms TO \(name)")
        }
    }

    /// Writes the book's rows anew: `parts[k]` holds the terms of its text
    /// part k + 1, `outline` those of its outline entries.
    static func write(bookID: Int, parts: [[Substring]], outline: [Substring], connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM book_terms WHERE book_id = ?", [bookID])
        var entries: [Substring: (parts: UInt64, outline: Bool)] = [:]
        for (part, terms) in parts.enumerated() {
            for term in terms where Self.fits(term) {
                entries[term, default: (0, false)].parts |= 1 << UInt64(part)
            }
        }
        for term in outline where Self.fits(term) {
            entries[term, default: (0, false)].outline = true
        }
        var rows: [SQLBindable] = []
        func flush() throws {
            guard !rows.isEmpty else { return }
            let values = Array(repeating: "(?, ?, ?, ?)", count: rows.count / 4).joined(separator: ", ")
            try connection.execute("INSERT INTO book_terms (term, book_id, parts, outline) VALUES \(values)", rows)
            rows.removeAll(keepingCapacity: true)
        }
        for (term, entry) in entries {
            rows += [String(term), bookID, Int64(bitPattern: entry.parts), entry.outline]
            if rows.count == batchSize * 4 { try flush() }
        }
        try flush()
    }

    /// A term a tsvector could hold; a longer one leaves its part incomplete
    /// in `book_index`, and so a candidate whatever it is asked.
    private static func fits(_ term: Substring) -> Bool {
        !term.isEmpty && term.utf8.count <= TextSearchLiteral.maxLexemeBytes
    }

    /// A query giving, a row a book (`book_id`), the parts that hold every
    /// term of one of the plan's conjunctions (`parts`), of one of its exact
    /// ones (`exact_parts`), whether its outline may (`outline`), and its
    /// page count (`pages`); among one book only when `book` is given.
    static func rankingQuery(_ plan: SearchPlan, book: Int?) -> (sql: String, bindings: [SQLBindable]) {
        // Each lookup that `ofBook` narrows binds the book's id after its own values.
        let ofBook = book == nil ? "" : " AND book_id = ?"
        let bookID: [SQLBindable] = book.map { [$0] } ?? []
        var alternatives: [String] = []
        var bindings: [SQLBindable] = []
        for conjunction in plan.books where !conjunction.terms.isEmpty {
            let lookups = conjunction.terms.indices.map { index -> String in
                let term = conjunction.terms[index]
                if conjunction.lastIsPrefix && index == conjunction.terms.count - 1 {
                    // Bytes order the C collation, so a beginning is a range; no
                    // term goes on past the last code point.
                    bindings += [term, term + "\u{10FFFF}"] + bookID
                    return "SELECT book_id, bit_or(parts) AS m, bool_or(outline) AS o FROM book_terms "
                        + "WHERE term >= ? AND term < ?\(ofBook) GROUP BY book_id"
                }
                bindings += [term] + bookID
                // (term, book_id) is the key: a row a book, nothing to sum.
                return "SELECT book_id, parts AS m, outline AS o FROM book_terms WHERE term = ?\(ofBook)"
            }
            if lookups.count == 1 {
                // One term: its lookup's rows are the book's already, one a book.
                alternatives.append("SELECT book_id, m AS parts, o AS outline, \(conjunction.exact) AS exact FROM (\(lookups[0])) AS terms")
                continue
            }
            alternatives.append("""
                SELECT book_id, bit_and(m) AS parts, bool_and(o) AS outline, \(conjunction.exact) AS exact
                FROM (\(lookups.joined(separator: " UNION ALL "))) AS terms
                GROUP BY book_id HAVING count(*) = \(lookups.count)
                """)
        }
        alternatives.append("""
            SELECT book_id, CASE WHEN part > 0 THEN 1::bigint << (part - 1) ELSE 0 END AS parts, part = 0 AS outline, true AS exact
            FROM book_index WHERE NOT complete\(ofBook)
            """)
        bindings += bookID
        // The page count joined, not looked up a book at a time: a subquery
        // a book was 820 index probes for a rare word, and most of `the`'s time.
        let sql = """
            SELECT c.book_id, bit_or(c.parts) AS parts, bit_or(CASE WHEN c.exact THEN c.parts ELSE 0 END) AS exact_parts,
                   bool_or(c.outline) AS outline, min(b.pages) AS pages
            FROM (\(alternatives.joined(separator: "\nUNION ALL\n"))) AS c
            LEFT JOIN book_index b ON b.book_id = c.book_id AND b.part = \(lastPart)
            GROUP BY c.book_id
            """
        return (sql, bindings)
    }
}
