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

    /// What the index says of one book for a search: the parts that hold
    /// every term of one of the plan's conjunctions (`parts`), of one of its
    /// exact ones (`exactParts`), whether its outline may (`outline`), and
    /// its page count (`pages`, 0 when it has no page).
    struct BookMatch: Equatable {
        var parts: UInt64 = 0
        var exactParts: UInt64 = 0
        var outline = false
        var pages: Int64 = 0
    }

    /// What the index says of each book, by id; of one book only when `book`
    /// is given. Every book with a page has an entry (its page count): those
    /// no conjunction and no incomplete part points to have `parts` 0.
    static func matches(_ plan: SearchPlan, book: Int?, connection: PostgresConnection) throws -> [Int: BookMatch] {
        let lookup = lookupQuery(plan, book: book)
        return combine(try connection.query(lookup.sql, lookup.bindings).compactMap { row in
            guard let number = row[0].integer, let book = row[1].integer, let value = row[2].integer else { return nil }
            return (lookup: number, book: Int(book), value: value, flag: row[3].integer.map { $0 != 0 } ?? false)
        }, conjunctions: lookup.conjunctions)
    }

    /// The lookups of one of the plan's conjunctions, by their numbers in the query.
    struct Conjunction: Equatable {
        var lookups: Range<Int>
        var exact: Bool
    }

    /// Rows that are not a term's: a part a tsvector could not hold whole
    /// (`value` its number), and a book's page count.
    private static let incompleteRow = -1, pageCountRow = -2
    /// The most pages a book's count is taken as.
    static let mostPages = Int64(UInt32.max)

    /// One statement of plain index scans, a row each: the rows of each term
    /// (the `lookup`th of the plan's, numbered across its conjunctions), of
    /// the parts left incomplete and of the books' page counts. They are
    /// combined here: the same sums done by the server (a GROUP BY a book of
    /// each conjunction's terms, then of the conjunctions, joined to the
    /// page counts) were its longest planning in a new session, which every
    /// command has: 1.0 ms at 10,000 pages where these rows take 0.5, and
    /// 2.9 against 1.1 ms at a million (`the*`: 9,000 rows against 1,000).
    static func lookupQuery(_ plan: SearchPlan, book: Int?)
        -> (sql: String, bindings: [SQLBindable], conjunctions: [Conjunction]) {
        // Each lookup that `ofBook` narrows binds the book's id after its own values.
        let ofBook = book == nil ? "" : " AND book_id = ?"
        let bookID: [SQLBindable] = book.map { [$0] } ?? []
        var selects: [String] = []
        var bindings: [SQLBindable] = []
        var conjunctions: [Conjunction] = []
        for conjunction in plan.books where !conjunction.terms.isEmpty {
            let first = selects.count
            for (index, term) in conjunction.terms.enumerated() {
                let lookup = selects.count
                if conjunction.lastIsPrefix && index == conjunction.terms.count - 1 {
                    // Bytes order the C collation, so a beginning is a range; no
                    // term goes on past the last code point.
                    bindings += [term, term + "\u{10FFFF}"] + bookID
                    selects.append("SELECT \(lookup), book_id, parts, outline FROM book_terms WHERE term >= ? AND term < ?\(ofBook)")
                } else {
                    bindings += [term] + bookID
                    selects.append("SELECT \(lookup), book_id, parts, outline FROM book_terms WHERE term = ?\(ofBook)")
                }
            }
            conjunctions.append(Conjunction(lookups: first..<selects.count, exact: conjunction.exact))
        }
        selects.append("SELECT \(incompleteRow), book_id, part, true FROM book_index WHERE NOT complete\(ofBook)")
        selects.append("SELECT \(pageCountRow), book_id, pages, true FROM book_index WHERE part = \(lastPart)\(ofBook)")
        bindings += bookID + bookID
        return (selects.joined(separator: "\nUNION ALL "), bindings, conjunctions)
    }

    /// A book matches a conjunction when each of its terms has a row: its
    /// parts and outline are those all its terms share (a beginning's rows,
    /// one a term it begins, united first). Its incomplete parts match
    /// whatever is asked, as the words as typed.
    static func combine(_ rows: [(lookup: Int64, book: Int, value: Int64, flag: Bool)],
                        conjunctions: [Conjunction]) -> [Int: BookMatch] {
        var byLookup = Array(repeating: [Int: (parts: UInt64, outline: Bool)](), count: conjunctions.last?.lookups.upperBound ?? 0)
        var matches: [Int: BookMatch] = [:]
        for row in rows {
            switch Int(row.lookup) {
            case incompleteRow:
                let part = row.value
                if part > 0 {
                    let bit: UInt64 = 1 << UInt64(part - 1)
                    matches[row.book, default: BookMatch()].parts |= bit
                    matches[row.book, default: BookMatch()].exactParts |= bit
                } else {
                    matches[row.book, default: BookMatch()].outline = true
                }
            case pageCountRow:
                // Written by whoever may add books: a count the parts' arithmetic (`RankedBook`) can take.
                matches[row.book, default: BookMatch()].pages = min(max(row.value, 0), mostPages)
            case let lookup where byLookup.indices.contains(lookup):
                byLookup[lookup][row.book, default: (0, false)].parts |= UInt64(bitPattern: row.value)
                if row.flag { byLookup[lookup][row.book, default: (0, false)].outline = true }
            default:
                continue
            }
        }
        for conjunction in conjunctions where !conjunction.lookups.isEmpty {
            let lookups = conjunction.lookups
            for (book, first) in byLookup[lookups.lowerBound] {
                var parts = first.parts, outline = first.outline
                var everyTerm = true
                for lookup in lookups.dropFirst() {
                    guard let next = byLookup[lookup][book] else {
                        everyTerm = false
                        break
                    }
                    parts &= next.parts
                    outline = outline && next.outline
                }
                guard everyTerm else { continue }
                matches[book, default: BookMatch()].parts |= parts
                if conjunction.exact { matches[book, default: BookMatch()].exactParts |= parts }
                if outline { matches[book, default: BookMatch()].outline = true }
            }
        }
        return matches
    }
}
