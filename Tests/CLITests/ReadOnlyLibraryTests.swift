import Foundation
import TestSupport
import XCTest

/// A library on a read-only medium (an archive mounted read-only, a backup,
/// a `chmod -w` folder) is listed, read and searched; what must write says so
/// in one line. Tests run as root, who ignores permission bits, so the medium
/// is a tmpfs the test mounts and remounts read-only.
final class ReadOnlyLibraryTests: XCTestCase {
    private var medium: ScratchMount!
    private var scratch: TestLibrary!
    private var directory: String { medium.path.appendingPathComponent("library").path }

    override func setUpWithError() throws {
        do {
            medium = try ScratchMount("readonly")
        } catch let unavailable as ScratchMount.Unavailable {
            throw XCTSkip(unavailable.reason)
        }
        scratch = try TestLibrary("readonly")
    }

    override func tearDown() {
        medium?.unmount()
        medium = nil
        scratch?.remove()
        scratch = nil
    }

    @discardableResult
    private func ibook(_ arguments: String...) throws -> Run.Result {
        var environment = scratch.environment
        environment["IBOOK_LIBRARY"] = directory
        return try Run.process(Run.ibookPath, arguments, environment: environment)
    }

    private func filesOnMedium() throws -> [String: Int] {
        var files: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)
            files[name] = (attributes[.size] as? NSNumber)?.intValue
        }
        return files
    }

    private func makeLibraryThenMountItReadOnly() throws {
        XCTAssertEqual(try ibook("add", Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        XCTAssertEqual(try ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        XCTAssertEqual(try ibook("bookmark", "2", "--note", "the lens").status, 0)
        XCTAssertEqual(try ibook("read", "3").status, 0)
        try medium.remountReadOnly()
    }

    func testReadingCommandsWorkAndWriteNothing() throws {
        try makeLibraryThenMountItReadOnly()
        let before = try filesOnMedium()
        XCTAssertEqual(Set(before.keys), ["library.sqlite"], "closed cleanly: no -wal or -shm to read it with")

        let listed = try ibook("list")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stderr, "", "nothing to say: no notice, no tightening")
        XCTAssertTrue(listed.stdout.contains("Résumé of Café Culture"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("A Field Guide to Lighthouses"), listed.stdout)

        for arguments in [["info"], ["toc"], ["search", "quiet harbour lights"], ["search", "--all", "naïve"],
                          ["bookmarks"], ["history"]] {
            let result = try Run.process(Run.ibookPath, arguments, environment: environment)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.contains("Error"), false, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stdout.isEmpty, "\(arguments) printed its results")
        }
        XCTAssertTrue(try ibook("search", "quiet harbour lights").stdout.contains("harbour"))
        let checked = try ibook("check")
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertEqual(checked.stderr, "2 checked, 0 with problems\n")
        let indexChecked = try ibook("check", "--index")
        XCTAssertEqual(indexChecked.status, 0, indexChecked.stderr)
        XCTAssertEqual(indexChecked.stderr, "2 checked, 0 with problems; index: 52 pages, in step\n")
        XCTAssertTrue(try ibook("bookmarks").stdout.contains("the lens"))

        let read = try ibook("read", "5")
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertTrue(read.stdout.contains("page 5 of 40"), read.stdout)
        XCTAssertEqual(read.stderr, "Warning: the library at \(directory) is read-only: the reading position is not recorded\n")
        XCTAssertTrue(try ibook("history").stdout.contains("3"), "the position read before stays")
        let resumed = try ibook("read")
        XCTAssertTrue(resumed.stdout.contains("page 3 of 40"), "read with no page resumes where the history says: \(resumed.stdout)")

        XCTAssertEqual(try filesOnMedium(), before, "nothing was written, nothing created beside the database")
    }

    func testWritingCommandsSayInOneLineThatTheLibraryIsReadOnly() throws {
        try makeLibraryThenMountItReadOnly()
        let moved = scratch.root.appendingPathComponent("moved.pdf").path
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("lighthouses.pdf"), toPath: moved)
        let refusal = "Error: the library at \(directory) is read-only\n"
        for arguments in [["open", "Café"], ["bookmark", "7"], ["bookmark", "2", "--delete"], ["remove", "Café"],
                          ["history", "--clear"], ["relocate", "Lighthouses", moved],
                          ["add", Fixtures.sampleBook("atlas-landscape.pdf")]] {
            let result = try Run.process(Run.ibookPath, arguments, environment: environment)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, refusal, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
        let output = scratch.root.appendingPathComponent("marked.pdf").path
        let watermark = try ibook("watermark", "--text", "DRAFT", "-o", output, "--add")
        XCTAssertEqual(watermark.status, 1)
        XCTAssertEqual(watermark.stderr, refusal)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "refused before anything was written")

        try medium.remountReadWrite()
        let listed = try ibook("list")
        XCTAssertTrue(listed.stdout.contains("Café") && listed.stdout.contains("Lighthouses"), "both books still there: \(listed.stdout)")
        XCTAssertEqual(try ibook("bookmark", "7").status, 0, "writable again, writes again")
    }

    func testAnOlderLibraryThatNeedsAMigrationIsRefusedUntouchedWhenReadOnly() throws {
        XCTAssertEqual(try ibook("add", Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        // As an ibook before "2-page-row-ranges" would have left it.
        let sqlite = try Run.process("/usr/bin/sqlite3", [directory + "/library.sqlite", """
            ALTER TABLE books DROP COLUMN first_page_row; ALTER TABLE books DROP COLUMN last_page_row;
            DELETE FROM schema_migrations WHERE id = '2-page-row-ranges';
            """])
        XCTAssertEqual(sqlite.status, 0, sqlite.stderr)
        try medium.remountReadOnly()
        let listed = try ibook("list")
        XCTAssertEqual(listed.status, 1)
        XCTAssertEqual(listed.stderr, "Error: the library at \(directory) is read-only and was made by an older ibook: it needs 2-page-row-ranges, which cannot be written; open it once where it can be written\n")
        try medium.remountReadWrite()
        let upgraded = try ibook("list")
        XCTAssertEqual(upgraded.status, 0, upgraded.stderr)
        XCTAssertTrue(upgraded.stdout.contains("Café"))
    }

    private var environment: [String: String] {
        var environment = scratch.environment
        environment["IBOOK_LIBRARY"] = directory
        return environment
    }

    /// The `chmod -w` case, as a person who is not root meets it: the folder
    /// and the file made read-only, `ibook` run as another user (nobody).
    func testAChmodDashWFolderIsReadAsAnotherUser() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv(1) to run ibook as another user")
        }
        XCTAssertEqual(try ibook("add", Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        let home = medium.path.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        for path in [directory, home.path] {
            XCTAssertEqual(try Run.process("/bin/chown", ["-R", "65534:65534", path]).status, 0)
        }
        chmod(directory + "/library.sqlite", 0o400)
        chmod(directory, 0o500)
        var environment = environment
        environment["HOME"] = home.path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        func asNobody(_ arguments: String...) throws -> Run.Result {
            try Run.process("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Run.ibookPath] + arguments,
                            environment: environment)
        }
        let listed = try asNobody("list")
        guard !listed.stderr.contains("Permission denied") || listed.status == 0 else {
            throw XCTSkip("the test binary is not readable by nobody here: \(listed.stderr)")
        }
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stderr, "")
        XCTAssertTrue(listed.stdout.contains("Café"), listed.stdout)
        let searched = try asNobody("search", "naïve")
        XCTAssertEqual(searched.status, 0, searched.stderr)
        XCTAssertFalse(searched.stdout.isEmpty)
        let bookmarked = try asNobody("bookmark", "3")
        XCTAssertEqual(bookmarked.status, 1)
        XCTAssertEqual(bookmarked.stderr, "Error: the library at \(directory) is read-only\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["library.sqlite"])
        var info = stat()
        stat(directory, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o500, "a read-only folder is not made writable by the privacy tightening")
    }
}
