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
