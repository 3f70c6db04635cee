@testable import BookIndexing
@testable import BookLibrary
@testable import SQLiteStore
import Foundation
import TestSupport
import TextSearch
import XCTest

/// A long book's pages are folded for the index on two threads: what the index is given is what
/// folding them one after another with one folder gives, page for page.
final class IndexedTextsTests: ScratchLibraryTestCase {
    override class var folderName: String { "indexed-texts" }

    func testALongBooksPagesFoldedInTwoAreFoldedAsInOne() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/moby-dick.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/moby-dick.epub") }
        var options = AddOptions()
        options.ocrMode = .never
        XCTAssertEqual(library.add(paths: [path], options: options).added, 1)
        let book = try XCTUnwrap(try library.list().first)
        let texts = try (1...book.pageCount).map { try library.pageText(book, page: $0).text }
        XCTAssertGreaterThanOrEqual(texts.count, SearchIndex.pagesFoldedInTwo)
        for count in [texts.count, texts.count - 1, SearchIndex.pagesFoldedInTwo] {
            let pages = Array(texts.prefix(count))
            let one = try TermFolder(language: .english)
            let expected = pages.map { SearchIndex.indexedText($0, folder: one) }
            let folded = try SearchIndex.indexedTexts(pages, language: .english, folder: TermFolder(language: .english))
            XCTAssertEqual(folded.count, expected.count)
            for index in expected.indices where folded[index] != expected[index] {
                XCTFail("page \(index + 1) of \(count) folded otherwise")
                break
            }
        }
    }
}
