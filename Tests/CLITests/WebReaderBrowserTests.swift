import Foundation
import TestSupport
import XCTest

/// The web reader in a real browser: Debian's headless Chromium, driven through the DevTools
/// protocol by Tests/Browser/web_reader.py, against `ibook serve` on a loopback port. What the
/// browser saw comes back as JSON; what it wrote is read back with `ibook history` and `bookmarks`.
final class WebReaderBrowserTests: XCTestCase {
    private typealias Setup = ServedSampleBooks

    private static let made = Locked<Setup?>(nil)
    static let chromium = "/usr/bin/chromium"

    override class func setUp() {
        super.setUp()
        do {
            let setup = try ServedSampleBooks("web-browser", files: ["lighthouses.pdf", "cafe-culture.pdf", "atlas-landscape.pdf", "voyage.epub"])
            made.withLock { $0 = setup }
        } catch {
            XCTFail("setting up the served library: \(error)")
        }
    }

    override class func tearDown() {
        if let setup = made.withLock({ $0 }) { Cleanup.release(in: setup) }
        made.withLock { $0 = nil }
        super.tearDown()
    }

    private struct HistoryLine: Decodable {
        struct Book: Decodable { var id: Int }
        var book: Book
        var page: Int
    }

    private struct Image: Decodable {
        var current: String
        var naturalWidth: Int
    }

    private struct ReaderState: Decodable {
        var location: String
        var page: String?
        var images: [Image]
        var bookmark: String?
    }

    private var setup: Setup!
    private var guide: Int { setup.ids["lighthouses.pdf"] ?? 0 }
    private var voyage: Int { setup.ids["voyage.epub"] ?? 0 }

    override func setUpWithError() throws {
        setup = try XCTUnwrap(Self.made.withLock { $0 }, "the class's setUp did not start the server")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.chromium),
                      "Debian's chromium is needed: 'make deps' installs it")
    }

    /// One step of the browser script, its JSON decoded.
    private func browse<T: Decodable>(_ type: T.Type, _ arguments: String...) throws -> T {
        let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Browser/web_reader.py").path
        let result = try Run.process("/usr/bin/python3", [script, "http://127.0.0.1:\(setup.server.port)"] + arguments,
                                     environment: setup.library.environment, timeout: 120)
        guard result.status == 0 else { throw RunError.failed("web_reader.py \(arguments): \(result.stderr)") }
        return try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    private func lastRead() throws -> [Int]? {
        try setup.library.json([HistoryLine].self, "history", "--json").first.map { [$0.book.id, $0.page] }
    }

    func testTheShelfShowsEveryCoverLoaded() throws {
        struct Shelf: Decodable {
            struct Cover: Decodable { var src: String; var naturalWidth: Int; var naturalHeight: Int }
            var images: [Cover]
            var links: [String]
        }
        let shelf = try browse(Shelf.self, "shelf")
        XCTAssertEqual(shelf.images.count, 4)
        for cover in shelf.images {
            XCTAssertTrue(cover.naturalWidth > 0 && cover.naturalHeight == 128, "\(cover.src): \(cover.naturalWidth)x\(cover.naturalHeight)")
        }
        XCTAssertEqual(Set(shelf.links), Set(setup.ids.values.map { "/books/\($0)" }))
    }

    func testAPageReadInTheBrowserIsTheOneHistoryShowsAndTheKeysTurnIt() throws {
        struct Read: Decodable {
            var images: [Image]
            var placeSaved: String?
            var nextLoaded: String?
            var afterKey: ReaderState
            var afterKeyPlaceSaved: String?
        }
        let read = try browse(Read.self, "read", String(guide), "14")
        let image = try XCTUnwrap(read.images.first)
        XCTAssertTrue(image.current.hasSuffix("/books/\(guide)/pages/13?width=960"), image.current)
        XCTAssertEqual(image.naturalWidth, 960, "the width the srcset gives a 960-pixel column")
        XCTAssertEqual(read.placeSaved, "yes")
        XCTAssertEqual(read.nextLoaded.map { $0.hasSuffix("/books/\(guide)/pages/14?width=960") }, true, "\(String(describing: read.nextLoaded))")
        // The right arrow key: page 15, which is now the place in `ibook history`.
        XCTAssertEqual(read.afterKey.location, "/books/\(guide)/read?page=15")
        XCTAssertEqual(read.afterKey.images.first?.naturalWidth, 960)
        XCTAssertEqual(read.afterKeyPlaceSaved, "yes")
        XCTAssertEqual(try lastRead(), [guide, 15])
    }

    func testTheBookOpensWhereTheTerminalLeftIt() throws {
        XCTAssertEqual(try setup.library.ibook("read", "--book", String(voyage), "11").status, 0)
        struct Continued: Decodable {
            var continueText: String
            var reader: ReaderState
        }
        let continued = try browse(Continued.self, "continue", String(voyage))
        XCTAssertEqual(continued.continueText, "Continue at page 11 (6)")
        XCTAssertEqual(continued.reader.page, "11")
        XCTAssertEqual(continued.reader.images.first?.naturalWidth, 960, "an EPUB's page drawn for the browser")
    }

    func testASearchOpensTheReaderAtTheHitsPage() throws {
        struct Searched: Decodable {
            var results: String
            var reader: ReaderState?
            var placeSaved: String?
        }
        // `ibook search gannetstone` finds it on page 21 alone.
        let inBook = try browse(Searched.self, "search", String(guide), "gannetstone")
        XCTAssertEqual(inBook.results, "/books/\(guide)/search?q=gannetstone")
        XCTAssertEqual(inBook.reader?.location, "/books/\(guide)/read?page=21")
        XCTAssertEqual(inBook.reader?.images.first?.naturalWidth, 960)
        XCTAssertEqual(inBook.placeSaved, "yes")
        XCTAssertEqual(try lastRead(), [guide, 21])

        let everywhere = try browse(Searched.self, "librarysearch", "Hammerfest")
        XCTAssertEqual(everywhere.results, "/search?q=Hammerfest")
        let expected = try setup.library.ibook("search", "Hammerfest", "--all", "--json")
        let firstPage = try XCTUnwrap(expected.stdoutLines.first.flatMap {
            try? JSONDecoder().decode(SearchLine.self, from: Data($0.utf8))
        })
        XCTAssertEqual(everywhere.reader?.location, "/books/\(firstPage.bookID)/read?page=\(firstPage.page)")
        XCTAssertEqual(try lastRead(), [firstPage.bookID, firstPage.page])
    }

    private struct SearchLine: Decodable {
        var bookID: Int
        var page: Int
    }

    func testTheBookmarkButtonIsTheTerminalsBookmark() throws {
        struct Marked: Decodable {
            var before: ReaderState
            var after: ReaderState
        }
        let marked = try browse(Marked.self, "bookmark", String(guide), "6")
        XCTAssertEqual(marked.before.bookmark, "")
        XCTAssertEqual(marked.after.location, "/books/\(guide)/read?page=6")
        XCTAssertEqual(marked.after.bookmark, "on")
        struct Mark: Decodable { var page: Int }
        XCTAssertEqual(try setup.library.json([Mark].self, "bookmarks", "--book", String(guide), "--json").map(\.page), [6])
    }
}
