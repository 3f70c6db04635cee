import Raster
import ReflowDocuments
import TestSupport
import XCTest

/// IDPF's EPUB 3 samples (../shared/corpus/epub) opened as a reader would: the values asserted are
/// what each book's OPF and text say.
final class EPUBCorpusTests: XCTestCase {
    private func book(_ name: String) throws -> String {
        let corpus = try Fixtures.requireCorpus("EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/\(name).epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/\(name).epub") }
        return path
    }

    func testMobyDickMetadataTextAndOutline() throws {
        let document = try ReflowDocument(path: try book("moby-dick"))
        XCTAssertEqual(document.format, .epub)
        XCTAssertEqual(document.metadata.title, "Moby-Dick")
        XCTAssertEqual(document.metadata.creators.first?.name, "Herman Melville")
        XCTAssertEqual(document.metadata.language, "en-US")
        XCTAssertGreaterThan(document.pageCount, 100)
        let outline = document.outline()
        print(outline.prefix(8), outline.count)
        let pages = (1...min(40, document.pageCount)).first { document.pageText($0).contains("Call me Ishmael") }
        print("ishmael page", pages as Any, document.pageCount)
    }
}
