import Foundation
import ReflowDocuments
import TestSupport
import XCTest

/// Chapters' page counts kept between opens: a second open pages the book as the first did,
/// and a damaged cache file is never believed.
final class LayoutCacheTests: XCTestCase {
    private var folder: URL!
    private var cache: LayoutCache!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
        cache = LayoutCache(folder: folder.appendingPathComponent("layout").path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func cacheFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.folder).map { cache.folder + "/" + $0 }
    }

    private func book() throws -> String {
        try TestBooks.write(LinkTests.footnoteBook(), named: "notes.epub", in: folder)
    }

    /// The cache is keyed by the SHA-256 of the book's bytes, whichever SHA-256 the engine uses
    /// (the processor's SHA extensions, or MuPDF's): sha256sum's.
    func testTheBooksDigestIsSha256sums() throws {
        for size in [0, 55, 56, 64, 1000] {
            var bytes = LinkTests.footnoteBook()
            bytes += [UInt8](repeating: 0x5A, count: size)
            let path = try TestBooks.write(bytes, named: "digest-\(size).epub", in: folder)
            let document = try ReflowDocument(path: path)
            let hex = try XCTUnwrap(document.layoutDigest()).map { String(format: "%02x", $0) }.joined()
            let expected = try Run.process("/usr/bin/sha256sum", [path]).stdout.split(separator: " ").first.map(String.init)
            XCTAssertEqual(hex, expected, "\(size) bytes after the book")
        }
    }

    func testASecondOpenPagesTheBookAsTheFirst() throws {
        let path = try book()
        let first = try ReflowDocument(path: path, cache: cache)
        let files = try cacheFiles()
        XCTAssertEqual(files.count, 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: files[0])
        XCTAssertEqual((attributes[.posixPermissions] as? Int) ?? 0, 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: cache.folder)
        XCTAssertEqual((folderAttributes[.posixPermissions] as? Int) ?? 0, 0o700)
        let second = try ReflowDocument(path: path, cache: cache)
        XCTAssertEqual(second.pageCount, first.pageCount)
        XCTAssertEqual(second.pageText(second.pageCount), first.pageText(first.pageCount))
        // Another layout is another file.
        _ = try ReflowDocument(path: path, layout: ReflowLayout(width: 300, height: 400, fontSize: 10), cache: cache)
        XCTAssertEqual(try cacheFiles().count, 2)
    }

    func testADamagedCacheFileIsIgnored() throws {
        let path = try book()
        let first = try ReflowDocument(path: path, cache: cache)
        let file = try XCTUnwrap(try cacheFiles().first)
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        // A count changed (the checksum no longer matches), the file cut short, emptied, or grown.
        var changed = good
        changed[12] = changed[12] &+ 5
        for damaged in [changed, good.prefix(good.count - 1), Data(), good + Data([0])] {
            try damaged.write(to: URL(fileURLWithPath: file))
            let reopened = try ReflowDocument(path: path, cache: cache)
            XCTAssertEqual(reopened.pageCount, first.pageCount)
            XCTAssertEqual(reopened.pageText(reopened.pageCount), first.pageText(first.pageCount))
            // And the file is written anew, whole.
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), good)
        }
    }

    func testAFIFOOrALinkInTheFilesPlaceIsIgnored() throws {
        let path = try book()
        let first = try ReflowDocument(path: path, cache: cache)
        let file = try XCTUnwrap(try cacheFiles().first)
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        try FileManager.default.removeItem(atPath: file)
        XCTAssertEqual(mkfifo(file, 0o600), 0)
        XCTAssertEqual(try ReflowDocument(path: path, cache: cache).pageCount, first.pageCount)
        try? FileManager.default.removeItem(atPath: file)
        // A link to a good file is not followed: someone else's file could stand behind it.
        let elsewhere = folder.appendingPathComponent("elsewhere").path
        try good.write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: elsewhere)
        XCTAssertEqual(try ReflowDocument(path: path, cache: cache).pageCount, first.pageCount)
        // The link was replaced by a file of our own; what it pointed to is untouched.
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: elsewhere)), good)
    }

    func testAnotherBooksCountsAreNotUsed() throws {
        let path = try book()
        let first = try ReflowDocument(path: path, cache: cache)
        let file = try XCTUnwrap(try cacheFiles().first)
        // A cache file of another book, renamed to this book's name: its checksum names the other book.
        let other = try TestBooks.write(TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Other</dc:title>")), named: "other.epub", in: folder)
        _ = try ReflowDocument(path: other, cache: cache)
        let otherFile = try XCTUnwrap(try cacheFiles().first { $0 != file })
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.moveItem(atPath: otherFile, toPath: file)
        let reopened = try ReflowDocument(path: path, cache: cache)
        XCTAssertEqual(reopened.pageCount, first.pageCount)
    }

    func testMobyDickReopensWithTheSamePages() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/moby-dick.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/moby-dick.epub") }
        let first = try ReflowDocument(path: path, cache: cache)
        let start = Date()
        let second = try ReflowDocument(path: path, cache: cache)
        let reopening = Date().timeIntervalSince(start)
        XCTAssertEqual(first.pageCount, 622)
        XCTAssertEqual(second.pageCount, first.pageCount)
        XCTAssertEqual(second.pageText(500), first.pageText(500))
        XCTAssertFalse(second.pageText(500).isEmpty)
        print("Moby-Dick reopened with cached page counts in \(Int(reopening * 1000)) ms")
    }
}
