import Foundation
import TestSupport
import XCTest

/// What a library's rows or a person's arguments can make ibook do to the
/// machine: a hash that names a path, text that drives a terminal, a query
/// that exhausts the engine, a password on the command line. Each is
/// refused in one line, and nothing outside ibook's own files changes.
final class HostileLibraryTests: XCTestCase {
    /// Every file and folder under `root` with its mode, for a before/after comparison.
    private func modes(under root: URL) -> [String: mode_t] {
        var found: [String: mode_t] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return found }
        for case let name as String in walker {
            var info = stat()
            if lstat(root.appendingPathComponent(name).path, &info) == 0 { found[name] = info.st_mode & 0o7777 }
        }
        return found
    }

    /// A tree of someone's own files, readable by others, as they keep it.
    private func victimTree(in root: URL) throws -> URL {
        let victim = root.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["a.txt", "sub/b.txt"] {
            try "mine\n".write(to: victim.appendingPathComponent(name), atomically: false, encoding: .utf8)
            chmod(victim.appendingPathComponent(name).path, 0o644)
        }
        chmod(victim.path, 0o755)
        chmod(victim.appendingPathComponent("sub").path, 0o755)
        return victim
    }

    func testAHashThatNamesAPathIsRefusedAndNothingOutsideTheCacheChanges() throws {
        let library = try TestLibrary("hostile-hash")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let victim = try victimTree(in: library.root)
        let before = modes(under: victim)
        // From the thumbnail folder (cache/ibook/thumbnails) to the victim's folder.
        try library.sql("UPDATE books SET sha256 = '../../../victim/x'")
        let info = try library.ibook("info", "1")
        XCTAssertEqual(info.status, 0, "the rest of the book is shown: \(info.stderr)")
        XCTAssertFalse(info.stdout.contains(".png"), "no thumbnail shown: \(info.stdout)")
        let thumbnail = try library.ibook("thumbnail", "1")
        XCTAssertEqual(thumbnail.status, 1)
        XCTAssertEqual(thumbnail.stderr,
                       "Error: the library holds a book whose content hash is not a SHA-256 digest (../../../victim/x)\n")
        XCTAssertEqual(modes(under: victim), before, "no mode changed, no file written beside the victim's")
    }

    func testAHashThatNamesAPathChangesNothingOfANormalUser() throws {
        let library = try TestLibrary("hostile-user")
        let nobody = try Run.process("/usr/bin/id", ["-u", "nobody"])
        try XCTSkipUnless(getuid() == 0 && nobody.status == 0, "needs root, to run ibook as nobody")
        let uid = String(nobody.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        // The person's home: their library and cache, and files of their own beside them.
        let victim = try victimTree(in: library.root)
        XCTAssertEqual(try Run.process("/bin/chown", ["-R", "nobody:nogroup", library.root.path]).status, 0)
        chmod(library.root.path, 0o755)
        let book = library.root.appendingPathComponent("lighthouses.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("lighthouses.pdf"), toPath: book.path)
        chmod(book.path, 0o644)
        func asNobody(_ arguments: [String]) throws -> Run.Result {
            var environment = library.environment
            environment["HOME"] = library.root.path
            return try Run.process("/usr/bin/setpriv", ["--reuid=\(uid)", "--regid=nogroup", "--clear-groups", Run.ibookPath] + arguments,
                                   environment: environment)
        }
        let added = try asNobody(["add", book.path])
        XCTAssertEqual(added.status, 0, added.stderr)
        let before = modes(under: library.root)
        try library.sql("UPDATE books SET sha256 = '../../../victim/x'")
        XCTAssertEqual(try asNobody(["info", "1"]).status, 0)
        XCTAssertEqual(try asNobody(["thumbnail", "1"]).status, 1)
        XCTAssertEqual(modes(under: library.root).filter { !$0.key.hasPrefix("library/") && !$0.key.hasPrefix("cache/") },
                       before.filter { !$0.key.hasPrefix("library/") && !$0.key.hasPrefix("cache/") },
                       "none of the person's own files changed")
        XCTAssertEqual(modes(under: victim)["a.txt"], 0o644)
    }

    func testALibraryKeptAmongOnesOwnFilesLeavesThemAsTheyWere() throws {
        let library = try TestLibrary("hostile-folder")
        let documents = try victimTree(in: library.root)
        var environment = library.environment
        environment["IBOOK_LIBRARY"] = documents.path
        environment["XDG_CACHE_HOME"] = documents.appendingPathComponent("sub").path
        let before = modes(under: documents)
        let added = try Run.process(Run.ibookPath, ["add", Fixtures.sampleBook("lighthouses.pdf")], environment: environment)
        XCTAssertEqual(added.status, 0, added.stderr)
        let after = modes(under: documents)
        for (name, mode) in before { XCTAssertEqual(after[name], mode, name) }
        XCTAssertEqual(after["library.sqlite"], 0o600, "the library's own file is private")
        XCTAssertEqual(after["sub/ibook"], 0o700, "the cache folder ibook made is private")
        // A database made readable by others is tightened; the folder, which is not ibook's alone, is not.
        chmod(documents.appendingPathComponent("library.sqlite").path, 0o644)
        let listed = try Run.process(Run.ibookPath, ["list"], environment: environment)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(modes(under: documents)["library.sqlite"], 0o600)
        XCTAssertEqual(modes(under: documents)["a.txt"], 0o644)
        var folder = stat()
        XCTAssertEqual(stat(documents.path, &folder), 0)
        XCTAssertEqual(folder.st_mode & 0o777, 0o755)
    }

    func testASymbolicLinkInPlaceOfTheCacheIsNotFollowed() throws {
        let library = try TestLibrary("hostile-link")
        let victim = try victimTree(in: library.root)
        try FileManager.default.createDirectory(at: library.cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: library.cache.appendingPathComponent("ibook").path,
                                                   withDestinationPath: victim.path)
        let before = modes(under: victim)
        _ = try library.ibook("list")
        let after = modes(under: victim)
        for (name, mode) in before { XCTAssertEqual(after[name], mode, name) }
    }

    func testControlCharactersNeverReachTheTerminal() throws {
        let library = try TestLibrary("hostile-text")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let edited = try library.ibook("edit", "1", "--title", "\u{1B}]0;pwned\u{07}\u{1B}[31mRed\u{9B}2J title",
                                       "--author", "A\u{1B}[2Jn Author")
        XCTAssertEqual(edited.status, 0, edited.stderr)
        XCTAssertEqual(try library.sql("SELECT title || '|' || author FROM books"), "]0;pwned[31mRed2J title|A[2Jn Author",
                       "stored without the control characters")
        // Written past ibook, as another program (or a shared library's editor with psql) can.
        try library.sql("UPDATE books SET title = 'Bad' || char(27) || ']0;x' || char(7) || char(10) || 'line', subject = char(27) || '[2J'")
        try library.sql("UPDATE outline SET title = char(27) || '[31mRed'")
        for command in [["list"], ["info", "1"], ["toc", "--book", "1"], ["list", "--json"], ["search", "--all", "lighthouse"]] {
            let result = try library.ibook(command)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertFalse(result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) },
                           "\(command): \(result.stdout.debugDescription)")
        }
        XCTAssertTrue(try library.ibook("list").stdout.contains("Bad]0;x line"))
    }

    func testARowMissingAValueIbookAlwaysWritesIsAnErrorNotAZero() throws {
        let library = try TestLibrary("hostile-row")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        // Written past ibook: SQLite keeps text in an integer column as it is given.
        try library.sql("UPDATE books SET page_count = 'many'")
        for command in [["list"], ["info", "1"], ["read", "--book", "1", "2"]] {
            let result = try library.ibook(command)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stdout)")
            XCTAssertEqual(result.stderr, "Error: a row of the library has no value for page_count, which ibook always writes: it was changed outside ibook\n",
                           "\(command)")
        }
    }

    func testAPageRowWithoutItsNumberIsAnErrorNamingTheColumn() throws {
        let library = try TestLibrary("hostile-page-row")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        XCTAssertEqual(try library.ibook("search", "lighthouse").status, 0)
        try library.sql("UPDATE pages SET page = 'p' || page")
        // `info` reads the pages by name, `search` in place by position: both name the column.
        for command in [["info", "1"], ["search", "lighthouse"]] {
            let result = try library.ibook(command)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stdout)")
            XCTAssertEqual(result.stderr, "Error: a row of the library has no value for page, which ibook always writes: it was changed outside ibook\n",
                           "\(command)")
        }
    }

    func testBytesThatAreNotUTF8AreNeverStoredAsText() throws {
        let library = try TestLibrary("hostile-bytes")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let edited = try Run.process("/bin/bash", ["-c", "'\(Run.ibookPath)' edit 1 --title $'Caf\\xe9 \\xff'"],
                                     environment: library.environment)
        XCTAssertEqual(edited.status, 64, edited.stderr)
        XCTAssertTrue(edited.stderr.hasPrefix("Error: --title: the text is not valid UTF-8\n"), edited.stderr)
        XCTAssertEqual(try library.sql("SELECT title_source FROM books"), "metadata", "nothing stored")
    }

    func testCommandsRunWhereProcCannotBeRead() throws {
        let library = try TestLibrary("no-proc")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        // A mount namespace of the test's own, /proc hidden under an empty tmpfs, as a locked-down sandbox has it.
        let probe = try Run.process("/usr/bin/unshare", ["-m", "sh", "-c", "mount -t tmpfs none /proc && test ! -e /proc/self"])
        try XCTSkipUnless(probe.status == 0, "needs unshare and mount (root): \(probe.stderr)")
        let script = "mount -t tmpfs none /proc && '\(Run.ibookPath)' list && '\(Run.ibookPath)' search --all keeper --limit 1 && '\(Run.ibookPath)' toc --book 1"
        let result = try Run.process("/usr/bin/unshare", ["-m", "sh", "-c", script], environment: library.environment)
        XCTAssertEqual(result.status, 0, "no SIGILL: \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("A Field Guide to Lighthouses"), result.stdout)
        XCTAssertTrue(result.stdout.contains("[Keepers]"), "the arguments were read: \(result.stdout)")
        XCTAssertTrue(result.stdout.contains("Part I. Coastal Sentinels"), "ibook-full was found: \(result.stdout)")
    }

    func testOversizedQueriesAreRefusedInOneLine() throws {
        let library = try TestLibrary("hostile-query")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let manyTerms = Array(repeating: "x", count: 2_000).joined(separator: " OR ")
        let listed = try library.ibook("list", manyTerms)
        XCTAssertEqual(listed.status, 64)
        XCTAssertEqual(listed.stderrLines.count, 1, listed.stderr)
        XCTAssertTrue(listed.stderr.contains("at most 4096 are read"), listed.stderr)
        XCTAssertLessThan(listed.stderr.utf8.count, 300)

        let terms = Array(repeating: "x", count: 65).joined(separator: " OR ")
        let tooMany = try library.ibook("list", terms)
        XCTAssertEqual(tooMany.status, 64)
        XCTAssertTrue(tooMany.stderr.contains("65 terms; at most 64"), tooMany.stderr)
        let deep = try library.ibook("list", String(repeating: "(", count: 17) + "x" + String(repeating: ")", count: 17))
        XCTAssertEqual(deep.status, 64)
        XCTAssertTrue(deep.stderr.contains("nested more than 16 deep"), deep.stderr)
        let longWord = try library.ibook("list", String(repeating: "w", count: 300))
        XCTAssertEqual(longWord.status, 64)
        XCTAssertTrue(longWord.stderr.contains("a term of 300 bytes; at most 256"), longWord.stderr)
        XCTAssertEqual(try library.ibook("list", Array(repeating: "x", count: 64).joined(separator: " OR ")).status, 0,
                       "up to the bound a query runs")

        let hugeWord = try library.ibook("search", "--all", String(repeating: "a", count: 100_000))
        XCTAssertEqual(hugeWord.status, 1)
        XCTAssertEqual(hugeWord.stderr, "Error: the search text is 100000 bytes long; at most 1024 are looked for\n")
        let longPhrase = try library.ibook("search", "--all", Array(repeating: "the", count: 200).joined(separator: " "))
        XCTAssertEqual(longPhrase.stderr, "Error: the search text has 200 words; at most 32 are looked for at once\n")
        XCTAssertEqual(try library.ibook("search", "--all", "lighthouse keepers").status, 0)
    }

    func testAPasswordOnTheCommandLineIsRefusedAndNeverShown() throws {
        let library = try TestLibrary("hostile-password")
        for arguments in [["--library", "postgresql://ann:s3cret@localhost/books", "list"],
                          ["--library=postgresql://ann@localhost/books?password=s3cret", "list"],
                          ["migrate", "--from", "postgres://ann:s3cret@h1:5432,h2:5433/books"],
                          ["server", "init", "postgresql://localhost/books?sslmode=disable&pass%77ord=s3cret"]] {
            let result = try library.ibook(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("~/.pgpass"), result.stderr)
            XCTAssertFalse(result.stderr.contains("s3cret"), result.stderr)
        }
        // In $IBOOK_LIBRARY, private to its user, a password is used and never printed.
        var environment = library.environment
        environment["IBOOK_LIBRARY"] = "postgresql://ann:s3cret@127.0.0.1:1,127.0.0.1:2/books?password=s3cret&connect_timeout=2"
        let unreachable = try Run.process(Run.ibookPath, ["list"], environment: environment)
        XCTAssertEqual(unreachable.status, 1)
        XCTAssertFalse(unreachable.stderr.contains("s3cret"), unreachable.stderr)
    }
}
