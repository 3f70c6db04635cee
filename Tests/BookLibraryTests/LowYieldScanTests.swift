import BookIndexing
@testable import BookLibrary
import Foundation
import TestSupport
import XCTest

/// A phrase of words that are on every page of a book, but together on
/// few: the book is read part by part, and once the pages read mostly hold
/// no hit the rest of it (and the books after it) come from the page index.
/// Every hit must still be found, in the same order.
final class LowYieldScanTests: ScratchLibraryTestCase {
    override class var folderName: String { "low-yield" }

    /// A book whose every page has "harbour" and "tide" apart, and the pages in `phrase` "harbour tide" too.
    @discardableResult
    private func addBook(_ file: String, title: String, pageCount: Int, phrase: Set<Int>) throws -> Int {
        let pages = (1...pageCount).map { number in
            "Page \(number): the harbour was quiet at dawn.\nEvery tide brought driftwood"
                + (phrase.contains(number) ? "\nand the harbour tide rose over the wall." : ".")
        }
        let url = root.appendingPathComponent(file)
        try RawPDF.book(title: title, pages: pages).write(to: url)
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

    func testEveryPageOfARarePhraseOfCommonWordsIsFound() throws {
        // Page 17 is the first page after the pages read before the yield is judged.
        let first = try addBook("first.pdf", title: "Coastal Notes", pageCount: 120, phrase: [3, 17, 18, 64, 120])
        let second = try addBook("second.pdf", title: "Estuary Diary", pageCount: 100, phrase: [1, 50, 99])

        let found = try hits("harbour tide")
        XCTAssertEqual(found.map { [$0.bookID, $0.page] },
                       [3, 17, 18, 64, 120].map { [first, $0] } + [1, 50, 99].map { [second, $0] },
                       "every page with the phrase, books best first, pages in order")
        XCTAssertEqual(try hits("harbour tide", limit: 4).map(\.page), [3, 17, 18, 64], "the first hits of the same")
        XCTAssertEqual(try hits("harbour tide", .book(try library.book(named: "Estuary Diary"))).map(\.page), [1, 50, 99],
                       "in one book")
        XCTAssertEqual(try hits("harbour").count, 220 + 8, "a word on every page is found on every page")
        XCTAssertEqual(Set(found.map(\.snippet.match)), ["harbour tide"], "the phrase is what each hit shows")
    }
}
