import Foundation
import TestSupport
import XCTest

/// A shared library on a real PostgreSQL server (started by the test class):
/// `server init`, `migrate --to`, the commands that work on it with the same
/// output as locally, the reader and editor roles, and the one-line failures.
final class SharedLibraryTests: XCTestCase {
    private static let fixture = ServerFixture<(server: PostgresServer, local: TestLibrary)>()
    private var server: PostgresServer!
    private var local: TestLibrary!
    private var cache: URL!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            let local = try TestLibrary("shared-local")
            // A local library to copy: three books (outline, page labels, CJK), a bookmark and a reading position.
            for arguments in [["add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("cafe-culture.pdf"),
                               Fixtures.sampleBook("cjk-seasons.pdf")],
                              ["bookmark", "--book", "1", "5", "--note", "first chapter"], ["read", "--book", "2", "3"]] {
                let result = try local.ibook(arguments)
                guard result.status == 0 else { throw RunError.failed("ibook \(arguments): \(result.stderr)") }
            }
            try server.psql("CREATE ROLE alice LOGIN; CREATE ROLE bob LOGIN")
            return (server, local)
        }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        (server, local) = try Self.fixture.value()
        cache = try Fixtures.temporaryDirectory("shared-cache")
    }

    override func tearDown() {
        if let cache { try? FileManager.default.removeItem(at: cache) }
        server = nil
        local = nil
    }

    // MARK: - Helpers

    /// A new, empty database on the server; its URL for `user`.
    private func freshDatabase() throws -> String {
        let name = "lib" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try server.createDatabase(name)
        return String(name)
    }

    /// A database made a shared library by `server init` and filled by `migrate --to` (as the superuser).
    private func filledLibrary() throws -> String {
        let database = try freshDatabase()
        XCTAssertEqual(try ibook("server", "init", server.url(database: database)).status, 0)
        let migrated = try local.ibook("migrate", "--to", server.url(database: database))
        XCTAssertEqual(migrated.status, 0, migrated.stderr)
        return database
    }

    /// ibook run on the shared library as `user`, with a thumbnail cache of this test's own.
    @discardableResult
    private func ibook(_ arguments: String...) throws -> Run.Result {
        try ibook(arguments, database: nil)
    }

    @discardableResult
    private func ibook(_ arguments: [String], user: String = PostgresServer.admin, database: String?) throws -> Run.Result {
        var environment = local.environment
        environment["XDG_CACHE_HOME"] = cache.path
        if let database { environment["IBOOK_LIBRARY"] = server.url(user: user, database: database) }
        return try Run.process(Run.ibookPath, arguments, environment: environment)
    }

    // MARK: - server init

    func testServerInitCreatesTheSchemaOnceAndRecordsIt() throws {
        let database = try freshDatabase()
        let url = server.url(database: database)
        let first = try ibook("server", "init", url)
        XCTAssertEqual(first.status, 0, first.stderr)
        let applied = try server.psql("SELECT string_agg(id, ', ' ORDER BY split_part(id, '-', 2)::int) FROM schema_migrations",
                                      database: database)
        XCTAssertTrue(applied.hasPrefix("pg-1-catalog, pg-2-access, "), applied)
        XCTAssertTrue(first.stdout.contains("shared library ready (applied \(applied))"), first.stdout)
        // The library's own roles; the server-wide ones of older ibooks are gone where nothing grants them anything.
        XCTAssertTrue(first.stdout.contains("Roles: ibook_\(database)_reader (read, own bookmarks and history), ibook_\(database)_editor"),
                      first.stdout)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname IN ('ibook_\(database)_reader', 'ibook_\(database)_editor')"), "2")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_roles WHERE rolname IN ('ibook_reader', 'ibook_editor')"), "0")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pg_policies WHERE tablename IN ('bookmarks', 'history', 'state')",
                                       database: database), "3")
        let second = try ibook("server", "init", url)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("the shared library is up to date"), second.stdout)
        XCTAssertEqual(try server.psql("SELECT string_agg(id, ', ' ORDER BY split_part(id, '-', 2)::int) FROM schema_migrations",
                                       database: database), applied, "nothing applied twice")
    }

    // MARK: - migrate --to

    func testMigrateCopiesTheLibraryAndASecondRunCopiesNothing() throws {
        let database = try freshDatabase()
        let url = server.url(database: database)
        XCTAssertEqual(try ibook("server", "init", url).status, 0)
        // (toc counts as reading: it goes first, so the history counted next stays as it is.)
        let localOutline = try local.ibook("toc", "--book", "1").stdoutLines.count
            + local.ibook("toc", "--book", "2").stdoutLines.count + local.ibook("toc", "--book", "3").stdoutLines.count
        // Other tests read locally too: what the local history holds now is what must arrive.
        let localHistory = try local.ibook("history", "--json").stdout.components(separatedBy: "\"readAt\"").count - 1
        let first = try local.ibook("migrate", "--to", url)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("copied 3 books (62 pages, 3 covers), 0 already there"), first.stdout)
        XCTAssertTrue(first.stdout.contains("Your bookmarks there: 1; history entries: \(localHistory)"), first.stdout)
        func counts() throws -> String {
            try server.psql("""
                SELECT (SELECT count(*) FROM books) || ' ' || (SELECT count(*) FROM pages) || ' ' ||
                       (SELECT count(*) FROM outline) || ' ' || (SELECT count(*) FROM covers) || ' ' ||
                       (SELECT count(*) FROM bookmarks) || ' ' || (SELECT count(*) FROM history)
                """, database: database)
        }
        XCTAssertEqual(try counts(), "3 62 \(localOutline) 3 1 \(localHistory)")
        let second = try local.ibook("migrate", "--to", url)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("copied 0 books (0 pages, 0 covers), 3 already there"), second.stdout)
        XCTAssertEqual(try counts(), "3 62 \(localOutline) 3 1 \(localHistory)")
    }

    func testAnInterruptedMigrationIsCompletedByTheNextRun() throws {
        let database = try filledLibrary()
        // Each book is copied in one transaction, so a run stopped in the middle leaves whole books
        // and misses the rest: as here, where the last book never arrived.
        try server.psql("DELETE FROM books WHERE id = (SELECT max(id) FROM books)", database: database)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books", database: database), "2")
        let rerun = try local.ibook("migrate", "--to", server.url(database: database))
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("copied 1 book (10 pages, 1 cover), 2 already there"), rerun.stdout)
        XCTAssertEqual(try server.psql("SELECT count(*) || ' ' || sum(page_count) FROM books", database: database), "3 62")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pages", database: database), "62")
    }

    func testAMigrationKilledInTheMiddleIsCompletedByTheNextRun() throws {
        let database = try freshDatabase()
        let url = server.url(database: database)
        XCTAssertEqual(try ibook("server", "init", url).status, 0)
        // Another session holds an uncommitted row with the second book's hash, so the run
        // copies the first book, then waits on the second: there it is killed.
        let info = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(local.ibook("info", "2", "--json").stdout.utf8))
            as? [String: Any])
        let book = try XCTUnwrap(info["book"] as? [String: Any])
        let sha256 = try XCTUnwrap(book["sha256"] as? String)
        let blocker = Process()
        blocker.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        blocker.arguments = ["-h", server.directory, "-p", String(server.port), "-U", PostgresServer.admin, "-d", database, "-q"]
        let input = Pipe()
        blocker.standardInput = input
        blocker.standardOutput = FileHandle.nullDevice
        blocker.standardError = FileHandle.nullDevice
        try blocker.run()
        input.fileHandleForWriting.write(Data("""
            BEGIN;
            INSERT INTO books (sha256, path, size, title, author, page_count, added_at) VALUES ('\(sha256)', '/x', 1, 'x', 'x', 1, 0);

            """.utf8))
        // Under load psql may take a while to connect: the row must be held before the migration starts.
        var held = false
        for _ in 0..<300 where !held {
            held = try server.psql("""
                SELECT count(*) FROM pg_stat_activity
                WHERE application_name = 'psql' AND datname = '\(database)' AND state = 'idle in transaction'
                """) == "1"
            if !held { usleep(100_000) }
        }
        XCTAssertTrue(held, "psql never held the second book's row")

        let migrate = Process()
        migrate.executableURL = URL(fileURLWithPath: Run.ibookPath)
        migrate.arguments = ["migrate", "--to", url]
        migrate.environment = local.environment
        migrate.standardOutput = FileHandle.nullDevice
        migrate.standardError = FileHandle.nullDevice
        try migrate.run()
        var waiting = false
        for _ in 0..<300 where !waiting {
            usleep(100_000)
            waiting = try server.psql("""
                SELECT count(*) FROM pg_stat_activity WHERE application_name = 'ibook' AND wait_event_type = 'Lock'
                """) == "1"
        }
        kill(migrate.processIdentifier, SIGKILL)
        XCTAssertTrue(Self.ended(migrate), "the killed migration did not end")
        input.fileHandleForWriting.write(Data("ROLLBACK;\n".utf8))
        try input.fileHandleForWriting.close()
        XCTAssertTrue(Self.ended(blocker), "psql did not end at the end of its input")
        XCTAssertTrue(waiting, "the migration never reached the second book")
        XCTAssertEqual(try server.psql("SELECT count(*) || ' ' || coalesce(sum(page_count), 0) FROM books", database: database),
                       "1 40", "the first book whole, nothing of the second")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pages", database: database), "40")

        let rerun = try local.ibook("migrate", "--to", url)
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("copied 2 books (22 pages, 2 covers), 1 already there"), rerun.stdout)
        XCTAssertEqual(try server.psql("SELECT count(*) || ' ' || sum(page_count) FROM books", database: database), "3 62")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM pages", database: database), "62")
    }

    /// Waits at most 30 s for a child to end, with waitpid (Foundation may reap it first: then it has ended too).
    private static func ended(_ process: Process) -> Bool {
        var status: Int32 = 0
        for _ in 0..<1500 {
            let answer = waitpid(process.processIdentifier, &status, WNOHANG)
            if answer != 0 { return true }
            usleep(20_000)
        }
        return false
    }

    // MARK: - Commands on the shared library

    func testReadingCommandsPrintWhatTheyPrintLocally() throws {
        let database = try filledLibrary()
        for arguments in [["list"], ["list", "--sort", "title"], ["info", "2"], ["toc", "--book", "1"],
                          ["read", "--book", "1", "iv"], ["read", "--book", "3", "2"], ["bookmarks", "--all"]] {
            let there = try ibook(arguments, database: database)
            let here = try local.ibook(arguments)
            XCTAssertEqual(there.status, 0, "\(arguments): \(there.stderr)")
            XCTAssertEqual(there.stdout.replacingOccurrences(of: cache.path, with: local.cache.path), here.stdout,
                           "\(arguments)")
        }
        // The cover came from the database into this machine's cache, byte for byte.
        let info = try ibook(["info", "2", "--json"], database: database)
        let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let thumbnail = try XCTUnwrap(fields["thumbnail"] as? String, info.stdout)
        XCTAssertTrue(thumbnail.hasPrefix(cache.path), thumbnail)
        XCTAssertEqual(FileManager.default.contents(atPath: thumbnail),
                       FileManager.default.contents(atPath: thumbnail.replacingOccurrences(of: cache.path, with: local.cache.path)))
    }

    func testOpenReadNextBookmarkAndHistoryOnTheSharedLibrary() throws {
        let database = try filledLibrary()
        XCTAssertEqual(try ibook(["open", "Lighthouses"], database: database).stdout,
                       "Opened #1 A Field Guide to Lighthouses (40 pages)\n")
        XCTAssertTrue(try ibook(["read", "iii"], database: database).stdout
            .hasPrefix("A Field Guide to Lighthouses — page 3 of 40 (label iii)\n"))
        XCTAssertTrue(try ibook(["read", "next"], database: database).stdout
            .hasPrefix("A Field Guide to Lighthouses — page 4 of 40 (label iv)\n"))
        XCTAssertEqual(try ibook(["bookmark", "7", "--note", "lamps"], database: database).stdout,
                       "Bookmarked page 7 (3) of A Field Guide to Lighthouses\n")
        let bookmarks = try ibook(["bookmarks"], database: database).stdoutLines
        XCTAssertEqual(bookmarks.count, 3, bookmarks.joined(separator: "\n"))
        XCTAssertTrue(bookmarks[2].contains("lamps"), bookmarks.joined(separator: "\n"))
        let history = try ibook(["history"], database: database).stdoutLines
        XCTAssertTrue(history[1].contains("A Field Guide to Lighthouses") && history[1].contains("page 4 of 40 (iv)"),
                      history.joined(separator: "\n"))
        XCTAssertEqual(try ibook(["bookmark", "--delete", "7"], database: database).status, 0)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM bookmarks WHERE page = 7", database: database), "0")
    }

    func testBarePostgresqlURLTakesLibpqsEnvironment() throws {
        let database = try filledLibrary()
        var environment = local.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["PGHOST"] = server.directory
        environment["PGPORT"] = String(server.port)
        environment["PGUSER"] = PostgresServer.admin
        environment["PGDATABASE"] = database
        let there = try Run.process(Run.ibookPath, ["--library", "postgresql:", "list"], environment: environment)
        XCTAssertEqual(there.status, 0, there.stderr)
        XCTAssertEqual(there.stdout, try local.ibook("list").stdout)
    }

    /// On the server's socket ibook speaks the protocol itself and never loads libpq (and its forty
    /// libraries); a setting only libpq carries out sends the same command through it, with the same output.
    func testTheServersSocketIsSpokenWithoutLibpq() throws {
        let database = try filledLibrary()
        var environment = local.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["LD_DEBUG"] = "files"
        let socket = server.url(database: database)
        for (url, throughLibpq) in [(socket, false), (socket + "&target_session_attrs=any", true)] {
            let result = try Run.process(Run.ibookPath, ["--library", url, "search", "--all", "lighthouse"], environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, try local.ibook("search", "--all", "lighthouse").stdout, url)
            XCTAssertEqual(result.stderr.contains("file=libpq.so.5"), throughLibpq, url)
        }
    }

    func testAnUnsupportedCommandSaysSoInOneLine() throws {
        let database = try filledLibrary()
        // Each asks for what it needs of the library (LibraryCapabilities), a shared one has none of these yet.
        for (arguments, name) in [(["ocr", "1"], "ocr"), (["check", "--index"], "check --index"),
                                  (["edit", "1", "--write", "--title", "x"], "edit --write"), (["notes"], "notes"),
                                  (["refresh"], "refresh"), (["search", "--notes", "x"], "search --notes")] {
            let result = try ibook(arguments, database: database)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, "Error: ibook \(name) does not work on a shared library yet\n")
            XCTAssertEqual(result.stdout, "")
        }
    }

    /// Thumbnails, a contact sheet and a watermarked copy of a shared library's book are drawn from this
    /// machine's copy of its file, as from a local library's: the same PNGs and PDF, byte for byte.
    func testThumbnailsAndWatermarksDrawThisMachinesCopyOfTheFile() throws {
        let database = try filledLibrary()
        let out = try Fixtures.temporaryDirectory("shared-thumbnails")
        defer { try? FileManager.default.removeItem(at: out) }
        for (name, run) in [("local", { (arguments: [String]) in try self.local.ibook(arguments) }),
                            ("shared", { (arguments: [String]) in try self.ibook(arguments, database: database) })] {
            for arguments in [["thumbnails", "1", "--sheet", "--pages", "1-8", "-o", out.path + "/\(name)-sheet.png"],
                              ["thumbnails", "1", "--pages", "i-ii", "-o", out.path + "/\(name)-pages"],
                              ["watermark", "2", "--text", "DRAFT", "-o", out.path + "/\(name)-draft.pdf"]] {
                let result = try run(arguments)
                XCTAssertEqual(result.status, 0, "\(name) \(arguments): \(result.stderr)")
            }
        }
        for file in ["sheet.png", "pages/page-01.png", "pages/page-02.png"] {
            let here = try Data(contentsOf: out.appendingPathComponent("local-" + file))
            let there = try Data(contentsOf: out.appendingPathComponent("shared-" + file))
            XCTAssertEqual(there, here, file)
            XCTAssertGreaterThan(there.count, 1000, file)
        }
        // The stamped copies differ only in their IDs and dates: the same text, page for page.
        let drafts = try ["local", "shared"].map {
            try Run.process("/usr/bin/pdftotext", [out.appendingPathComponent("\($0)-draft.pdf").path, "-"]).stdout
        }
        XCTAssertEqual(drafts[1], drafts[0])
        XCTAssertTrue(drafts[1].contains("Café"), drafts[1])
    }

    /// A book whose file is not on this machine (moved, or on another's disk only): each command that
    /// draws its pages says so in one line naming the file, exits 1 and writes nothing, as locally;
    /// what the server holds of it still reads.
    func testABookWhoseFileIsNotOnThisMachineIsOneLineAndWritesNothing() throws {
        let library = try TestLibrary("shared-missing-file")
        let copy = library.root.appendingPathComponent("moved-away.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("lighthouses.pdf"), toPath: copy.path)
        XCTAssertEqual(try library.ibook(["add", copy.path]).status, 0)
        let database = try freshDatabase()
        XCTAssertEqual(try ibook("server", "init", server.url(database: database)).status, 0)
        XCTAssertEqual(try library.ibook(["migrate", "--to", server.url(database: database)]).status, 0)
        try FileManager.default.removeItem(at: copy)
        let out = try Fixtures.temporaryDirectory("shared-missing-out")
        defer { try? FileManager.default.removeItem(at: out) }
        for arguments in [["thumbnails", "1", "--sheet", "-o", out.path + "/sheet.png"],
                          ["thumbnails", "1", "--pages", "1-2", "-o", out.path + "/pages"],
                          ["watermark", "1", "--text", "DRAFT", "-o", out.path + "/draft.pdf"],
                          ["show", "1", "2", "-o", out.path + "/page.png"]] {
            let result = try ibook(arguments, database: database)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "Error: \(copy.path): no such file\n", "\(arguments)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [], "nothing written")
        let found = try ibook(["search", "--all", "lamp"], database: database)
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertTrue(found.stdout.contains("[lamp]"), found.stdout)
    }

    /// The reader on a shared library: the pages of this machine's copy, the place you stopped kept on
    /// the server for `ibook history`, and one line on the status line where it needs a local library.
    func testViewReadsASharedLibrarysBookAndKeepsThePlaceOnTheServer() throws {
        let database = try filledLibrary()
        var environment = local.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["IBOOK_LIBRARY"] = server.url(database: database)
        let listed = try ibook(["list", "--json"], database: database).stdout
        XCTAssertTrue(listed.contains("A Field Guide to Lighthouses"), listed)
        let session = try TmuxSession("exec '\(Run.ibookPath)' view lighthouses 9 --graphics text", environment: environment)
        defer { session.stop() }
        XCTAssertTrue(session.waitFor { $0.contains("page 9 of 40") }, session.screen())
        try session.send("Space")
        XCTAssertTrue(session.waitFor { $0.contains("page 10 of 40") }, session.screen())
        try session.sendLiteral("/lamp")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { $0.contains("/lamp") }, session.screen())
        try session.send("a")
        XCTAssertTrue(session.waitFor { $0.contains("highlighting does not work on a shared library yet") }, session.screen())
        // The mode is kept on the server too, beside the place.
        try session.send("c")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("continuous") }, session.screen())
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
        let history = try ibook(["history"], database: database)
        XCTAssertEqual(history.status, 0, history.stderr)
        XCTAssertTrue(history.stdout.contains("A Field Guide to Lighthouses"), history.stdout)
        let again = try TmuxSession("exec '\(Run.ibookPath)' view lighthouses --graphics text", environment: environment)
        defer { again.stop() }
        XCTAssertTrue(again.waitFor { _ in again.statusLine().contains("continuous") }, again.screen())
        try again.send("q")
        XCTAssertTrue(again.waitFor { _ in again.hasExited }, again.screen())
    }

    /// The shelf on a shared library: its books, Enter reads one from this machine's copy, q comes
    /// back, and the place you stopped is kept on the server.
    func testTheShelfListsASharedLibraryAndReadsItsBooks() throws {
        let database = try filledLibrary()
        var environment = local.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["IBOOK_LIBRARY"] = server.url(database: database)
        environment["IBOOK_GRAPHICS"] = "text"
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf", environment: environment)
        defer { session.stop() }
        XCTAssertTrue(session.waitFor { $0.contains("A Field Guide to Lighthouses") && $0.contains("book 1 of 3") }, session.screen())
        try session.sendLiteral("/lighthouses")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("book 1 of 1") }, session.screen())
        try session.send("Enter")
        // The reader opens where this person stopped (the filled library has read some pages).
        var opened: Int?
        XCTAssertTrue(session.waitFor { _ in
            opened = session.statusLine().firstMatch(of: /page (\d+) of 40/).flatMap { Int($0.1) }
            return opened != nil
        }, "the reader: \(session.screen())")
        let next = (opened ?? 0) + 1
        try session.send("Space")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page \(next) of 40") }, session.statusLine())
        try session.send("q")
        XCTAssertTrue(session.waitFor { $0.contains("stopped on page \(next)") }, session.screen())
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
        XCTAssertTrue(try ibook(["history"], database: database).stdout.contains("page \(next) of 40"))
    }

    // MARK: - Roles

    func testAReaderCannotAddNorSeeAnotherPersonsBookmarks() throws {
        let database = try freshDatabase()
        XCTAssertEqual(try ibook("server", "init", server.url(database: database)).status, 0)
        try server.grant("alice", "reader", database: database)
        try server.grant("bob", "editor", database: database)

        let refused = try local.ibook("migrate", "--to", server.url(user: "alice", database: database))
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Error: your PostgreSQL role may not do this on the shared library (readers read and keep their own bookmarks and history; editors also add, edit, tag and remove books; the database's owner grants either with 'ibook server grant'): permission denied for table books\n")
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books", database: database), "0", "nothing half-written")

        let copied = try local.ibook("migrate", "--to", server.url(user: "bob", database: database))
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertEqual(try ibook(["list"], user: "alice", database: database).stdoutLines.count, 4, "readers read the catalog")
        XCTAssertEqual(try ibook(["bookmark", "--book", "2", "4", "--note", "alice's"], user: "alice", database: database).status, 0)
        let alices = try ibook(["bookmarks", "--all"], user: "alice", database: database).stdout
        let bobs = try ibook(["bookmarks", "--all"], user: "bob", database: database).stdout
        XCTAssertTrue(alices.contains("alice's") && !alices.contains("first chapter"), alices)
        XCTAssertTrue(bobs.contains("first chapter") && !bobs.contains("alice's"), bobs)
        XCTAssertEqual(try ibook(["history"], user: "alice", database: database).stdout, "")

        let removal = try ibook(["remove", "3"], user: "alice", database: database)
        XCTAssertEqual(removal.status, 1)
        XCTAssertTrue(removal.stderr.hasPrefix("Error: your PostgreSQL role may not do this on the shared library"), removal.stderr)
        XCTAssertEqual(try ibook(["remove", "3"], user: "bob", database: database).status, 0)
        XCTAssertEqual(try server.psql("SELECT count(*) FROM books", database: database), "2")
        // Even a role that bypasses row-level security (the superuser) is shown its own rows only.
        XCTAssertFalse(try ibook(["bookmarks", "--all"], database: database).stdout.contains("alice's"))
    }

    // MARK: - Failures

    func testConnectionAndSchemaFailuresAreOneLineEach() throws {
        let database = try freshDatabase()
        let notInitialised = try ibook(["list"], database: database)
        XCTAssertEqual(notInitialised.status, 1)
        XCTAssertTrue(notInitialised.stderr.hasSuffix("not an ibook shared library (no ibook schema); create it with 'ibook server init \(server.url(database: database))'\n"),
                      notInitialised.stderr)

        XCTAssertEqual(try ibook("server", "init", server.url(database: database)).status, 0)
        try server.psql("INSERT INTO schema_migrations VALUES ('pg-99-future', 0)", database: database)
        let newer = try ibook(["list"], database: database)
        XCTAssertEqual(newer.status, 1)
        XCTAssertTrue(newer.stderr.contains("pg-99-future"), newer.stderr)
        XCTAssertEqual(newer.stderrLines.count, 1, newer.stderr)

        try server.psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'dora') THEN CREATE ROLE dora LOGIN PASSWORD 'secret'; END IF; END $$")
        let failures: [(String, String)] = [
            (server.tcpURL(user: "dora", password: "wrong", database: database), "refused the login: password authentication failed for user \"dora\""),
            (server.url(database: "no_such_db"), "no such database on the PostgreSQL server"),
            ("postgresql://dora@127.0.0.1:1/\(database)", "cannot reach the PostgreSQL server 127.0.0.1:1/\(database) (Connection refused)"),
        ]
        for (url, message) in failures {
            var environment = local.environment
            environment["IBOOK_LIBRARY"] = url
            let result = try Run.process(Run.ibookPath, ["list"], environment: environment)
            XCTAssertEqual(result.status, 1, url)
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(result.stderr.contains("wrong"), "the password is never shown")
        }
    }
}
