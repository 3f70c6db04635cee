import ReflowDocuments
import TestSupport
import XCTest

/// `pageStarts()` counts each page's letters once, for the reader's page
/// maps; it must say what `position(ofPage:)` says page by page, and lead
/// `page(at:)` back to each page.
final class PageStartsTests: XCTestCase {
    func testEveryPageStartsWherePositionSaysAndPageAtFindsIt() throws {
        let corpus = try Fixtures.requireCorpus("Moby-Dick's page starts")
        let document = try ReflowDocument(path: corpus.appendingPathComponent("epub/moby-dick.epub").path,
                                          layout: ReflowLayout(width: 480, height: 276, fontSize: 16))
        let starts = document.pageStarts()
        XCTAssertEqual(starts.count, document.pageCount)
        XCTAssertEqual(starts, starts.sorted { $0.value < $1.value }, "in book order")
        for page in stride(from: 1, through: document.pageCount, by: 97) + [document.pageCount] {
            XCTAssertEqual(starts[page - 1], document.position(ofPage: page), "page \(page)")
            XCTAssertEqual(document.page(at: starts[page - 1]), page, "page \(page)")
        }
    }
}
