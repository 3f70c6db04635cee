@testable import BookIndexing
import BookLibrary
import SQLiteStore
import BookOpening
import Foundation
import ReflowDocuments
import TestSupport
import XCTest

/// A long EPUB is read in parts by chapters, one worker a part, and stored as if it had been read
/// whole: every page's number, label and text, and the outline (IDPF's samples).
final class EPUBChapterPartsTests: XCTestCase {
    func testEveryPageOfAnEPUBReadInPartsIsStoredAsReadingItWholeGivesIt() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let root = try Fixtures.temporaryDirectory("epub-parts")
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try Library(location: LibraryLocation(directory: root.appendingPathComponent("lib").path,
                                                            thumbnailDirectory: root.appendingPathComponent("thumbs").path))
        var options = AddOptions()
        options.ocrMode = .never
        options.workers = 2
        // Moby-Dick's 144 chapters, and the EPUB 3 specification's few long ones.
        let names = ["moby-dick", "epub30-spec"]
        let paths = names.map { corpus.appendingPathComponent("epub/\($0).epub").path }
        for path in paths where !FileManager.default.fileExists(atPath: path) { throw XCTSkip("the corpus has no \(path)") }
        let summary = library.add(paths: paths, options: options)
        XCTAssertEqual(summary.added, 2)
        for path in paths {
            let parts = try XCTUnwrap(try ReflowDocument(path: path, chapters: .firstOf(parts: options.workers)).part)
            XCTAssertLessThan(parts.chapters.upperBound + 1, parts.chapterCount, "\(path) is read in more than one part")
            let book = try XCTUnwrap(try library.list().first { $0.path == path })
            guard let whole = try BookOpener.open(path: path).document as? ReflowBook else { return XCTFail("not reflowed: \(path)") }
            XCTAssertEqual(book.pageCount, whole.pageCount, path)
            for number in 1...whole.pageCount {
                let stored = try library.pageText(book, page: number)
                XCTAssertEqual(stored.text, whole.pageText(number), "\(path) page \(number)")
                XCTAssertEqual(stored.label, whole.pageLabel(number), "\(path) page \(number)")
            }
            let outline = try library.outline(of: book)
            XCTAssertEqual(outline.map(\.title), whole.outline().map(\.title), path)
            XCTAssertEqual(outline.map(\.page), whole.outline().map(\.page), path)
        }
    }

    /// The add leaves in the layout cache what laying the book out whole leaves: opening it later
    /// lays out only the chapters drawn.
    func testTheLayoutCacheHasTheWholeBooksCountsAfterAnAddInParts() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/moby-dick.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/moby-dick.epub") }
        let root = try Fixtures.temporaryDirectory("epub-parts-cache")
        defer { try? FileManager.default.removeItem(at: root) }
        // This process's cache, for the add's main side, which writes it.
        let saved = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        setenv("XDG_CACHE_HOME", root.appendingPathComponent("cache").path, 1)
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        let library = try Library(location: LibraryLocation(directory: root.appendingPathComponent("lib").path,
                                                            thumbnailDirectory: root.appendingPathComponent("thumbs").path))
        var options = AddOptions()
        options.ocrMode = .never
        options.workers = 2
        XCTAssertEqual(library.add(paths: [path], options: options).added, 1)
        let written = try XCTUnwrap(LayoutCache.standard()).folder
        let whole = root.appendingPathComponent("whole").path
        _ = try ReflowDocument(path: path, cache: LayoutCache(folder: whole))
        let names = try FileManager.default.contentsOfDirectory(atPath: whole)
        XCTAssertEqual(names.count, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: written), names, "one file, named alike")
        let expected = try XCTUnwrap(FileManager.default.contents(atPath: whole + "/" + names[0]))
        XCTAssertEqual(FileManager.default.contents(atPath: written + "/" + names[0]), expected, "the same counts and checksum")
    }

    /// Parts that are not one book's every chapter once each are no book.
    func testPartsThatLeaveOutOrRepeatChaptersAreRefused() {
        func part(_ chapters: ClosedRange<Int>, pages: [Int]) -> ChapterPartRecord {
            ChapterPartRecord(chapters: chapters, chapterCount: 4, chapterPages: pages, contents: [], pageList: [])
        }
        XCTAssertNotNil(ChapterPartsJoin([part(0...1, pages: [2, 3]), part(2...3, pages: [1, 4])]))
        XCTAssertEqual(ChapterPartsJoin([part(0...1, pages: [2, 3]), part(2...3, pages: [1, 4])])?.offsets, [0, 5])
        XCTAssertNil(ChapterPartsJoin([part(0...1, pages: [2, 3])]), "chapters 2 and 3 missing")
        XCTAssertNil(ChapterPartsJoin([part(0...1, pages: [2, 3]), part(1...3, pages: [3, 1, 4])]), "chapter 1 twice")
        XCTAssertNil(ChapterPartsJoin([part(1...3, pages: [3, 1, 4])]), "no first chapter")
        XCTAssertNil(ChapterPartsJoin([part(0...1, pages: [2]), part(2...3, pages: [1, 4])]), "a chapter without its count")
    }
}
