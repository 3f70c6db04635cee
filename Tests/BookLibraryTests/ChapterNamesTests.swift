@testable import BookIndexing
@testable import BookLibrary
import Foundation
import TestSupport
import XCTest

/// The chapter a laid-out book's search hit is said to fall in: the same whether the page it is on
/// was squeezed for an earlier hit or not, and the squeezing the same as splitting at every
/// `Character.isWhitespace`.
final class ChapterNamesTests: ScratchLibraryTestCase {
    override class var folderName: String { "chapter-names" }

    func testSqueezingSplitsAtWhatCharacterCallsWhiteSpace() {
        var texts = (0..<128).map { "a\(Character(Unicode.Scalar(UInt8($0))))b" }
        texts += ["  Call me\r\nIshmael.\t\tSome years ago—\u{0B}never\u{0C}mind\u{1C}how\u{1F}long",
                  "no\u{A0}break\u{2003}em\u{3000}ideographic\u{85}next\u{2028}line\u{200B}zero width",
                  "a \u{301}combining mark after a space", "prepend\u{600} then a space", "\r\n\r\n", "", "   "]
        for text in texts {
            let reference = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertEqual(ChapterNames.squeezed(text), reference, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            XCTAssertEqual(ChapterNames.squeezed(text.dropFirst()),
                           text.dropFirst().split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }

    /// Moby-Dick's "whale" is a dozen times on some of its chapters' first pages: each hit's chapter
    /// is what a ChapterNames that has seen no other hit says.
    func testAHitsChapterDoesNotDependOnTheHitsBeforeIt() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let paths = ["moby-dick", "georgia-cfi"].map { corpus.appendingPathComponent("epub/\($0).epub").path }
        for path in paths where !FileManager.default.fileExists(atPath: path) { throw XCTSkip("the corpus has no \(path)") }
        var options = AddOptions()
        options.ocrMode = .never
        XCTAssertEqual(library.add(paths: paths, options: options).added, 2)
        var hits: [SearchHit] = []
        _ = try library.search("whale", scope: .all, limit: 300) { hits.append($0) }
        // The first pages of both books, whose numbers are the same.
        for path in paths.reversed() {
            let book = try XCTUnwrap(try library.list().first { $0.path == path })
            _ = try library.search("the", scope: .book(book), limit: 150) { hits.append($0) }
        }
        var names = library.chapterNames()
        var pagesWithManyHits = 0, named = 0
        for (index, hit) in hits.enumerated() {
            if index > 0, hits[index - 1].page == hit.page, hits[index - 1].bookID == hit.bookID { pagesWithManyHits += 1 }
            var fresh = library.chapterNames()
            let chapter = try names.chapter(of: hit)
            XCTAssertEqual(chapter, try fresh.chapter(of: hit), "book \(hit.bookID) page \(hit.page): \(hit.snippet.match)")
            if chapter != nil { named += 1 }
        }
        XCTAssertGreaterThan(pagesWithManyHits, 100)
        XCTAssertGreaterThan(named, 250)
        let pages = Dictionary(grouping: hits, by: \.bookID).mapValues { Set($0.map(\.page)) }
        XCTAssertEqual(pages.count, 2)
        XCTAssertFalse(pages.values.reduce(Set(1...100_000)) { $0.intersection($1) }.isEmpty, "no page number with hits in both books")
    }
}
