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
}
