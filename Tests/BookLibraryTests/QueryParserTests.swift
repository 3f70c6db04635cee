@testable import BookLibrary
import XCTest

/// The query language of `list`, read into terms without a library.
final class QueryParserTests: XCTestCase {
    private func parse(_ text: String, saved: [String: String] = [:]) throws -> BookQuery {
        try QueryParser(savedSearch: { saved[$0.lowercased()] }).parse(text)
    }

    private func term(_ field: QueryTerm.Field?, _ comparison: QueryTerm.Comparison, _ value: String, _ text: String) -> BookQuery {
        .term(QueryTerm(field: field, comparison: comparison, value: value, text: text))
    }

    private func term(_ field: QueryTerm.Field?, _ value: String, _ text: String) -> BookQuery {
        term(field, .equal, value, text)
    }

    private func failure(_ text: String, saved: [String: String] = [:]) -> CurationError? {
        do {
            _ = try parse(text, saved: saved)
            return nil
        } catch let error as CurationError {
            return error
        } catch {
            return nil
        }
    }

    func testFieldTermsWithComparisonsCombineWithAnd() throws {
        XCTAssertEqual(try parse(""), .all)
        XCTAssertEqual(try parse("  "), .all)
        XCTAssertEqual(try parse("tag:physics author:feynman year:>1990 pages:<300 rating:>=4"), .and([
            term(.tag, "physics", "tag:physics"), term(.author, "feynman", "author:feynman"),
            term(.year, .greater, "1990", "year:>1990"), term(.pages, .less, "300", "pages:<300"),
            term(.rating, .greaterOrEqual, "4", "rating:>=4"),
        ]))
        XCTAssertEqual(try parse("year:1990..2000"), term(.year, "1990..2000", "year:1990..2000"))
        XCTAssertEqual(try parse("Added:<30d"), term(.added, .less, "30d", "Added:<30d"))
    }

    func testQuotesGroupAndFreeWordsMatchTitleAndAuthor() throws {
        XCTAssertEqual(try parse("collection:\"Reading list\" \"free words\" lighthouse"), .and([
            term(.collection, "Reading list", "collection:\"Reading list\""),
            term(nil, "free words", "\"free words\""), term(nil, "lighthouse", "lighthouse"),
        ]))
        // A colon inside quotes is a word, not a field.
        XCTAssertEqual(try parse("\"R: A Language\""), term(nil, "R: A Language", "\"R: A Language\""))
        // A quoted value is taken as it is: no comparison.
        XCTAssertEqual(try parse("title:\">5\""), term(.title, ">5", "title:\">5\""))
    }

    func testOrNotAndParentheses() throws {
        XCTAssertEqual(try parse("tag:a OR tag:b year:>2000"), .and([
            .or([term(.tag, "a", "tag:a"), term(.tag, "b", "tag:b")]), term(.year, .greater, "2000", "year:>2000"),
        ]))
        XCTAssertEqual(try parse("-tag:draft read:no"), .and([.not(term(.tag, "draft", "-tag:draft")), term(.read, "no", "read:no")]))
        XCTAssertEqual(try parse("-(tag:a OR tag:b) AND x"), .and([
            .not(.or([term(.tag, "a", "tag:a"), term(.tag, "b", "tag:b")])), term(nil, "x", "x"),
        ]))
        XCTAssertEqual(try parse("(a b) OR c"), .or([.and([term(nil, "a", "a"), term(nil, "b", "b")]), term(nil, "c", "c")]))
        // "or" in lower case is a word.
        XCTAssertEqual(try parse("war or peace"), .and([term(nil, "war", "war"), term(nil, "or", "or"), term(nil, "peace", "peace")]))
    }

    func testSavedSearchesExpandAndMayNotReferToThemselves() throws {
        XCTAssertEqual(try parse("saved:Physics pages:<100", saved: ["physics": "tag:physics OR tag:optics"]), .and([
            .or([term(.tag, "physics", "tag:physics"), term(.tag, "optics", "tag:optics")]), term(.pages, .less, "100", "pages:<100"),
        ]))
        XCTAssertEqual(failure("saved:loop", saved: ["loop": "x saved:loop"]),
                       .invalidQuery(term: "saved:loop", reason: "the saved search refers to itself"))
        XCTAssertEqual(failure("saved:nope"), .savedSearchNotFound("nope"))
    }

    func testMalformedQueriesNameTheBadTerm() {
        let cases: [(String, String)] = [
            ("year:>abc", "year:>abc"), ("pages:many", "pages:many"), ("foo:bar", "foo:bar"), ("added:yesterday", "added:yesterday"),
            ("read:maybe", "read:maybe"), ("has:wings", "has:wings"), ("tag:", "tag:"), ("title:>x", "title:>x"),
            ("(tag:a", "("), ("tag:a)", ")"), ("OR tag:a", "OR"), ("tag:a OR", "OR"), ("\"open quote", "\"open quote"),
            ("()", ")"), ("tag:a AND", "AND"),
        ]
        for (query, bad) in cases {
            guard case .invalidQuery(let term, let reason)? = failure(query) else {
                XCTFail("\(query) should be refused")
                continue
            }
            XCTAssertEqual(term, bad, "\(query): \(reason)")
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testShellWordsAreQuotedAgainWhenTheyHoldSpaces() {
        XCTAssertEqual(QueryText.join(["collection:Reading list", "free words", "-tag:to do", "year:>1990"]),
                       "collection:\"Reading list\" \"free words\" -tag:\"to do\" year:>1990")
        XCTAssertEqual(QueryText.join(["\"already quoted\""]), "\"already quoted\"")
        XCTAssertEqual(QueryText.join(["tag:a OR tag:b", "year:>1990"]), "tag:a OR tag:b year:>1990")
        XCTAssertEqual(QueryText.join(["war -peace"]), "war -peace")
    }

    func testDatesAndAges() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let age = try XCTUnwrap(QueryDates.interval("30d", now: now))
        XCTAssertTrue(age.isAge)
        XCTAssertEqual(age.start.timeIntervalSince1970, 1_700_000_000 - 30 * 86_400)
        let month = try XCTUnwrap(QueryDates.interval("2024-02", now: now))
        XCTAssertEqual(month.end.timeIntervalSince(month.start), 29 * 86_400, accuracy: 3600)
        XCTAssertNil(QueryDates.interval("2024-13", now: now))
        XCTAssertNil(QueryDates.interval("soon", now: now))
    }
}
