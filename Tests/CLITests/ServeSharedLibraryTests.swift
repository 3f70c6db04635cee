import Foundation
import TestSupport
import XCTest

/// `ibook serve` on a shared library on PostgreSQL: the same feeds, search and files as the
/// local library it was migrated from, through the same library code.
final class ServeSharedLibraryTests: XCTestCase {
    private struct Setup {
        var server: PostgresServer
        var local: TestLibrary
        var url: String
    }

    private static let fixture = ServerFixture<Setup>()
    private var setup: Setup!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            let local = try TestLibrary("serve-shared")
            let files = ["lighthouses.pdf", "cafe-culture.pdf", "voyage.epub"].map(Fixtures.sampleBook)
            let added = try local.ibook(["add"] + files)
            guard added.status == 0 else { throw RunError.failed("ibook add: \(added.stderr)") }
            try server.createDatabase("served")
            let url = server.url(database: "served")
            for arguments in [["server", "init", url], ["migrate", "--to", url]] {
                let result = try local.ibook(arguments)
                guard result.status == 0 else { throw RunError.failed("ibook \(arguments): \(result.stderr)") }
            }
            return Setup(server: server, local: local, url: url)
        }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        setup = try Self.fixture.value()
    }

    func testTheSharedLibraryIsServedAsTheLocalOneIs() throws {
        let cache = try Fixtures.temporaryDirectory("serve-shared-cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        // A cache of its own: the covers come from the database, not from the local library's cache.
        let shared = try ServedLibrary(setup.local, environment: ["IBOOK_LIBRARY": setup.url, "XDG_CACHE_HOME": cache.path])
        defer { _ = shared.stop() }
        let local = try ServedLibrary(setup.local)
        defer { _ = local.stop() }
        XCTAssertTrue(shared.firstLine.hasPrefix("Serving postgresql://"), shared.firstLine)

        for path in ["/opds/books", "/opds/authors", "/opds/search?q=gannetstone", "/opds/search?q=hung+in+their+thousands"] {
            let fromServer = try OPDSDocument(try shared.get(path).body)
            let fromFile = try OPDSDocument(try local.get(path).body)
            XCTAssertFalse(fromFile.entries.isEmpty, path)
            XCTAssertEqual(fromServer.entries.map(\.title), fromFile.entries.map(\.title), path)
            XCTAssertEqual(fromServer.entries.map(\.id), fromFile.entries.map(\.id), path)
        }
        let books = try OPDSDocument(try shared.get("/opds/books").body)
        XCTAssertEqual(books.entries.count, 3)
        for entry in books.entries {
            let file = try XCTUnwrap(entry.link("http://opds-spec.org/acquisition")).href
            let served = try shared.get(file)
            XCTAssertEqual(served.status, 200, entry.title)
            XCTAssertEqual(served.body, try local.get(file).body, entry.title)
            let cover = try shared.get(try XCTUnwrap(entry.link("http://opds-spec.org/image")).href)
            XCTAssertEqual(cover.status, 200, entry.title)
            XCTAssertEqual(Array(cover.body.prefix(4)), [0x89, 0x50, 0x4e, 0x47], entry.title)
        }
        XCTAssertEqual(shared.stop().status, 0)
    }

    /// The web reader on the shared library: its book page, and the place stopped written through
    /// the same library operation, into the server's history, where `ibook history` reads it.
    func testTheWebReaderRecordsThePlaceInTheSharedLibrary() throws {
        struct Listed: Decodable { var id: Int; var title: String }
        struct HistoryLine: Decodable {
            struct Book: Decodable { var id: Int }
            var book: Book
            var page: Int
        }
        let cache = try Fixtures.temporaryDirectory("serve-shared-web-cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["IBOOK_LIBRARY": setup.url, "XDG_CACHE_HOME": cache.path]
        let shared = try ServedLibrary(setup.local, environment: environment)
        defer { _ = shared.stop() }
        let listed = try Run.process(Run.ibookPath, ["list", "--json"], environment: setup.local.environment.merging(environment) { $1 })
        let books = try JSONDecoder().decode([Listed].self, from: Data(listed.stdout.utf8))
        let guide = try XCTUnwrap(books.first { $0.title == "A Field Guide to Lighthouses" }).id

        let page = try shared.get("/books/\(guide)")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<a href=\"/books/\(guide)/read?page=3\">Preface</a> <span class=\"label\">iii</span>"), page.text)
        XCTAssertEqual(try shared.request("POST", "/books/\(guide)/place", body: "page=17").status, 204)
        let history = try Run.process(Run.ibookPath, ["history", "--json"], environment: setup.local.environment.merging(environment) { $1 })
        let lines = try JSONDecoder().decode([HistoryLine].self, from: Data(history.stdout.utf8))
        XCTAssertEqual(lines.first.map { [$0.book.id, $0.page] }, [guide, 17], history.stdout + history.stderr)
        XCTAssertTrue(try shared.get("/books/\(guide)/read").text.contains("data-page=\"17\""))
        let found = try shared.get("/books/\(guide)/search?q=gannetstone").text
        XCTAssertTrue(found.contains("<a href=\"/books/\(guide)/read?page=21\">page 21 (17)</a>"), found)
        XCTAssertEqual(shared.stop().status, 0)
    }
}
