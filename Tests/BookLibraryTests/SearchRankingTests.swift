import BookIndexing
@testable import BookLibrary
@testable import SQLiteStore
@testable import TextSearch
import Foundation
import Store
import TestSupport
import XCTest

/// How library-wide search orders books and pages, and how it hands hits
/// over, on generated books added to a real library.
final class SearchRankingTests: ScratchLibraryTestCase {
    override class var folderName: String { "ranking" }

    /// A page of ordinary words, with `extra` on its second line.
    private static func page(_ number: Int, _ extra: String = "") -> String {
        "Page \(number) of an ordinary chapter about harbours and weather.\nThe tide came in slowly \(extra) while gulls circled.\nNothing else happened on this page."
    }

    /// Adds a book whose pages in `marked` mention `word`; returns its id.
    @discardableResult
    private func addBook(_ file: String, title: String, pageCount: Int, marked: Set<Int>, word: String = "zymurgy",
                         outline: [(title: String, page: Int)] = []) throws -> Int {
        let pages = (1...pageCount).map { Self.page($0, marked.contains($0) ? "near the \(word) shelf" : "") }
        let url = root.appendingPathComponent(file)
        try RawPDF.book(title: title, pages: pages, outline: outline).write(to: url)
        var added: [AddResult] = []
        _ = library.add(paths: [url.path], options: AddOptions(), onResult: { added.append($0) })
        XCTAssertEqual(added.map(\.status), [.added], "\(file) added")
        return try library.book(named: title).id
    }

    private func hits(_ query: String, _ scope: SearchScope = .all, limit: Int? = nil) throws -> [SearchHit] {
        var hits: [SearchHit] = []
        _ = try library.search(query, scope: scope, limit: limit) { hits.append($0) }
        return hits
    }

    private func bookOrder(_ hits: [SearchHit]) -> [Int] {
        hits.map(\.bookID).reduce(into: []) { order, id in if order.last != id { order.append(id) } }
    }

    func testTitleThenOutlineThenHowMuchOfTheBookMatches() throws {
        let sparse = try addBook("sparse.pdf", title: "Assorted Essays", pageCount: 12, marked: [7])
        let dense = try addBook("dense.pdf", title: "Garden Almanac", pageCount: 12, marked: [2, 3, 5, 6, 8, 11])
        let outlined = try addBook("outlined.pdf", title: "Household Manual", pageCount: 12, marked: [9],
                                   outline: [("Cleaning", 2), ("Zymurgy at home", 9)])
        let titled = try addBook("titled.pdf", title: "The Zymurgy Handbook", pageCount: 12, marked: [4])
        try addBook("unrelated.pdf", title: "Zymurgy Without Pages", pageCount: 3, marked: [], word: "other")

        let found = try hits("zymurgy")
        XCTAssertEqual(bookOrder(found), [titled, outlined, dense, sparse],
                       "title match, then outline match, then the book where more of the text matches")
        XCTAssertEqual(found.filter { $0.bookID == dense }.map(\.page), [2, 3, 5, 6, 8, 11], "in page order inside a book")
        XCTAssertEqual(found.count, 9, "every hit, and none from a book whose title alone matches")
    }

    func testAMatchingOutlineEntryPutsItsPageFirstInLibrarySearchOnly() throws {
        let manual = try addBook("manual.pdf", title: "Household Manual", pageCount: 10, marked: [2, 5, 9],
                                 outline: [("Cleaning", 1), ("Zymurgy at home", 9)])
        XCTAssertEqual(try hits("zymurgy").map(\.page), [9, 2, 5])
        let book = try library.book(named: String(manual))
        XCTAssertEqual(try hits("zymurgy", .book(book)).map(\.page), [2, 5, 9], "a reader's find goes in page order")
    }

    /// Outline titles are searched as one text: a match across two titles
    /// counts for neither, and one it hides in the title it ends in is found.
    func testOutlineEntriesMatchEachAloneThoughSearchedTogether() throws {
        func matching(_ query: String, _ titles: [String]) -> [Int] {
            var matchers = TextMatchers(SearchQuery(query)!)
            return BookRanking.matchingEntries(OutlineTitles(titles.map { ($0, nil) }), matchers: &matchers, language: .english)
        }
        XCTAssertEqual(matching("free software", ["Free", "software licences", "Free software"]), [2])
        // "house house" across the first two titles overlaps the one inside the second.
        XCTAssertEqual(matching("house house", ["My house", "house house", "house"]), [1])
        // A title ending in a hyphen does not join the next one's first word.
        XCTAssertEqual(matching("wellknown", ["well-", "known", "Wellknown facts"]), [2])
        XCTAssertEqual(matching("configure", ["Configuration", "Building", "", "configured systems"]), [0, 3])
        XCTAssertEqual(matching("zymurgy", []), [])
        // A title with line breaks of its own stays one entry.
        XCTAssertEqual(matching("lighthouse keeper", ["Tides", "The lighthouse\nkeeper", "Fog\r\nsignals"]), [1])
        XCTAssertEqual(matching("fog signals", ["Tides", "The lighthouse\nkeeper", "Fog\r\nsignals"]), [2])
    }

    func testPhrasesMatchOnlyWhereTheWordsAreAdjacent() throws {
        // Both words in every book, the phrase only in one: the book index
        // (words, not positions) proposes both, the pages decide.
        let near = try addBook("near.pdf", title: "Near", pageCount: 6, marked: [4], word: "copper kettle")
        try addBook("apart.pdf", title: "Apart", pageCount: 6, marked: [1, 2], word: "kettle and copper")
        let found = try hits("copper kettle")
        XCTAssertEqual(found.map(\.bookID), [near])
        XCTAssertEqual(found.map(\.page), [4])
        XCTAssertEqual(found.first?.snippet.match, "copper kettle")
    }

    func testLongBooksFindTheSamePagesThroughEitherRoute() throws {
        // 300 pages: parts of four or five pages. A word on three pages is
        // looked up in the page index; one on every page is read part by part.
        let rare: Set<Int> = [17, 150, 299]
        let everywhere = Set(1...300)
        let long = try addBook("long.pdf", title: "Long Chronicle", pageCount: 300, marked: rare)
        let book = try library.book(named: String(long))
        XCTAssertEqual(try hits("zymurgy").map(\.page), rare.sorted())
        XCTAssertEqual(try hits("zymurgy", .book(book)).map(\.page), rare.sorted())
        XCTAssertEqual(try hits("tide came").map(\.page), everywhere.sorted())
        XCTAssertEqual(try hits("slowly near the zymu").map(\.page), rare.sorted(), "a phrase with the last word as a prefix")
    }

    func testLimitStopsInTheBestBookAndSaysSo() throws {
        let dense = try addBook("dense.pdf", title: "Garden Almanac", pageCount: 12, marked: Set(1...12))
        try addBook("sparse.pdf", title: "Assorted Essays", pageCount: 12, marked: [3])
        var summary = SearchSummary()
        var found: [SearchHit] = []
        summary = try library.search("zymurgy", scope: .all, limit: 5) { found.append($0) }
        XCTAssertEqual(found.map(\.page), [1, 2, 3, 4, 5])
        XCTAssertEqual(Set(found.map(\.bookID)), [dense])
        XCTAssertTrue(summary.truncated)
        XCTAssertEqual(summary.hits, 5)
        summary = try library.search("zymurgy", scope: .all, limit: 13) { _ in }
        XCTAssertFalse(summary.truncated, "exactly 13 hits fit in --limit 13")
        XCTAssertEqual(summary.books, 2)
    }

    func testHitsAreHandedOverOneByOneAsTheyAreFound() throws {
        try addBook("dense.pdf", title: "Garden Almanac", pageCount: 12, marked: Set(1...12))
        try addBook("other.pdf", title: "Assorted Essays", pageCount: 12, marked: [3, 4])
        struct Enough: Error {}
        var delivered = 0
        XCTAssertThrowsError(try library.search("zymurgy", scope: .all) { _ in
            delivered += 1
            if delivered == 2 { throw Enough() }
        }) { XCTAssertTrue($0 is Enough) }
        XCTAssertEqual(delivered, 2, "the receiver's error stops the search at once")
    }

    func testRemovingABookTakesItsRowOutOfTheBookIndex() throws {
        let gone = try addBook("gone.pdf", title: "Gone Soon", pageCount: 5, marked: [2], outline: [("Zymurgy", 2)])
        let kept = try addBook("kept.pdf", title: "Kept", pageCount: 5, marked: [3])
        _ = try library.remove(String(gone))
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM book_index WHERE book_index MATCH 'zymurgy'"),
                       .integer(1))
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM book_index WHERE book_index MATCH 'gulls'"),
                       .integer(1))
        try library.database.execute("INSERT INTO book_index(book_index) VALUES('integrity-check')")
        XCTAssertEqual(try hits("zymurgy").map(\.bookID), [kept])
    }

    func testALibraryFromBeforeTheBookIndexGetsOneFromItsStoredText() throws {
        let manual = try addBook("manual.pdf", title: "Household Manual", pageCount: 10, marked: [2, 9],
                                 outline: [("Zymurgy at home", 9)])
        let dense = try addBook("dense.pdf", title: "Garden Almanac", pageCount: 10, marked: [1, 3, 4, 6, 8])
        let before = try hits("zymurgy").map { "\($0.bookID):\($0.page)" }
        try reopenAsBefore(migration: "4-book-ranking", table: "book_index")
        XCTAssertEqual(try library.database.scalar("SELECT count(*) FROM book_index WHERE book_index MATCH 'harbours'"),
                       .integer(2))
        let after = try hits("zymurgy").map { "\($0.bookID):\($0.page)" }
        XCTAssertEqual(after, before)
        XCTAssertEqual(after, ["\(manual):9", "\(manual):2", "\(dense):1", "\(dense):3", "\(dense):4", "\(dense):6", "\(dense):8"])
    }

    func testJoinedWordsAndInflectionsFindTheirPagesInLongBooksToo() throws {
        // 300 pages: a word on two pages is looked up in the page index, but
        // only in books the book index proposes, so it must hold the joined
        // words and stems as well as the words.
        let long = try addLongChronicle()
        let short = try addBook("short.pdf", title: "Short Notes", pageCount: 6, marked: [5], word: "configuration")

        XCTAssertEqual(try hits("copyright").map { "\($0.bookID):\($0.page)" }, ["\(long):40"])
        XCTAssertEqual(try hits("copyright").first?.snippet.match, "copyright")
        let inflected = try hits("configuration").map { "\($0.bookID):\($0.page)" }
        XCTAssertEqual(inflected, ["\(short):5", "\(long):210"], "the book with the word as typed first")
        XCTAssertEqual(try library.search("configuration", scope: .all, exact: true) { _ in }.books, 1)
    }

    /// Takes the library back to what it was before `migration`, which made
    /// `table`, and opens it again, so that the migration runs on what it holds.
    private func reopenAsBefore(migration: String, table: String) throws {
        try library.database.execute("DROP TABLE \(table); DELETE FROM schema_migrations WHERE id = '\(migration)'")
        let location = library.location
        library = nil
        library = try Library(location: location)
    }

    /// A 300-page book with `copy-⏎right` on page 40 and `configured` on page 210; its id.
    private func addLongChronicle() throws -> Int {
        var pages = (1...300).map { Self.page($0) }
        pages[39] = "The notice of copy-\nright was printed twice.\nNothing else happened on this page."
        pages[209] = "The harbour lights were configured at dusk.\nNothing else happened on this page."
        let url = root.appendingPathComponent("long.pdf")
        try RawPDF.book(title: "Long Chronicle", pages: pages).write(to: url)
        _ = library.add(paths: [url.path], options: AddOptions(), onResult: { _ in })
        return try library.book(named: "Long Chronicle").id
    }

    func testALibraryFromBeforeTheVariantListGetsItFromItsIndex() throws {
        let long = try addLongChronicle()
        let listed = try library.database.query("SELECT term FROM index_variants ORDER BY term").compactMap { $0.string("term") }
        XCTAssertTrue(listed.contains("copyright") && listed.contains("configur"), "\(listed)")
        XCTAssertFalse(listed.contains("the"), "a word that is never a variant is not listed")

        // Searches ask the list, not the index, whether a term is ever a variant.
        try library.database.execute("DELETE FROM index_variants")
        XCTAssertEqual(try hits("copyright").count, 0)
        try reopenAsBefore(migration: "12-index-variants", table: "index_variants")
        XCTAssertEqual(try library.database.query("SELECT term FROM index_variants ORDER BY term").compactMap { $0.string("term") },
                       listed)
        XCTAssertEqual(try hits("copyright").map { "\($0.bookID):\($0.page)" }, ["\(long):40"])
        XCTAssertEqual(try hits("configure").map { "\($0.bookID):\($0.page)" }, ["\(long):210"])
    }

    /// Pages the page index picks are read through the memory mapping in a
    /// small library and with read() in a large one: the same hits either way.
    func testPagesReadWithReadOrMappedGiveTheSameHits() throws {
        let long = try addLongChronicle()
        for query in ["copyright", "configure", "harbour lights"] {
            var mapped: [String] = [], read: [String] = []
            let mappedSummary = try SearchFlow(engine: Search(database: library.database)).run(query, scope: .all, exact: false, limit: nil) {
                mapped.append("\($0.bookID):\($0.page):\($0.snippet.match)")
            }
            let readSummary = try SearchFlow(engine: Search(database: library.database, scatteredFileSize: 0)).run(query, scope: .all, exact: false,
                                                                                              limit: nil) {
                read.append("\($0.bookID):\($0.page):\($0.snippet.match)")
            }
            XCTAssertFalse(mapped.isEmpty, query)
            XCTAssertEqual(mapped, read, query)
            XCTAssertEqual(mappedSummary.hits, readSummary.hits, query)
        }
        XCTAssertTrue(try hits("configure").contains { $0.bookID == long && $0.page == 210 })
        XCTAssertEqual(try library.database.scalar("PRAGMA mmap_size"), .integer(1 << 30), "the mapping is back after read()")
    }

    func testSearchInSelectedBooksRanksOnlyThem() throws {
        let sparse = try addBook("sparse.pdf", title: "Assorted Essays", pageCount: 12, marked: [7])
        try addBook("dense.pdf", title: "Garden Almanac", pageCount: 12, marked: [2, 3, 5])
        let titled = try addBook("titled.pdf", title: "The Zymurgy Handbook", pageCount: 12, marked: [4])
        XCTAssertEqual(bookOrder(try hits("zymurgy", .books([sparse, titled]))), [titled, sparse])
        XCTAssertEqual(try hits("zymurgy", .books([])).count, 0)
    }
}
