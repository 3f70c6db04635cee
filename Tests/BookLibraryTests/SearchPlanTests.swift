@testable import BookLibrary
@testable import SQLiteStore
@testable import PostgresStore
@testable import TextSearch
import XCTest

/// One plan of what a search asks of the indexes, written in FTS5 for a
/// local library and in tsquery for a shared one.
final class SearchPlanTests: XCTestCase {
    func testAPhraseIsItsWordsEachWordJoinedAtALineEndAndOneConjunction() throws {
        let plan = try SearchPlan(XCTUnwrap(SearchQuery("the corresp")), languages: [.english])
        XCTAssertEqual(plan.pages, [
            .words(.init(terms: ["the", "corresp"], lastIsPrefix: true)),
            .joined("the", prefix: false, before: nil, after: .init(terms: ["corresp"], lastIsPrefix: true)),
            .joined("corresp", prefix: true, before: .init(terms: ["the"], lastIsPrefix: false), after: nil),
        ], "the last word, typed half-way, is a beginning among the variants too")
        XCTAssertEqual(plan.books, [.init(terms: ["the", "corresp"], lastIsPrefix: true, exact: true)])

        // Written for each engine from the same plan.
        XCTAssertEqual(try plan.fts5PageExpression { _, _ in true },
                       "words : (\"the\" + \"corresp\"*) OR (variants : \"the\" AND words : (\"corresp\"*)) "
                       + "OR (variants : \"corresp\"* AND words : (\"the\"))")
        XCTAssertEqual(try plan.fts5PageExpression { _, _ in false }, "words : (\"the\" + \"corresp\"*)",
                       "variants no page has are not asked for")
        let shared = PostgresBookTerms.lookupQuery(plan, book: nil)
        XCTAssertEqual(shared.bindings.map(\.sqlValue), ["the", "corresp", "corresp\u{10FFFF}"].map { .text($0) },
                       "a word, then a beginning as a range of terms")
        XCTAssertEqual(shared.conjunctions, [.init(lookups: 0..<2, exact: true)])
        XCTAssertFalse(shared.sql.contains("GROUP BY"), "rows summed by the client: " + shared.sql)
        let oneBook = PostgresBookTerms.lookupQuery(plan, book: 7)
        XCTAssertEqual(oneBook.bindings.count, 7, "the book after each term, for book_index's incomplete rows and its page count")
    }

    /// The rows of each term, summed as the server summed them before: a
    /// conjunction holds in the parts all its terms share, a beginning's rows
    /// united first; incomplete parts always; the page count kept.
    func testTheLookupsRowsAreSummedIntoEachBooksParts() {
        let conjunctions: [PostgresBookTerms.Conjunction] = [.init(lookups: 0..<2, exact: true), .init(lookups: 2..<3, exact: false)]
        let rows: [(lookup: Int64, book: Int, value: Int64, flag: Bool)] = [
            (0, 1, 0b0111, true), (1, 1, 0b0001, false), (1, 1, 0b0100, true),  // book 1: "the" and two terms beginning "corresp"
            (0, 2, 0b0011, false),  // book 2: "the" only
            (2, 2, 0b1000, false),  // book 2: the stem
            (0, 3, 0b0001, false), (1, 3, 0b0010, false),  // book 3: both, in different parts
            (-1, 4, 64, true), (-1, 4, 0, true),  // book 4: its last part and its outline incomplete
            (-2, 1, 1000, true), (-2, 2, 40, true), (-2, 3, 7, true),
            (-1, 5, 3, true), (-2, 5, Int64(UInt32.max), true),
        ]
        let matches = PostgresBookTerms.combine(rows, conjunctions: conjunctions)
        XCTAssertEqual(matches[1], .init(parts: 0b0101, exactParts: 0b0101, outline: true, pages: 1000),
                       "parts both terms share; the outline holds both (one of the beginning's terms)")
        XCTAssertEqual(matches[2], .init(parts: 0b1000, exactParts: 0, outline: false, pages: 40), "the stem alone, not exact")
        XCTAssertEqual(matches[3], .init(parts: 0, exactParts: 0, outline: false, pages: 7), "no part holds both")
        XCTAssertEqual(matches[4], .init(parts: 1 << 63, exactParts: 1 << 63, outline: true, pages: 0))
        XCTAssertEqual(matches[5], .init(parts: 0b100, exactParts: 0b100, outline: false, pages: Int64(UInt32.max)))
        XCTAssertEqual(Set(matches.keys), [1, 2, 3, 4, 5])
    }

    /// A page count is a row anyone who may add books can write: one below zero or past any
    /// book's is not taken as it is (the parts' arithmetic trapped on both).
    func testAPageCountOutsideAnyBooksIsBounded() {
        let rows: [(lookup: Int64, book: Int, value: Int64, flag: Bool)] = [
            (0, 6, 0b1, false), (-2, 6, -64, true), (0, 7, 0b1, false), (-2, 7, Int64.max, true),
        ]
        let matches = PostgresBookTerms.combine(rows, conjunctions: [.init(lookups: 0..<1, exact: true)])
        XCTAssertEqual(matches[6]?.pages, 0)
        XCTAssertEqual(matches[7]?.pages, PostgresBookTerms.mostPages)
        for match in matches.values {
            let book = RankedBook(id: 1, title: "t", language: nil, format: .pdf, firstRow: 1, lastRow: match.pages,
                                  parts: match.parts, exactParts: match.exactParts)
            XCTAssertLessThanOrEqual(book.partRows.count, 1)
        }
    }

    func testASingleWordAddsItsStemsOnceAcrossLanguages() throws {
        let plan = try SearchPlan(XCTUnwrap(SearchQuery("Configuration")), languages: [.english, .french, .german])
        let stems = plan.pages.compactMap { alternative -> String? in
            if case .stem(let stem, _) = alternative { return stem }
            return nil
        }
        XCTAssertEqual(stems.first, "configur", "English's stem first: languages in the order given")
        XCTAssertFalse(stems.contains("configuration"), "never the word itself")
        XCTAssertEqual(Set(stems).count, stems.count, "each distinct stem once")
        XCTAssertTrue(plan.books.contains(.init(terms: ["configur"], lastIsPrefix: false, exact: false)))
        let exact = try SearchPlan(XCTUnwrap(SearchQuery("Configuration", exact: true)), languages: [.english])
        XCTAssertEqual(exact.books, [.init(terms: ["configuration"], lastIsPrefix: true, exact: true)])
        XCTAssertFalse(exact.pages.contains { if case .stem = $0 { return true } else { return false } })
    }
}
