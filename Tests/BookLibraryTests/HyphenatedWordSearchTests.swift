import BookIndexing
@testable import BookLibrary
@testable import SQLiteStore
import Foundation
import TestSupport
import XCTest

/// Words hyphenated at line ends are found whole, by their beginning and
/// across any number of lines, whichever way a book is searched: books of a
/// few pages are read part by part, books of more than 128 pages through the
/// page index (see `Search.Emitter.route`).
final class HyphenatedWordSearchTests: ScratchLibraryTestCase {
    override class var folderName: String { "hyphenated" }

    private func addBook(_ title: String, count: Int) throws {
        var results: [AddResult] = []
        var options = AddOptions()
        options.ocrMode = .never
        _ = library.add(paths: [try HyphenatedBook.make(title, pageCount: count, in: root)], options: options,
                        onResult: { results.append($0) })
        XCTAssertEqual(results.map(\.status), [.added], title)
    }

    /// The pages of the hits, by book title.
    private func pages(_ query: String) throws -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        _ = try library.search(query, scope: .all, exact: true) { found[$0.bookTitle, default: []].append($0.page) }
        return found
    }

    func testAWordsBeginningFindsItHyphenatedAtALineEndInSmallAndLargeBooks() throws {
        try addBook("small", count: 60)
        try addBook("large", count: 300)
        XCTAssertEqual(try pages("corresp"), ["small": [20, 60], "large": [20, 60]])
        XCTAssertEqual(try pages("corresponding"), ["small": [20, 60], "large": [20, 60]])
        XCTAssertEqual(try pages("the corresp"), ["small": [20], "large": [20]], "a phrase whose last word is typed half-way")
    }

    func testAWordHyphenatedOverThreeOrMoreLinesIsFoundWhole() throws {
        try addBook("small", count: 60)
        try addBook("large", count: 300)
        XCTAssertEqual(try pages("statically"), ["small": [40], "large": [40]])
        XCTAssertEqual(try pages("statically typed"), ["small": [40], "large": [40]])
        XCTAssertEqual(try pages("definition"), ["small": [60], "large": [60]])
        XCTAssertEqual(try pages("defini"), ["small": [60], "large": [60]])
        XCTAssertEqual(try pages("the definition of"), ["small": [60], "large": [60]])
    }

    func testPagesIndexedDifferentlyNowAreToldApart() {
        func affected(_ text: String) -> (letters: Bool, chain: Bool) {
            var text = text
            return text.withUTF8 { (IndexInputChange.hasLetterOfItsOwn($0), IndexInputChange.hasHyphenChain($0)) }
        }
        XCTAssertTrue(affected("Łódź").letters)
        XCTAssertTrue(affected("Thyborøn").letters)
        XCTAssertTrue(affected("Đà Nẵng").letters)
        XCTAssertFalse(affected("Işık, Résumé, Straße, æsir").letters, "still folded as before")
        XCTAssertTrue(affected("Values are stat-\ni-\ncally typed").chain)
        XCTAssertTrue(affected("stat- \r\ni- \ncally").chain, "spaces and CR before the line break")
        XCTAssertFalse(affected("the corre-\nsponding entry, a well-\nknown one").chain, "two words of two parts each")
        XCTAssertFalse(affected("one-two-three on a line").chain)
    }

    /// Migration 15 indexes a library again when a page has a word over three lines or more.
    func testALibraryWithHyphenChainsIsReindexed() throws {
        try addBook("small", count: 60)
        try library.database.execute("""
            INSERT INTO page_index (page_index) VALUES ('delete-all');
            INSERT INTO book_index (book_index) VALUES ('delete-all');
            DELETE FROM index_variants;
            DELETE FROM schema_migrations WHERE id = '15-letters-and-hyphen-chains';
            """)
        let location = library.location
        library = nil
        library = try Library(location: location)
        XCTAssertEqual(try pages("statically"), ["small": [40]])
        XCTAssertEqual(try library.checkIndex().problems.count, 0)
    }
}
