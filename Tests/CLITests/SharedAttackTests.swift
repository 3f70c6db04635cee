import Foundation
import TestSupport
import XCTest

/// A shared library attacked by those who may write to it: rows written
/// with psql that name paths or drive terminals, queries built to exhaust
/// the server. The server stays up, the victim's files stay as they were,
/// and the attacker gets one line.
final class SharedAttackTests: XCTestCase {
    private static let fixture = ServerFixture<PostgresServer>()
    private var server: PostgresServer!

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
    }

    override func tearDown() {
        server = nil
    }

    private func modes(under root: URL) -> [String: mode_t] {
        var found: [String: mode_t] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: root.path)! {
            var info = stat()
            if lstat(root.appendingPathComponent(name).path, &info) == 0 { found[name] = info.st_mode & 0o7777 }
        }
        return found
    }

    func testAHashNamingAPathWritesNothingAndChangesNoMode() throws {
        let database = try server.sharedLibrary()
        let client = try SharedClient(server: server, database: database)
        XCTAssertEqual(try client.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        // The victim: files of the reader's own beside their cache, readable by others.
        let victim = client.home.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        try "mine\n".write(to: victim.appendingPathComponent("a.txt"), atomically: false, encoding: .utf8)
        chmod(victim.appendingPathComponent("a.txt").path, 0o644)
        chmod(victim.path, 0o755)
        let before = modes(under: client.home.appendingPathComponent("victim"))
        // The server refuses such a hash (pg-10's checks)…
        XCTAssertThrowsError(try server.psql("UPDATE books SET sha256 = '../../../victim/x'", database: database))
        // …and a client trusts it no more where the checks are gone (a library an older ibook made,
        // a superuser who dropped them): cache/ibook/thumbnails/../../../victim/x-p1-256.png
        try server.psql("""
            ALTER TABLE covers DROP CONSTRAINT IF EXISTS covers_sha256_fkey;
            ALTER TABLE covers DROP CONSTRAINT covers_sha256_hex;
            ALTER TABLE books DROP CONSTRAINT books_sha256_hex;
            UPDATE covers SET sha256 = '../../../victim/x';
            UPDATE books SET sha256 = '../../../victim/x'
            """, database: database)
        let info = try client.ibook("info", "1")
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertEqual(modes(under: victim), before, "nothing written beside the victim's files, no mode changed")
        let thumbnail = try client.ibook("thumbnail", "1")
        XCTAssertEqual(thumbnail.status, 1)
        XCTAssertTrue(thumbnail.stderr.hasPrefix("Error: the library holds a book whose content hash is not a SHA-256 digest"),
                      thumbnail.stderr)

        // Copied into a local library, the book is refused, not carried along.
        let local = try TestLibrary("shared-attack-local")
        var environment = local.environment
        environment["XDG_CONFIG_HOME"] = client.home.appendingPathComponent("config").path
        let migrated = try Run.process(Run.ibookPath, ["migrate", "--from", client.url], environment: environment)
        XCTAssertEqual(migrated.status, 0, migrated.stderr)
        XCTAssertTrue(migrated.stdout.contains("1 refused (a content hash that is not a SHA-256 digest)"), migrated.stdout)
        XCTAssertEqual(try local.sql("SELECT count(*) FROM books"), "0")
    }

    func testEveryClientOfTheDatabaseGetsTheSessionBounds() throws {
        let database = try server.sharedLibrary()
        // A session of psql, not of ibook: the database's defaults bound it too.
        let settings = try server.psql("""
            SELECT current_setting('statement_timeout') || ' ' || current_setting('lock_timeout') || ' ' ||
                   current_setting('idle_in_transaction_session_timeout') || ' ' || current_setting('jit')
            """, database: database)
        XCTAssertEqual(settings, "2min 30s 5min off")
    }

    func testQueriesBuiltToExhaustTheServerAreOneLineAndTheServerStaysUp() throws {
        let database = try server.sharedLibrary()
        let client = try SharedClient(server: server, database: database)
        XCTAssertEqual(try client.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let cases: [([String], Int32, String)] = [
            (["list", Array(repeating: "x", count: 20_000).joined(separator: " OR ")], 64, "at most 4096 are read"),
            (["list"] + Array(repeating: "x", count: 100), 64, "100 terms; at most 64"),
            (["search", "--all", String(repeating: "a", count: 100_000)], 1, "at most 1024 are looked for"),
            (["search", "--all", Array(repeating: "of the", count: 2_000).joined(separator: " ")], 1, "at most 1024 are looked for"),
            (["search", "--all", Array(repeating: "of", count: 40).joined(separator: " ")], 1, "40 words; at most 32"),
        ]
        for (arguments, status, message) in cases {
            let result = try client.ibook(arguments, timeout: 60)
            XCTAssertEqual(result.status, status, "\(arguments.prefix(2))")
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(result.stderr.contains("SELECT"), "no SQL in a message")
        }
        let found = try client.ibook("search", "--all", Array(repeating: "the", count: 32).joined(separator: " "))
        XCTAssertEqual(found.status, 0, "32 words are looked for: \(found.stderr)")
        let listed = try client.ibook("list")
        XCTAssertEqual(listed.status, 0, "the server is still up: \(listed.stderr)")
        XCTAssertTrue(listed.stdout.contains("Lighthouses"), listed.stdout)
    }

    func testEverySessionIsBoundedAndRunsWithoutJIT() throws {
        let database = try server.sharedLibrary()
        let client = try SharedClient(server: server, database: database)
        // What a session of ibook's own runs with, read back through ibook's connection by a query it makes.
        XCTAssertEqual(try client.ibook("list").status, 0)
        let settings = try server.psql("""
            SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings
            WHERE name IN ('jit', 'lock_timeout', 'statement_timeout', 'idle_in_transaction_session_timeout')
            """, database: database)
        XCTAssertFalse(settings.isEmpty)
    }
}
