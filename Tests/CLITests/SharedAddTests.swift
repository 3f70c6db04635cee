import Foundation
import TestSupport
import XCTest

/// `ibook add` on a shared library (a real PostgreSQL server of the test's
/// own): the same output as a local add, whole books (pages, outline,
/// cover), the same file from two clients at once, and roots per machine.
final class SharedAddTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!
    private var files: URL!

    override class func setUp() {
        super.setUp()
        fixture.start { $0 }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        server = try Self.fixture.value()
        // Three books (outline and page labels, CJK) and a file that is not a PDF.
        files = try Fixtures.temporaryDirectory("shared-add")
        for name in ["lighthouses.pdf", "cafe-culture.pdf", "cjk-seasons.pdf"] {
            try FileManager.default.copyItem(atPath: Fixtures.sampleBook(name), toPath: files.appendingPathComponent(name).path)
        }
        _ = try BadFiles.textFile(in: files, name: "notes.pdf")
    }

    override func tearDown() {
        if let files { try? FileManager.default.removeItem(at: files) }
        server = nil
    }

    private func path(_ name: String) -> String { files.appendingPathComponent(name).path }

    func testAddPrintsWhatALocalAddPrintsAndWritesEachBookWhole() throws {
        let database = try server.sharedLibrary()
        let client = try SharedClient(server: server, database: database)
        let local = try TestLibrary("shared-add-local")
        let batch = ["add", path("lighthouses.pdf"), path("notes.pdf"), path("cafe-culture.pdf"), path("cjk-seasons.pdf")]

        let there = try client.ibook(batch)
        let here = try local.ibook(batch)
        XCTAssertEqual(there.status, 1, "a bad file in the batch: exit 1")
        XCTAssertEqual(there.status, here.status)
        XCTAssertEqual(there.stdout, here.stdout)
        XCTAssertEqual(there.stderr, here.stderr)
        XCTAssertEqual(there.stdoutLines, ["Added #1 A Field Guide to Lighthouses (40 pages)",
                                           "Added #2 Résumé of Café Culture (12 pages)", "Added #3 東京の四季 (10 pages)"],
                       there.stdout)
        XCTAssertTrue(there.stderr.contains("notes.pdf: "), there.stderr)

        XCTAssertEqual(try server.psql("""
            SELECT (SELECT count(*) FROM books) || ' ' || (SELECT count(*) FROM pages) || ' ' ||
                   (SELECT sum(page_count) FROM books) || ' ' || (SELECT count(*) FROM covers)
            """, database: database), "3 62 62 3")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM covers WHERE substring(png from 2 for 3) = 'PNG'", database: database), "3")
        for arguments in [["list"], ["info", "1"], ["toc", "--book", "1"], ["read", "--book", "1", "iv"], ["read", "--book", "3", "2"],
                          ["toc", "--book", "2"]] {
            let shown = try client.ibook(arguments)
            XCTAssertEqual(shown.status, 0, "\(arguments): \(shown.stderr)")
            XCTAssertEqual(shown.stdout.replacingOccurrences(of: client.home.appendingPathComponent("cache").path, with: local.cache.path),
                           try local.ibook(arguments).stdout, "\(arguments)")
        }
        // Its language is told from its text, as locally: the CJK book is not stemmed as English.
        XCTAssertEqual(try server.psql("SELECT string_agg(language, ' ' ORDER BY id) FROM books", database: database),
                       try languages(of: local))

        let again = try client.ibook(["add", path("lighthouses.pdf"), path("cafe-culture.pdf")])
        let againHere = try local.ibook(["add", path("lighthouses.pdf"), path("cafe-culture.pdf")])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, againHere.stdout)
        XCTAssertEqual(again.stderr, "0 added, 2 already present, 0 failed\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books", database: database), "3")
    }

    /// The languages a local library chose for its books, as the shared query prints them (read from its SQLite file).
    private func languages(of library: TestLibrary) throws -> String {
        try library.sql("SELECT group_concat(language, ' ') FROM (SELECT language FROM books ORDER BY id)")
    }

    func testTwoClientsAddingTheSameFilesAtOnceGetOneBookEach() throws {
        let database = try server.sharedLibrary()
        let ann = try SharedClient(server: server, database: database)
        let ben = try SharedClient(server: server, database: database)
        let batch = ["add", "--jobs", "1", path("cafe-culture.pdf"), path("cjk-seasons.pdf"), path("lighthouses.pdf")]
        let first = try ann.start(batch), second = try ben.start(batch)
        let results = [first.finish(), second.finish()]
        for result in results {
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertEqual(result.stdoutLines.count, 3, result.stdout)
        }
        let lines = results.flatMap(\.stdoutLines)
        XCTAssertEqual(lines.filter { $0.hasPrefix("Added #") }.count, 3, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.filter { $0.contains(": already in library as #") }.count, 3, lines.joined(separator: "\n"))
        XCTAssertEqual(try server.psql("""
            SELECT (SELECT count(*) FROM books) || ' ' || (SELECT count(DISTINCT sha256) FROM books) || ' ' ||
                   (SELECT count(*) FROM pages) || ' ' || (SELECT count(*) FROM covers)
            """, database: database), "3 3 62 3")
    }

    // MARK: - Roots

    func testRootsSetListAndRemoveKeepThisMachinesMapping() throws {
        let client = try SharedClient(server: server, database: "unused")
        let papers = files.appendingPathComponent("papers")
        try FileManager.default.createDirectory(at: papers, withIntermediateDirectories: true)
        XCTAssertEqual(try client.ibook("roots", "list").stderr,
                       "No roots on this machine: map one with 'ibook roots set NAME PATH'.\n")
        let set = try client.ibook("roots", "set", "papers", papers.path + "/")
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(set.stdout, "papers → \(papers.path)\n")
        XCTAssertEqual(try client.ibook("roots", "set", "home", files.path).status, 0)
        XCTAssertEqual(try client.ibook("roots", "list").stdout,
                       "home    \(files.path)\npapers  \(papers.path)\n")
        let file = client.home.appendingPathComponent("config/ibook/roots").path
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "home\t\(files.path)\npapers\t\(papers.path)\n")

        let badName = try client.ibook("roots", "set", "my papers", papers.path)
        XCTAssertEqual(badName.status, 1)
        XCTAssertEqual(badName.stderr, "Error: 'my papers' is not a root name: use letters, digits, '-', '_' and '.'\n")
        let noFolder = try client.ibook("roots", "set", "gone", files.appendingPathComponent("nowhere").path)
        XCTAssertEqual(noFolder.status, 1)
        XCTAssertEqual(noFolder.stderr, "Error: \(files.appendingPathComponent("nowhere").path): no such folder\n")

        XCTAssertEqual(try client.ibook("roots", "remove", "home").stdout, "Removed home (was \(files.path))\n")
        XCTAssertEqual(try client.ibook("roots", "list").stdout, "papers  \(papers.path)\n")
        let unknown = try client.ibook("roots", "remove", "home")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "Error: no root named 'home' on this machine (see 'ibook roots list')\n")
    }

    func testAFileUnderARootIsStoredRelativeToItAndOpensWhereEachMachineMountsIt() throws {
        let database = try server.sharedLibrary()
        // Two machines mount the same share at different places; a third has not mapped it.
        let here = files.appendingPathComponent("mnt-here/physics"), there = files.appendingPathComponent("media/there/physics")
        for folder in [here, there] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: path("lighthouses.pdf"), toPath: folder.appendingPathComponent("lighthouses.pdf").path)
        }
        let ann = try SharedClient(server: server, database: database)
        let ben = try SharedClient(server: server, database: database)
        let cid = try SharedClient(server: server, database: database)
        XCTAssertEqual(try ann.ibook("roots", "set", "papers", files.appendingPathComponent("mnt-here").path).status, 0)
        XCTAssertEqual(try ben.ibook("roots", "set", "papers", files.appendingPathComponent("media/there").path).status, 0)

        let added = try ann.ibook("add", here.appendingPathComponent("lighthouses.pdf").path, path("cafe-culture.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(try server.psql("SELECT id || ' ' || coalesce(root, '-') || ' ' || path FROM books ORDER BY id", database: database),
                       "1 papers physics/lighthouses.pdf\n2 - \(path("cafe-culture.pdf"))", "a file under no root keeps its absolute path")

        func fileLine(_ client: SharedClient) throws -> String {
            let info = try client.ibook("info", "1")
            XCTAssertEqual(info.status, 0, info.stderr)
            return info.stdoutLines.first { $0.hasPrefix("File ") } ?? info.stdout
        }
        XCTAssertEqual(try fileLine(ann), "File         \(here.appendingPathComponent("lighthouses.pdf").path)")
        XCTAssertEqual(try fileLine(ben), "File         \(there.appendingPathComponent("lighthouses.pdf").path)")
        XCTAssertEqual(try fileLine(cid), "File         papers:physics/lighthouses.pdf  (missing)")

        // Opening the file goes through the roots: ben's thumbnail is rendered from his copy, named by its path there.
        let thumbnail = try ben.ibook("thumbnail", "1", "--page", "3", "--size", "64")
        XCTAssertEqual(thumbnail.status, 0, thumbnail.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: thumbnail.stdout.trimmingCharacters(in: .whitespacesAndNewlines)),
                      thumbnail.stdout)
        let png = ben.home.appendingPathComponent("page3.png").path
        let shown = try ben.ibook("show", "1", "3", "-o", png)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: png)?.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
        XCTAssertEqual(try ben.ibook("info", there.appendingPathComponent("lighthouses.pdf").path).stdoutLines.first,
                       "ID           1")
        let missing = try cid.ibook("thumbnail", "1", "--page", "3", "--size", "64")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderrLines.count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("papers:physics/lighthouses.pdf"), missing.stderr)

        // Adding the same content from under the root on another machine finds the book; from a
        // machine that does not map the root it finds it too, and leaves where it is recorded alone.
        let again = try ben.ibook("add", there.appendingPathComponent("lighthouses.pdf").path)
        XCTAssertEqual(again.stdout, "\(there.appendingPathComponent("lighthouses.pdf").path): already in library as #1\n")
        let elsewhere = try cid.ibook("add", there.appendingPathComponent("lighthouses.pdf").path)
        XCTAssertEqual(elsewhere.stdout, "\(there.appendingPathComponent("lighthouses.pdf").path): already in library as #1\n")
        XCTAssertEqual(try server.psql("SELECT root || ' ' || path FROM books WHERE id = 1", database: database),
                       "papers physics/lighthouses.pdf")

        // The file moved inside the share: relocated from ben's machine, it is kept relative to the root,
        // so ann finds it where she mounts the share.
        for folder in [here, there] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("moved"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: folder.appendingPathComponent("lighthouses.pdf").path,
                                             toPath: folder.appendingPathComponent("moved/lighthouses.pdf").path)
        }
        let relocated = try ben.ibook("relocate", "1", there.appendingPathComponent("moved/lighthouses.pdf").path)
        XCTAssertEqual(relocated.status, 0, relocated.stderr)
        XCTAssertEqual(try server.psql("SELECT root || ' ' || path FROM books WHERE id = 1", database: database),
                       "papers physics/moved/lighthouses.pdf")
        XCTAssertEqual(try fileLine(ann), "File         \(here.appendingPathComponent("moved/lighthouses.pdf").path)")
    }

    func testMigrateStoresFilesRelativeToTheRootsMappedThen() throws {
        let database = try server.sharedLibrary()
        let local = try TestLibrary("shared-roots-local")
        XCTAssertEqual(try local.ibook("add", path("lighthouses.pdf"), path("cafe-culture.pdf")).status, 0)
        XCTAssertEqual(try local.ibook("roots", "set", "books", files.path).status, 0)
        let migrated = try local.ibook("migrate", "--to", server.url(database: database))
        XCTAssertEqual(migrated.status, 0, migrated.stderr)
        XCTAssertEqual(try server.psql("SELECT root || ' ' || path FROM books ORDER BY id", database: database),
                       "books lighthouses.pdf\nbooks cafe-culture.pdf")
    }

    /// A book that is not a PDF (an FB2 with a series, a publisher and an ISBN) on a shared
    /// library: the same listing, contents and hits as a local library, its format kept on the server.
    func testAnFB2IsAddedAndReadAsOnALocalLibrary() throws {
        let database = try server.sharedLibrary()
        let client = try SharedClient(server: server, database: database)
        let local = try TestLibrary("shared-add-fb2")
        let book = files.appendingPathComponent("tale.fb2")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">
            <description><title-info><genre>sf</genre><author><first-name>Anna</first-name><last-name>Petrova</last-name></author>
            <book-title>Зимняя сказка</book-title><lang>ru</lang><sequence name="Сказки" number="3"/></title-info>
            <publish-info><publisher>Наука</publisher><year>1999</year><isbn>978-5-02-013850-3</isbn></publish-info></description>
            <body><section><title><p>Глава первая</p></title><p>Зимой в лесу было тихо и снежно. Медведь спал в берлоге.</p></section>
            <section><title><p>Глава вторая</p></title><p>Весной пришли птицы, и лес проснулся от долгого сна.</p></section></body>
            </FictionBook>
            """.utf8).write(to: book)
        for command in [["add", book.path], ["info", "1"], ["toc", "--book", "1"], ["search", "--all", "медведи"],
                        ["list", "format:fb2", "series:сказки"]] {
            let there = try client.ibook(command)
            let here = try local.ibook(command)
            XCTAssertEqual(there.status, 0, "\(command): \(there.stderr)")
            // When it was added and where each machine caches its cover differ; nothing else may.
            func comparable(_ output: String) -> [String] {
                output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Added  ") && !$0.hasPrefix("Thumbnail  ") }
            }
            XCTAssertEqual(comparable(there.stdout), comparable(here.stdout), "\(command)")
        }
        XCTAssertTrue(try client.ibook("info", "1").stdout.contains("Series       Сказки #3"))
        XCTAssertEqual(try server.psql("SELECT format FROM books", database: database), "fb2")
    }
}
