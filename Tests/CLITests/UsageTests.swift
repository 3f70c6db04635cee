import Foundation
import TestSupport
import XCTest

/// Help, version, usage errors and exit codes, as swift-argument-parser users expect.
final class UsageTests: XCTestCase {
    func testHelpIsTheSameThreeWaysAndGeneratedFromTheDefinitions() throws {
        let library = try TestLibrary()
        let viaHelp = try library.ibook("help", "add")
        let viaFlag = try library.ibook("add", "--help")
        let viaShort = try library.ibook("add", "-h")
        XCTAssertEqual(viaHelp.status, 0)
        XCTAssertEqual(viaHelp.stdout, viaFlag.stdout)
        XCTAssertEqual(viaHelp.stdout, viaShort.stdout)
        for section in ["OVERVIEW:", "USAGE: ibook add", "ARGUMENTS:", "OPTIONS:", "--password <password>", "--library <dir>"] {
            XCTAssertTrue(viaHelp.stdout.contains(section), "missing \(section) in\n\(viaHelp.stdout)")
        }
        let top = try library.ibook("--help")
        XCTAssertTrue(top.stdout.contains("SUBCOMMANDS:") && top.stdout.contains("thumbnail"), top.stdout)
        XCTAssertEqual(try library.ibook("--version").stdout.hasPrefix("ibook "), true)
    }

    /// Help goes to ibook-full, which must know every command the lean ibook runs.
    func testEveryCommandInTheOverviewHasItsOwnHelp() throws {
        let library = try TestLibrary("every-help")
        let overview = try library.ibook("--help").stdout
        // A command's line starts two spaces in; its abstract's continuation lines start further in.
        let names = overview.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  See ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "help" } ?? []
        for name in ["add", "migrate", "server", "roots", "search", "notes"] {
            XCTAssertTrue(names.contains(name), "\(name) missing from the overview:\n\(overview)")
        }
        for name in names {
            let help = try library.ibook(name, "--help")
            XCTAssertEqual(help.status, 0, "\(name): \(help.stderr)")
            XCTAssertTrue(help.stdout.contains("USAGE: ibook \(name)"), "\(name): \(help.stdout)")
        }
    }

    /// Every command that takes a BOOK argument takes --book too, as toc, read and search do.
    func testBookOptionWorksWhereverABookArgumentDoes() throws {
        let library = try TestLibrary("book-option")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        let byArgument = try library.ibook("info", "cafe", "--json")
        let byOption = try library.ibook("info", "--book", "cafe", "--json")
        XCTAssertEqual(byOption.status, 0, byOption.stderr)
        XCTAssertEqual(byOption.stdout, byArgument.stdout)
        XCTAssertTrue(byOption.stdout.contains("cafe-culture.pdf"), byOption.stdout)
        XCTAssertEqual(try library.ibook("edit", "--book", "cafe", "--rating", "4").status, 0)
        XCTAssertTrue(try library.ibook("info", "cafe").stdout.contains("★★★★☆"))
        XCTAssertEqual(try library.ibook("notes", "--book", "lighthouses").status, 0)
        let missing = try library.ibook("info", "--book", "zeppelin")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("zeppelin"), missing.stderr)
        for arguments in [["info", "cafe", "--book", "lighthouses"], ["notes", "--all", "--book", "cafe"]] {
            let both = try library.ibook(arguments)
            XCTAssertEqual(both.status, 64, "\(arguments): \(both.stderr)")
        }
    }

    func testUsageErrorsExit64WithUsageAndAPointerToHelp() throws {
        let library = try TestLibrary()
        let unknown = try library.ibook("add", "--foo")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown option '--foo'\nUsage: ibook add"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("See 'ibook add --help'"), unknown.stderr)

        XCTAssertEqual(try library.ibook("add").status, 64)
        XCTAssertEqual(try library.ibook("list", "--sort", "colour").status, 64)
        XCTAssertEqual(try library.ibook("thumbnail", "--size", "huge").status, 64)
        let typo = try library.ibook("lsit")
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.contains("Did you mean 'list'?"), typo.stderr)
    }

    /// Asking for help with a command that does not exist is the unknown-command
    /// error, with its suggestion, as without --help; not the overview.
    func testHelpForAnUnknownCommandIsTheUnknownCommandError() throws {
        let library = try TestLibrary("unknown-help")
        for arguments in [["frobnicate", "--help"], ["frobnicate", "-h"], ["help", "frobnicate"], ["frobnicate"]] {
            let result = try library.ibook(arguments)
            XCTAssertEqual(result.status, 64, arguments.description)
            XCTAssertEqual(result.stdout, "", arguments.description)
            XCTAssertEqual(result.stderrLines.first, "Error: Unknown command 'frobnicate'", arguments.description)
        }
        let typo = try library.ibook("lsit", "--help")
        XCTAssertEqual(typo.status, 64)
        XCTAssertEqual(typo.stderrLines.first, "Error: Unknown command 'lsit'. Did you mean 'list'?")
        XCTAssertEqual(typo.stdout, "")
    }

    func testDoubleDashLetsAFileNamedLikeAnOptionBeAdded() throws {
        let library = try TestLibrary()
        let folder = try Fixtures.temporaryDirectory("dash")
        defer { Cleanup.remove(folder) }
        let awkward = folder.appendingPathComponent("--help.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("untitled-notes.pdf"), toPath: awkward.path)
        let result = try library.ibook(["add", "--", "--help.pdf"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Added #1 --help (3 pages)"), result.stdout)
    }

    func testEmptyLibraryAndDamagedLibraryGiveClearErrors() throws {
        let library = try TestLibrary()
        let empty = try library.ibook("info")
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("the library is empty"), empty.stderr)

        try FileManager.default.createDirectory(at: library.directory, withIntermediateDirectories: true)
        let file = library.directory.appendingPathComponent("library.sqlite")
        try Data("this is not a database at all, just text that is long enough to fill a header".utf8).write(to: file)
        let before = try Data(contentsOf: file)
        let damaged = try library.ibook("list")
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.stderr.contains("not an ibook library"), damaged.stderr)
        XCTAssertEqual(try Data(contentsOf: file), before, "never overwritten")
    }
}

/// `ibook` runs the library commands itself and hands the others to ibook-full.
final class LeanDispatchTests: XCTestCase {
    func testLibraryCommandsRunWithoutIbookFullAndTheOthersSayItIsMissing() throws {
        let library = try TestLibrary("lean")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("untitled-notes.pdf")).status, 0)
        let alone = library.root.appendingPathComponent("bin/ibook")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Run.ibookPath, toPath: alone.path)

        let listed = try Run.process(alone.path, ["list", "--json"], environment: library.environment)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("untitled-notes"))
        XCTAssertEqual(try Run.process(alone.path, ["search", "--book", "1", "scribbles"], environment: library.environment).status, 0)

        let add = try Run.process(alone.path, ["add", Fixtures.sampleBook("cafe-culture.pdf")], environment: library.environment)
        XCTAssertEqual(add.status, 1)
        XCTAssertTrue(add.stderr.hasPrefix("Error: ibook-full, which runs this command, is missing"), add.stderr)
        let help = try Run.process(alone.path, ["list", "--help"], environment: library.environment)
        XCTAssertEqual(help.status, 1, "help is generated by ibook-full, which knows every command")
        // The line is parsed with the commands' own definitions: a flag only ibook-full carries out
        // hands the line over wherever it stands, and a mistake on a library command's line is told here.
        for line in [["read", "--layout"], ["-v", "read", "1", "--layout"], ["edit", "--book=1", "--write"], ["notes", "--rescan"]] {
            let handed = try Run.process(alone.path, line, environment: library.environment)
            XCTAssertTrue(handed.stderr.hasPrefix("Error: ibook-full, which runs this command, is missing"), "\(line): \(handed.stderr)")
        }
        let mistake = try Run.process(alone.path, ["list", "--sort", "colour"], environment: library.environment)
        XCTAssertEqual(mistake.status, 64, mistake.stderr)
        XCTAssertTrue(mistake.stderr.hasPrefix("Error: Invalid value 'colour' for '--sort <column>'"), mistake.stderr)
        let page = try Run.process(alone.path, ["read", "--book", "1", "--", "--layout"], environment: library.environment)
        XCTAssertFalse(page.stderr.contains("ibook-full"), "after --, --layout is a page, which the lean ibook looks for: \(page.stderr)")
        let version = try Run.process(alone.path, ["--version"], environment: library.environment)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("ibook "), version.stdout)

        // Installed layout: bin/ibook finds libexec/ibook/ibook-full.
        let full = library.root.appendingPathComponent("libexec/ibook/ibook-full")
        try FileManager.default.createDirectory(at: full.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Run.ibookPath + "-full", toPath: full.path)
        let installed = try Run.process(alone.path, ["add", Fixtures.sampleBook("cafe-culture.pdf")], environment: library.environment)
        XCTAssertEqual(installed.status, 0, installed.stderr)
        XCTAssertTrue(installed.stdout.contains("Added #2"), installed.stdout)
    }
}

/// libpq is opened when a library on a PostgreSQL server is, not at start-up
/// (CPQ): the dynamic loader's own log says which libraries a run loaded.
final class LibpqLoadingTests: XCTestCase {
    func testALocalLibraryNeverLoadsLibpqAndAServerURLDoes() throws {
        let library = try TestLibrary("libpq")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("untitled-notes.pdf")).status, 0)
        func loaded(_ arguments: [String], into environment: [String: String]) throws -> (Run.Result, [String]) {
            let result = try Run.process(Run.ibookPath, arguments, environment: environment.merging(["LD_DEBUG": "files"]) { $1 },
                                         timeout: 60)
            let files = result.stderr.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "file=") else { return nil }
                return String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" })
            }
            return (result, files)
        }
        for arguments in [["list"], ["search", "--all", "scribbles"], ["thumbnail", "1", "--size", "64"]] {
            let (result, files) = try loaded(arguments, into: library.environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(files.contains("libc.so.6"), "the loader's log is read: \(files)")
            XCTAssertFalse(files.contains { $0.hasPrefix("libpq") }, "\(arguments): \(files)")
        }
        // Nothing listens on port 1: libpq is loaded, tries, and its refusal is the message.
        let (refused, files) = try loaded(["--library", "postgresql://nobody@127.0.0.1:1/none", "list"], into: library.environment)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(files.contains("libpq.so.5"), "\(files)")
        XCTAssertTrue(refused.stderr.split(separator: "\n").contains { $0.hasPrefix("Error:") && $0.contains("127.0.0.1") },
                      refused.stderr)
    }
}

/// The real binary's man page covers every command it has.
final class ManPageCommandTests: XCTestCase {
    func testTheManPageListsEveryCommand() throws {
        let library = try TestLibrary("man")
        let page = try library.ibook("manpage")
        XCTAssertEqual(page.status, 0, page.stderr)
        let help = try library.ibook("--help").stdout
        // The SUBCOMMANDS section of the overview: "  name   abstract" lines.
        let names = help.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n")
            .compactMap { line -> String? in
                guard line.hasPrefix("  "), line.dropFirst(2).first?.isLetter == true else { return nil }
                return line.split(separator: " ").first.map(String.init)
            } ?? []
        XCTAssertGreaterThan(names.count, 20)
        for name in names where name != "help" && name != "See" {
            XCTAssertTrue(page.stdout.contains(".SS \"ibook \(name)"), name)
        }
        for section in ["EXIT STATUS", "ENVIRONMENT", "FILES"] { XCTAssertTrue(page.stdout.contains(".SH \(section)"), section) }
        XCTAssertTrue(page.stdout.contains("IBOOK_PASSWORD"))
    }

    /// What `make install` puts in share/man/man1, read as man reads it.
    func testManReadsTheRealPageWithoutWarnings() throws {
        let library = try TestLibrary("man-l")
        let page = try library.ibook("manpage")
        let file = library.root.appendingPathComponent("ibook.1")
        try page.stdout.write(to: file, atomically: true, encoding: .utf8)
        let shown = try Run.process("/usr/bin/man", ["--warnings", "-l", file.path],
                                    environment: ["MANPAGER": "cat", "MANWIDTH": "100", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stderr, "", "groff's warnings")
        XCTAssertTrue(shown.stdout.contains("--preview <page>"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("EXIT STATUS"), shown.stdout)
    }
}
