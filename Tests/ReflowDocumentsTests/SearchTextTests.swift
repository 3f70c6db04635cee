import ReflowDocuments
import TestSupport
import XCTest

/// Each page's search text is kept for the layout it was made in (ReflowEngine's search_text):
/// finding a contents entry searches the same pages again and again. A new layout must search its
/// own pages, never the text kept from the one before.
final class SearchTextTests: XCTestCase {
    func testSearchesFollowANewLayout() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/moby-dick.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/moby-dick.epub") }
        let document = try ReflowDocument(path: path)
        // At the reference layout "Call me Ishmael" is on page 25, not 24; every page of the first 40 is searched (and kept).
        XCTAssertEqual((1...40).filter { !document.find("call me ishmael", page: $0).isEmpty }, [25])
        XCTAssertEqual(document.find("call me ishmael", page: 25).count, 1, "searched again from the kept text")
        // At A5 (420×595 pt, 11 pt) it is on page 24, as `mutool draw` counts them.
        try document.relayout(ReflowLayout(width: 420, height: 595, fontSize: 11))
        XCTAssertEqual((1...40).filter { !document.find("call me ishmael", page: $0).isEmpty }, [24])
        XCTAssertTrue(document.pageText(24).contains("Call me Ishmael"))
    }
}
