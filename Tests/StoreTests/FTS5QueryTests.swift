import Foundation
import Store
import XCTest

final class FTS5QueryTests: StoreTestCase {
    private let hostileInputs = [
        "AND", "OR", "NOT", "NEAR", "a AND b", "a OR b", "NOT a", "NEAR(a b, 3)",
        "*", "a*", "*a", "^a", "a:b", "title:secret", "(", ")", "(a OR b", "a)",
        "\"unbalanced", "\"", "\"\"", "'", "a + b", "-a", "a - b", "{title body}: x", "[x]",
        "AND OR NOT NEAR * ^ : ( ) \"unbalanced", "\u{0}", "", "   ", "🤦🏼‍♂️", "a\"b",
    ]

    private func makeIndex() throws -> Database {
        let db = try openDatabase()
        try db.execute("CREATE VIRTUAL TABLE docs USING fts5(title, body)")
        let insert = try db.prepare("INSERT INTO docs (rowid, title, body) VALUES (?, ?, ?)")
        try insert.run([1, "Introduction to Photography", "light and shadow"])
        try insert.run([2, "Cats or dogs", "a book about pets, not near any zoo"])
        try insert.run([3, "Straße Café", "Grüße aus Köln; 日本語のテキスト"])
        try insert.run([4, "Secret title", "the title: secret is here"])
        try insert.run([5, "Mostly noise", "nothing to see"])
        return db
    }

    private func search(_ db: Database, _ match: String) throws -> [Int] {
        try db.query("SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY rowid", [match]).compactMap { $0.int("rowid") }
    }

    func testTokensAreRunsOfLettersAndNumbers() {
        XCTAssertEqual(FTS5Query.tokens("AND OR NOT NEAR * ^ : ( ) \"unbalanced"), ["AND", "OR", "NOT", "NEAR", "unbalanced"])
        XCTAssertEqual(FTS5Query.tokens("title:secret"), ["title", "secret"])
        XCTAssertEqual(FTS5Query.tokens("don't stop_me-now"), ["don", "t", "stop", "me", "now"])
        XCTAssertEqual(FTS5Query.tokens("  Straße, Café! 日本語 v1.2 Ⅻ "), ["Straße", "Café", "日本語", "v1", "2", "Ⅻ"])
        XCTAssertEqual(FTS5Query.tokens("cafe\u{301}s"), ["cafe\u{301}s"], "a combining accent stays with its letter")
        XCTAssertEqual(FTS5Query.tokens("pets🐈cats"), ["pets", "cats"])
        XCTAssertEqual(FTS5Query.tokens(""), [])
        XCTAssertEqual(FTS5Query.tokens(" *** ( ) \" "), [])
    }

    func testQuoteDoublesEmbeddedQuotes() {
        XCTAssertEqual(FTS5Query.quote("plain"), "\"plain\"")
        XCTAssertEqual(FTS5Query.quote("a\"b"), "\"a\"\"b\"")
    }

    func testPhraseSyntax() {
        XCTAssertEqual(FTS5Query.phrase("hello", prefixLast: false), "\"hello\"")
        XCTAssertEqual(FTS5Query.phrase("hello, world", prefixLast: false), "\"hello\" + \"world\"")
        XCTAssertEqual(FTS5Query.phrase("hello wor", prefixLast: true), "\"hello\" + \"wor\"*")
        XCTAssertEqual(FTS5Query.phrase("NOT (x)", prefixLast: false), "\"NOT\" + \"x\"")
        XCTAssertNil(FTS5Query.phrase("!!! ***", prefixLast: true))
        XCTAssertEqual(FTS5Query.allWords("cats dog", prefixLast: true), "\"cats\" AND \"dog\"*")
        XCTAssertNil(FTS5Query.allWords("  ", prefixLast: false))
    }

    func testHostileInputNeverBreaksTheMatch() throws {
        let db = try makeIndex()
        // The raw text really is hostile: FTS5 rejects it as a query.
        XCTAssertNotNil(databaseError { _ = try self.search(db, "\"unbalanced") })
        XCTAssertNotNil(databaseError { _ = try self.search(db, "(a OR b") })
        XCTAssertNotNil(databaseError { _ = try self.search(db, "AND") })

        for input in hostileInputs {
            for prefixLast in [false, true] {
                for match in [FTS5Query.phrase(input, prefixLast: prefixLast), FTS5Query.allWords(input, prefixLast: prefixLast)] {
                    guard let match else {
                        XCTAssertTrue(FTS5Query.tokens(input).isEmpty, input)
                        continue
                    }
                    XCTAssertNoThrow(try search(db, match), "\(input) -> \(match)")
                }
            }
        }
    }

    func testOperatorsAreSearchedAsWords() throws {
        let db = try makeIndex()
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("not NEAR", prefixLast: false))), [2])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("cats OR dogs", prefixLast: false))), [2])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.allWords("(dogs OR", prefixLast: false))), [2])
        // Not a column filter: only the row with the words "title secret" in a row.
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("title:secret", prefixLast: false))), [4])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("\"and shadow", prefixLast: false))), [1])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("^light*", prefixLast: false))), [1])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("AND", prefixLast: false))), [1])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("nothing see", prefixLast: false))), [], "a phrase needs adjacent words")
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.allWords("nothing see", prefixLast: false))), [5])
    }

    func testUnicodeWordsMatch() throws {
        let db = try makeIndex()
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("café", prefixLast: false))), [3])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("CAFÉ", prefixLast: false))), [3])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("cafe\u{301}", prefixLast: false))), [3])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("grüße aus", prefixLast: false))), [3])
    }

    func testPrefixLastMatchesTheStartOfAWord() throws {
        let db = try makeIndex()
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("photo", prefixLast: true))), [1])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("photo", prefixLast: false))), [])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("Introduction to Phot", prefixLast: true))), [1])
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.phrase("Introduction Phot", prefixLast: true))), [], "still one phrase")
        XCTAssertEqual(try search(db, XCTUnwrap(FTS5Query.allWords("introduction phot", prefixLast: true))), [1])
    }
}
