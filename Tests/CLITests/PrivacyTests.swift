import Foundation
import TestSupport
import XCTest

/// The library and the cache hold page text and covers of every book,
/// password-protected ones too: they are private to their owner.
final class PrivacyTests: XCTestCase {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0, path)
        return info.st_mode & 0o777
    }

    func testANewLibraryAndItsCacheArePrivateWhateverTheUmask() throws {
        let library = try TestLibrary("privacy")
        let old = umask(0o022)
        defer { umask(old) }
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertFalse(added.stderr.contains("private"), "nothing to say about a new library")
        XCTAssertEqual(mode(library.directory.path), 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: library.directory.path) where name.hasPrefix("library.sqlite") {
            XCTAssertEqual(mode(library.directory.appendingPathComponent(name).path), 0o600, name)
        }
        let cache = library.cache.appendingPathComponent("ibook")
        XCTAssertEqual(mode(cache.path), 0o700)
        let thumbnail = try library.ibook("thumbnail", "--page", "2")
        XCTAssertEqual(thumbnail.status, 0, thumbnail.stderr)
        XCTAssertEqual(mode(thumbnail.stdout.trimmingCharacters(in: .newlines)), 0o600)
    }

    func testAnOpenLibraryIsTightenedOnceWithANotice() throws {
        let library = try TestLibrary("privacy")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        chmod(library.directory.path, 0o755)
        let database = library.directory.appendingPathComponent("library.sqlite").path
        chmod(database, 0o644)
        let listed = try library.ibook("list")
        XCTAssertEqual(listed.status, 0)
        XCTAssertEqual(listed.stderrLines.count, 1, listed.stderr)
        XCTAssertTrue(listed.stderr.contains("\(library.directory.path): made private to you"), listed.stderr)
        XCTAssertTrue(listed.stdout.contains("Café"), "the command still does its work")
        XCTAssertEqual(mode(library.directory.path), 0o700)
        XCTAssertEqual(mode(database), 0o600)
        XCTAssertEqual(try library.ibook("list").stderr, "", "said once")
    }
}

/// A password need not be typed where `ps` and the shell's history keep it.
final class PasswordSourceTests: XCTestCase {
    func testPasswordFileEnvironmentAndPrompt() throws {
        let library = try TestLibrary("password")
        let locked = try BadFiles.encrypted(Fixtures.sampleBook("cafe-culture.pdf"), userPassword: "s3cret",
                                            in: library.root, name: "locked.pdf")
        let file = library.root.appendingPathComponent("password.txt")
        try "s3cret\n".write(to: file, atomically: true, encoding: .utf8)
        let added = try library.ibook("add", "--password-file", file.path, locked.path)
        XCTAssertEqual(added.status, 0, added.stderr)

        var environment = library.environment
        environment["IBOOK_PASSWORD"] = "s3cret"
        let shown = try Run.process(Run.ibookPath, ["show", locked.path, "2", "--width", "20"], environment: environment)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.dropFirst().hasPrefix("PNG"), "a PNG")
        // The lean binary's thumbnail reads $IBOOK_PASSWORD too (one getenv, no copy of the environment).
        let thumbnail = try Run.process(Run.ibookPath, ["thumbnail", locked.path, "--page", "2", "--size", "64"], environment: environment)
        XCTAssertEqual(thumbnail.status, 0, thumbnail.stderr)
        XCTAssertTrue(thumbnail.stdout.hasSuffix("-p2-64.png\n"), thumbnail.stdout)
        environment["IBOOK_PASSWORD"] = "wrong"
        let wrong = try Run.process(Run.ibookPath, ["show", locked.path, "2", "--width", "20"], environment: environment)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("wrong password"), wrong.stderr)
        let wrongThumbnail = try Run.process(Run.ibookPath, ["thumbnail", locked.path, "--page", "3", "--size", "64"], environment: environment)
        XCTAssertEqual(wrongThumbnail.status, 1)
        XCTAssertTrue(wrongThumbnail.stderr.contains("wrong password"), wrongThumbnail.stderr)

        let both = try library.ibook("show", locked.path, "--password", "x", "--password-file", file.path)
        XCTAssertEqual(both.status, 64)
        let missing = try library.ibook("show", locked.path, "--password-file", "/nonexistent/pw")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "Error: /nonexistent/pw: cannot read the password file\n")

        // Asked on the terminal, not echoed.
        let output = library.root.appendingPathComponent("page.png").path
        let session = try TmuxSession("'\(Run.ibookPath)' show '\(locked.path)' 2 --password - -o '\(output)'; echo \"exit=$?\"; sleep 30",
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { $0.contains("Password:") }, session.screen())
        try session.sendLiteral("s3cret")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { $0.contains("exit=0") }, session.screen())
        XCTAssertEqual(try PNGDecoder.decode(file: output).width, 1000, "100 columns of 10 pixels")
        XCTAssertFalse(session.screen().contains("s3cret"), "the password is not echoed")
    }
}
