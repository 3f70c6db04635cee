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
        let shared = PostgresBookTerms.rankingQuery(plan, book: nil)
        XCTAssertEqual(shared.bindings.map(\.sqlValue), ["the", "corresp", "corresp\u{10FFFF}"].map { .text($0) },
                       "a word, then a beginning as a range of terms")
        XCTAssertTrue(shared.sql.contains("HAVING count(*) = 2"), shared.sql)
        let oneBook = PostgresBookTerms.rankingQuery(plan, book: 7)
        XCTAssertEqual(oneBook.bindings.count, 6, "the book after each term, and for book_index's incomplete rows")
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
