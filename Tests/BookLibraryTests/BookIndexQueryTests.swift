@testable import BookLibrary
@testable import SQLiteStore
@testable import TextSearch
import Foundation
import Store
import TestSupport
import XCTest

/// What the book index is asked (SearchQuery.allWords), and how
/// `column_mask` reads its answer part by part.
final class BookIndexQueryTests: XCTestCase {
    func testAPhraseBecomesAllItsWordsAndEachSpellingOrStemAnAlternative() throws {
        let phrase = try XCTUnwrap(SearchQuery("Lighthouse KEEP")).allWords(languages: [.english])
        XCTAssertEqual(phrase.expression, "(\"lighthouse\" AND \"keep\"*)", "no positions: the words, the last a prefix")
        XCTAssertEqual(phrase.groups, [0, 0])

        let hyphenated = try XCTUnwrap(SearchQuery("well-known")).allWords(languages: [.english])
        XCTAssertEqual(hyphenated.expression, "(\"well\" AND \"known\"*) OR \"wellknown\"*")
        XCTAssertEqual(hyphenated.groups, [0, 0, 1])
        XCTAssertEqual(hyphenated.exactGroups, [0, 0, 1], "a joined spelling is the word as typed")

        let stemmed = try XCTUnwrap(SearchQuery("Configuration")).allWords(languages: [.english, .german])
        XCTAssertEqual(stemmed.expression, "\"configuration\"* OR \"configur\"")
        XCTAssertEqual(stemmed.groups, [0, 1])
        XCTAssertEqual(stemmed.exactGroups, [0, 255], "the stem left out of the exact mask")

        let exact = try XCTUnwrap(SearchQuery("configuration", exact: true)).allWords(languages: [.english])
        XCTAssertEqual(exact.expression, "\"configuration\"*")
    }

    func testColumnMaskCountsAColumnHoldingEveryWordOfOneAlternative() throws {
        let root = try Fixtures.temporaryDirectory("column-mask")
        defer { try? FileManager.default.removeItem(at: root) }
        let db = try Database(path: root.appendingPathComponent("mask.sqlite").path)
        try db.execute("CREATE VIRTUAL TABLE parts USING fts5(a, b, c, d, content='', detail=column)")
        try db.execute("INSERT INTO parts (rowid, a, b, c, d) VALUES (1, 'well known', 'well', 'wellknown', 'known')")
        let query = "(\"well\" AND \"known\"*) OR \"wellknown\"*"
        func mask(_ groups: [UInt8]?) throws -> SQLValue? {
            let argument = groups == nil ? "" : ", ?"
            let bindings: [SQLBindable] = (groups.map { [$0] } ?? []) + [query]
            return try db.scalar("SELECT column_mask(parts, 0, 4\(argument)) FROM parts WHERE parts MATCH ?", bindings)
        }
        XCTAssertEqual(try mask(nil), .integer(0), "without groups a column needs every phrase")
        XCTAssertEqual(try mask([0, 0, 1]), .integer(0b0101), "a and c: each holds one alternative whole")
        XCTAssertEqual(try mask([0, 0, 255]), .integer(0b0001), "group 255 is left out")
        XCTAssertThrowsError(try mask([0, 1]), "one group byte per phrase")
    }
}
