@testable import BookIndexing
import BookLibrary
import SQLiteStore
import Foundation
import PDF
import TestSupport
import XCTest

/// A long PDF is read in parts, one worker a part, and stored as if it had
/// been read whole.
final class LongBookPartsTests: XCTestCase {
    func testTheRestOfALongPDFIsSplitIntoTwiceAsManyPartsAsWorkers() {
        XCTAssertEqual(Indexer.partRanges(after: 96, pageCount: 96, workers: 2), [])
        XCTAssertEqual(Indexer.partRanges(after: 96, pageCount: 100, workers: 2), [97...100])
        XCTAssertEqual(Indexer.partRanges(after: 96, pageCount: 320, workers: 2), [97...208, 209...320])
        let ada = Indexer.partRanges(after: 96, pageCount: 3338, workers: 2)
        XCTAssertEqual(ada.count, 4)
        XCTAssertEqual(ada.first?.lowerBound, 97)
        XCTAssertEqual(ada.last?.upperBound, 3338)
        for (part, next) in zip(ada, ada.dropFirst()) { XCTAssertEqual(part.upperBound + 1, next.lowerBound) }
        XCTAssertEqual(Indexer.partRanges(after: 96, pageCount: 3338, workers: 8).count, 16)
    }

    func testEveryPageOfABookReadInPartsIsStoredAsReadingItWholeGivesIt() throws {
        let root = try Fixtures.temporaryDirectory("parts")
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try Library(location: LibraryLocation(directory: root.appendingPathComponent("lib").path,
                                                            thumbnailDirectory: root.appendingPathComponent("thumbs").path))
        var options = AddOptions()
        options.ocrMode = .never
        options.workers = 2
        let path = Fixtures.sampleBook("long-history.pdf")
        let summary = library.add(paths: [path], options: options)
        XCTAssertEqual(summary.added, 1)
        let book = try XCTUnwrap(try library.list().first)
        let whole = try PDFDocument(path: path)
        XCTAssertEqual(book.pageCount, 320)
        XCTAssertGreaterThan(book.pageCount, Indexer.pagesInFirstPart + 100, "the book must need more than two parts")
        for number in 1...whole.pageCount {
            let page = try XCTUnwrap(whole.page(at: number - 1))
            let stored = try library.pageText(book, page: number)
            XCTAssertEqual(stored.text, page.text, "page \(number)")
            XCTAssertEqual(stored.label, page.label, "page \(number)")
        }
    }
}
