import Foundation
import TestSupport
import XCTest

/// The reader's commands and the curation commands run against a local
/// library and against the same books on a real PostgreSQL server (copied
/// by `migrate --to`) print the same: only the library's place and this
/// machine's thumbnail cache may differ. Then `migrate --from` back, and
/// the roles: a reader cannot tag or edit.
final class SharedParityTests: XCTestCase {
    private static let fixture = ServerFixture<(server: PostgresServer, local: TestLibrary, database: String)>()
    private var server: PostgresServer!
    private var local: TestLibrary!
    /// The shared copy of `local`, as it was curated before the copy.
    private var database: String!
    private var cache: URL!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            let local = try TestLibrary("parity-local")
            try curatedLibrary(local)
            let database = try copied(local, to: server)
            try server.psql("CREATE ROLE carol LOGIN; CREATE ROLE dave LOGIN")
            try server.grant("carol", "reader", database: database)
            try server.grant("dave", "editor", database: database)
            return (server, local, database)
        }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        (server, local, database) = try Self.fixture.value()
        cache = try Fixtures.temporaryDirectory("parity-cache")
    }

    override func tearDown() {
        if let cache { try? FileManager.default.removeItem(at: cache) }
        server = nil
        local = nil
    }

    // MARK: - Fixtures

    /// Three books with edited fields, hierarchical tags, a collection, a saved search, a bookmark and a reading position.
    private static func curatedLibrary(_ library: TestLibrary) throws {
        for arguments in [["add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("cafe-culture.pdf"),
                           Fixtures.sampleBook("cjk-seasons.pdf")],
                          ["edit", "1", "--publisher", "Harbour Press", "--year", "1998", "--rating", "4",
                           "--series", "Coastal Guides", "--series-index", "2"],
                          ["edit", "2", "--rating", "2", "--language", "fr", "--isbn", "978-0-306-40615-7"],
                          ["tag", "1", "2", "+Science/Optics", "+travel"], ["tag", "3", "+poetry", "+science"],
                          ["collection", "create", "Reading list"], ["collection", "add", "Reading list", "3", "1"],
                          ["list", "--save", "coast", "tag:travel", "-tag:science/optics/lenses"],
                          ["bookmark", "--book", "1", "5", "--note", "first chapter"], ["read", "--book", "2", "3"]] {
            let result = try library.ibook(arguments)
            guard result.status == 0 else { throw RunError.failed("ibook \(arguments): \(result.stderr)") }
        }
    }

    /// A new database made a shared library by `server init` and filled from `library` by `migrate --to`.
    private static func copied(_ library: TestLibrary, to server: PostgresServer) throws -> String {
        let database = "par" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try server.createDatabase(String(database))
        let url = server.url(database: String(database))
        for arguments in [["server", "init", url], ["migrate", "--to", url]] {
            let result = arguments[0] == "server"
                ? try Run.process(Run.ibookPath, arguments, environment: library.environment)
                : try library.ibook(arguments)
            guard result.status == 0 else { throw RunError.failed("ibook \(arguments): \(result.stderr)") }
        }
        return String(database)
    }

    @discardableResult
    private func shared(_ arguments: [String], user: String = PostgresServer.admin, database: String? = nil) throws -> Run.Result {
        var environment = local.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["IBOOK_LIBRARY"] = server.url(user: user, database: database ?? self.database)
        return try Run.process(Run.ibookPath, arguments, environment: environment)
    }

    /// Runs `arguments` on both and asserts the same status, stdout and stderr; returns the local run.
    @discardableResult
    private func assertSame(_ arguments: [String], local library: TestLibrary? = nil, database: String? = nil,
                            file: StaticString = #filePath, line: UInt = #line) throws -> Run.Result {
        let library: TestLibrary = library ?? local
        let there = try shared(arguments, database: database)
        let here = try library.ibook(arguments)
        func normalised(_ text: String) -> String { text.replacingOccurrences(of: cache.path, with: library.cache.path) }
        XCTAssertEqual(there.status, here.status, "\(arguments): \(there.stderr)", file: file, line: line)
        XCTAssertEqual(normalised(there.stdout), here.stdout, "\(arguments)", file: file, line: line)
        XCTAssertEqual(normalised(there.stderr), here.stderr, "\(arguments)", file: file, line: line)
        return here
    }

    // MARK: - Parity

    /// A curated library and its shared copy of this test's own, for a test that reads (reading is recorded in the history).
    private func freshPair(_ name: String) throws -> (library: TestLibrary, database: String) {
        let library = try TestLibrary(name)
        try Self.curatedLibrary(library)
        return (library, try Self.copied(library, to: server))
    }

    func testTheReadersCommandsPrintTheSameOnBothBackends() throws {
        let (library, database) = try freshPair("parity-reading")
        // History first: toc and read count as reading.
        for arguments in [["history"], ["list"], ["list", "--sort", "title"], ["list", "--sort", "rating", "--reverse"],
                          ["list", "--columns", "id,title,tags,collections,rating,year,publisher,series,language"],
                          ["list", "--json"], ["list", "--tsv"], ["list", "--saved"],
                          ["info", "1"], ["info", "2"], ["info", "3", "--json"],
                          ["tags"], ["collection", "list"], ["collection", "show", "Reading list"],
                          ["bookmarks", "--all"], ["check"], ["toc", "--book", "1"], ["read", "--book", "1", "iv"],
                          ["read", "--book", "3", "2"], ["history"]] {
            let result = try assertSame(arguments, local: library, database: database)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stdout.isEmpty && arguments != ["check"], "\(arguments) printed nothing")
        }
    }

    func testListQueriesSelectTheSameBooksOnBothBackends() throws {
        let queries = [
            ["tag:science"], ["tag:SCIENCE/optics"], ["tag:optics"], ["-tag:travel"], ["tag:travel", "OR", "tag:poetry"],
            ["title:RÉSUMÉ"], ["cafe"], ["CAFÉ"], ["lighthouse"], ["author:nobody-at-all"], ["file:seasons"],
            ["year:1990..2000"], ["year:>2000"], ["rating:>=2"], ["rating:4"], ["pages:<15"], ["id:2..3"],
            ["collection:\"reading LIST\""], ["saved:coast"], ["has:bookmarks"], ["has:history"], ["read:no"],
            ["has:tags"], ["has:collections"], ["has:edits"], ["has:isbn"], ["has:labels"], ["has:outline"],
            ["publisher:harbour"], ["series:coastal"], ["language:FR"], ["isbn:9780306406157"], ["added:<30d"],
            ["(tag:science", "-rating:4)", "OR", "pages:>30"], ["saved:nothing-saved"], ["year:abc"],
        ]
        var matched = 0
        for query in queries {
            try assertSame(["list", "--columns", "id,title"] + query)
            if try local.ibook(["list"] + query).status == 0 { matched += 1 }
        }
        XCTAssertGreaterThan(matched, 20, "the queries select something")
        let accented = try shared(["list", "--columns", "id", "--tsv", "title:RÉSUMÉ"]).stdout
        XCTAssertEqual(accented, "ID\n2\n", "the folding finds 'Résumé of Café Culture' on the server too")
    }

    func testExportCatalogWritesTheSameFileOnBothBackends() throws {
        let folder = try Fixtures.temporaryDirectory("parity-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (format, extra) in [("csv", [String]()), ("json", []), ("csv", ["--in", "tag:science"])] {
            let here = folder.appendingPathComponent("here.\(format)").path, there = folder.appendingPathComponent("there.\(format)").path
            let local = try self.local.ibook(["export", "catalog", "--format", format, "-o", here] + extra)
            let remote = try shared(["export", "catalog", "--format", format, "-o", there] + extra)
            XCTAssertEqual(local.status, 0, local.stderr)
            XCTAssertEqual(remote.status, 0, remote.stderr)
            let localText = try String(contentsOfFile: here, encoding: .utf8)
            let remoteText = try String(contentsOfFile: there, encoding: .utf8)
            XCTAssertTrue(localText.contains("Science/Optics, travel"), localText)
            if format == "json" {
                // Keys come in no set order, and the second may have turned between the two runs.
                func parsed(_ text: String) throws -> NSDictionary {
                    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                    return object.filter { $0.key != "generatedAt" } as NSDictionary
                }
                XCTAssertEqual(try parsed(remoteText), try parsed(localText), "\(format) \(extra)")
            } else {
                XCTAssertEqual(remoteText, localText, "\(format) \(extra)")
            }
        }
    }

    // MARK: - Curation on both

    func testCurationCommandsChangeBothBackendsAlike() throws {
        let library = try TestLibrary("parity-writes")
        try Self.curatedLibrary(library)
        let database = try Self.copied(library, to: server)
        let steps: [[String]] = [
            ["tag", "2", "3", "+science/optics/lenses", "+Travel/Coffee"], ["untag", "travel/coffee", "3"],
            ["tag", "--rename", "science", "physics"], ["tags"], ["untag", "no-such-tag"],
            ["edit", "3", "--title", "Seasons in Four Scripts", "--author", "Ono, Aki", "--year", "2011", "--rating", "5"],
            ["edit", "1", "--publisher", ""], ["edit", "2", "--isbn", "12345"], ["edit", "1", "--write", "--title", "x"],
            ["collection", "create", "Course"], ["collection", "add", "Course", "2", "3", "1"],
            ["collection", "add", "Course", "1", "--at", "1"], ["collection", "remove", "Course", "3"],
            ["collection", "create", "course"], ["collection", "delete", "Reading list"], ["collection", "list"],
            ["list", "--save", "physical", "tag:physics", "rating:>=2"], ["list", "saved:physical"],
            ["list", "--forget", "COAST"], ["list", "--saved"],
            ["list", "--columns", "id,title,author,tags,collections,rating,year,publisher"], ["info", "3"],
            ["relocate", "1", Fixtures.sampleBook("cafe-culture.pdf")],
        ]
        var failures = 0
        for arguments in steps where arguments != ["edit", "1", "--write", "--title", "x"] {
            failures += try assertSame(arguments, local: library, database: database).status == 0 ? 0 : 1
        }
        XCTAssertEqual(failures, 4, "untag no-such-tag, a bad ISBN, a collection that exists, a file of other content")
        let rewrite = try shared(["edit", "1", "--write", "--title", "x"], database: database)
        XCTAssertEqual(rewrite.status, 1)
        XCTAssertEqual(rewrite.stderr, "Error: ibook edit --write does not work on a shared library yet\n")
        XCTAssertEqual(try server.psql("SELECT title FROM books WHERE id = 1", database: database), "A Field Guide to Lighthouses",
                       "refused before anything was stored")
        XCTAssertEqual(try server.psql("SELECT string_agg(tag, ',' ORDER BY tag) FROM book_tags WHERE book_id = 2", database: database),
                       "physics/Optics,physics/Optics/lenses,travel,travel/Coffee")
    }

    // MARK: - Roles

    func testAReaderCannotTagOrEditAndAnEditorCan() throws {
        let denied = "Error: your PostgreSQL role may not do this on the shared library (readers read and keep their own bookmarks and history; editors also add, edit, tag and remove books; the database's owner grants either with 'ibook server grant'): "
        for (arguments, table) in [(["tag", "1", "+mine"], "book_tags"), (["edit", "1", "--rating", "1"], "book_fields"),
                                   (["collection", "create", "Mine"], "collections"),
                                   (["list", "--save", "mine", "tag:travel"], "saved_searches")] {
            let result = try shared(arguments, user: "carol")
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, denied + "permission denied for table \(table)\n", "\(arguments)")
        }
        XCTAssertEqual(try shared(["tags"], user: "carol").stdout, try local.ibook("tags").stdout, "readers read the tags")
        XCTAssertEqual(try shared(["list", "saved:coast", "--tsv", "--columns", "id"], user: "carol").stdout, "ID\n1\n2\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM book_tags WHERE tag = 'mine'", database: database), "0")
        let tagged = try shared(["tag", "3", "+dave-was-here"], user: "dave")
        XCTAssertEqual(tagged.status, 0, tagged.stderr)
        XCTAssertEqual(try shared(["untag", "dave-was-here"], user: "dave").status, 0)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM book_tags WHERE tag = 'dave-was-here'", database: database), "0")
    }

    // MARK: - migrate --from

    func testMigrateFromCopiesTheSharedLibraryHereOnceAndResumes() throws {
        let (local, database) = try freshPair("parity-original")
        let copy = try TestLibrary("parity-from")
        let url = server.url(database: database)
        // Other tests read on the shared library too: what its history holds now is what must arrive.
        let history = try server.psql("SELECT count(*) FROM history WHERE owner = (SELECT oid FROM pg_roles WHERE rolname = current_user)", database: database)
        let first = try copy.ibook("migrate", "--from", url)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "\(url): copied 3 books (62 pages, 3 covers), 0 already here\nYour bookmarks here: 1; history entries: \(history)\n")
        // The copy reads as the original: catalog, curation, text, outline, covers; its page index is built.
        for arguments in [["list", "--columns", "id,title,author,tags,collections,rating,year,publisher,series,language,pages,added"],
                          ["tags"], ["list", "--saved"], ["collection", "show", "Reading list"], ["bookmarks", "--all"],
                          ["toc", "--book", "1"], ["read", "--book", "3", "2"],
                          ["search", "--all", "lighthouse keeper"], ["search", "--all", "café"], ["search", "--book", "3", "春"]] {
            let there = try copy.ibook(arguments), here = try local.ibook(arguments)
            XCTAssertEqual(there.status, here.status, "\(arguments): \(there.stderr)")
            XCTAssertEqual(there.stdout.replacingOccurrences(of: copy.cache.path, with: local.cache.path), here.stdout, "\(arguments)")
        }
        XCTAssertTrue(try copy.ibook("search", "--all", "lighthouse").stdout.contains("Lighthouses"))

        let second = try copy.ibook("migrate", "--from", url)
        XCTAssertTrue(second.stdout.hasPrefix("\(url): copied 0 books (0 pages, 0 covers), 3 already here\nYour bookmarks here: 1;"),
                      second.stdout)
        let cover = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(copy.ibook("info", "2", "--json").stdout.utf8))
            as? [String: Any])?["thumbnail"] as? String)
        XCTAssertEqual(FileManager.default.contents(atPath: cover),
                       FileManager.default.contents(atPath: cover.replacingOccurrences(of: copy.cache.path, with: local.cache.path)))
        // A run that stopped before the last book: the next one brings it, and nothing twice.
        XCTAssertEqual(try copy.ibook("remove", "3").status, 0)
        let resumed = try copy.ibook("migrate", "--from", url)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stdout.hasPrefix("\(url): copied 1 book (10 pages, 0 covers), 2 already here\n"), resumed.stdout)
        XCTAssertEqual(try copy.ibook("tags").stdout, try local.ibook("tags").stdout, "the book's tags came back with it")
        XCTAssertEqual(try copy.ibook("list", "--tsv", "--columns", "id").stdout, "ID\n1\n2\n3\n")
    }
}
