import Foundation
import TestSupport
import XCTest

/// `list QUERY`, `search --in`, `export catalog --in`, saved searches and listings that fit, through the binary.
final class QueryCommandTests: XCTestCase {
    struct Listed: Decodable {
        var id: Int
        var title: String
        var tags: [String]
        var collections: [String]
    }

    private var library: TestLibrary!
    private var ids: [String: String] = [:]

    override func setUpWithError() throws {
        library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBooks.path).status, 0)
        for book in try library.json([Listed].self, "list", "--json") { ids[book.title] = String(book.id) }
        let lights = try id("A Field Guide to Lighthouses"), atlas = try id("Atlas of Coastlines")
        let history = try id("A Long History of Everything"), cafe = try id("Résumé of Café Culture")
        XCTAssertEqual(try library.ibook("tag", lights, atlas, "+science/optics", "+geography").status, 0)
        XCTAssertEqual(try library.ibook("tag", history, "+history", "+todo").status, 0)
        XCTAssertEqual(try library.ibook("edit", lights, "--year", "1998", "--rating", "5").status, 0)
        XCTAssertEqual(try library.ibook("edit", atlas, "--year", "2011", "--rating", "3").status, 0)
        XCTAssertEqual(try library.ibook("bookmark", "5", "--book", cafe).status, 0)
        XCTAssertEqual(try library.ibook("read", "2", "--book", cafe).status, 0)
        XCTAssertEqual(try library.ibook("collection", "create", "Reading list").status, 0)
        XCTAssertEqual(try library.ibook("collection", "add", "Reading list", history, lights).status, 0)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func id(_ title: String) throws -> String { try XCTUnwrap(ids[title], title) }

    private func titles(_ query: String...) throws -> [String] {
        let result = try library.ibook(["list", "--json"] + query)
        guard result.status == 0 else { throw RunError.failed(result.stderr) }
        return try JSONDecoder().decode([Listed].self, from: Data(result.stdout.utf8)).map(\.title).sorted()
    }

    func testQueriesSelectBooks() throws {
        XCTAssertEqual(try titles("tag:science"), ["A Field Guide to Lighthouses", "Atlas of Coastlines"])
        XCTAssertEqual(try titles("tag:science/optics", "year:>2000"), ["Atlas of Coastlines"])
        XCTAssertEqual(try titles("rating:>=4"), ["A Field Guide to Lighthouses"])
        XCTAssertEqual(try titles("year:1990..2000"), ["A Field Guide to Lighthouses"])
        XCTAssertEqual(try titles("collection:Reading list"), ["A Field Guide to Lighthouses", "A Long History of Everything"])
        XCTAssertEqual(try titles("has:bookmarks"), ["Résumé of Café Culture"])
        XCTAssertEqual(try titles("tag:history", "OR", "tag:geography", "pages:<100"), ["A Field Guide to Lighthouses", "Atlas of Coastlines"])
        XCTAssertEqual(try titles("-has:tags", "-has:bookmarks", "pages:<11"), ["untitled-notes", "東京の四季", "红楼梦（节选）"].sorted())
        XCTAssertEqual(try titles("author:hale"), ["A Field Guide to Lighthouses"])
        // Folded as search folds: case beyond ASCII, accents, width.
        XCTAssertEqual(try titles("title:RÉSUMÉ"), ["Résumé of Café Culture"])
        XCTAssertEqual(try titles("cafe"), ["Résumé of Café Culture"])
        XCTAssertEqual(try titles("title:ＣＡＦÉ"), ["Résumé of Café Culture"])
        XCTAssertEqual(try titles("title:東京"), ["東京の四季"])
        XCTAssertEqual(try titles("title:100%"), [], "no pattern characters")
        XCTAssertEqual(try titles("lighthouses"), ["A Field Guide to Lighthouses"])
        XCTAssertEqual(try titles("\"field guide\""), ["A Field Guide to Lighthouses"])
        let sampleBooks = try Fixtures.expected.books.count
        XCTAssertEqual(try titles("added:<1d").count, sampleBooks)
        XCTAssertEqual(try titles("added:>1d"), [])
        XCTAssertEqual(try titles("read:no").count, sampleBooks - 1, "one book was read")
        XCTAssertEqual(try titles("read:yes"), ["Résumé of Café Culture"])
        // Values are bound, never spliced into the SQL.
        XCTAssertEqual(try titles("title:'; DROP TABLE books; --"), [])
        XCTAssertEqual(try titles().count, sampleBooks)
    }

    func testAMalformedQueryIsOneLineAndExit64() throws {
        for (query, line) in [
            ("year:>abc", "Error: bad query term 'year:>abc': 'abc' is not a number"),
            ("colour:red", "Error: bad query term 'colour:red': unknown field 'colour'"),
            ("(tag:a", "Error: bad query term '(': a '(' without its ')'"),
        ] {
            for command in [["list", query], ["search", "lens", "--in", query], ["export", "catalog", "--in", query]] {
                let result = try library.ibook(command)
                XCTAssertEqual(result.status, 64, "\(command)")
                XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
                XCTAssertTrue(result.stderr.hasPrefix(line), result.stderr)
                XCTAssertEqual(result.stdout, "")
            }
        }
    }

    func testSavedSearches() throws {
        let saved = try library.ibook("list", "--save", "optics", "tag:science/optics", "rating:>=4")
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertEqual(saved.stderr, "Saved as saved:optics\n")
        XCTAssertEqual(try titles("saved:optics"), ["A Field Guide to Lighthouses"])
        XCTAssertEqual(try titles("saved:optics", "OR", "tag:history"), ["A Field Guide to Lighthouses", "A Long History of Everything"])
        XCTAssertEqual(try library.ibook("list", "--saved").stdoutLines, ["NAME          QUERY", "saved:optics  tag:science/optics rating:>=4"])
        XCTAssertEqual(try library.ibook("list", "--save", "loop", "saved:loop").status, 64)
        XCTAssertEqual(try library.ibook("list", "--saved").stdoutLines.count, 2, "a search naming itself is not kept")
        XCTAssertEqual(try library.ibook("list", "--forget", "optics").status, 0)
        XCTAssertEqual(try library.ibook("list", "saved:optics").stderrLines,
                       ["Error: no saved search named 'optics' (save one with 'ibook list --save NAME QUERY')"])
    }

    func testSearchAndExportFollowTheQuery() throws {
        let all = try library.ibook("search", "the", "--all")
        let some = try library.ibook("search", "the", "--in", "tag:science")
        XCTAssertEqual(some.status, 0, some.stderr)
        let headings = some.stdoutLines.filter { $0.hasPrefix("#") }
        XCTAssertEqual(Set(headings), ["#\(try id("A Field Guide to Lighthouses")) A Field Guide to Lighthouses",
                                       "#\(try id("Atlas of Coastlines")) Atlas of Coastlines"])
        XCTAssertGreaterThan(all.stdoutLines.filter { $0.hasPrefix("#") }.count, headings.count)
        XCTAssertTrue(some.stderr.hasSuffix("in 2 books\n"), some.stderr)

        let csv = library.root.appendingPathComponent("catalog.csv").path
        let export = try library.ibook("export", "catalog", "--in", "tag:science OR tag:history", "--format", "csv", "-o", csv)
        XCTAssertEqual(export.status, 0, export.stderr)
        let lines = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(lines.first, "title,author,tags,collections,pages,added,last_read")
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines.contains { $0.hasPrefix("A Field Guide to Lighthouses,Margaret Hale,\"geography, science/optics\",Reading list,40,") }, lines.joined(separator: "\n"))
    }

    func testOnAPipeNothingIsCutAndColumnsAndSortAreChosen() throws {
        let lights = try id("A Field Guide to Lighthouses")
        let authors = ["Margaret Hale", "Ivo Marsh", "Zoë Ångström", "Anonymous Scribe", "Jane Roe-Richardson", "Bartholomew Featherstonehaugh"]
        XCTAssertEqual(try library.ibook(["edit", lights] + authors.flatMap { ["--author", $0] }).status, 0)
        let piped = try library.ibook("list")
        XCTAssertTrue(piped.stdout.contains(authors.joined(separator: ", ")), piped.stdout)
        XCTAssertFalse(piped.stdout.contains("…"))

        let chosen = try library.ibook("list", "--columns", "title,year,rating", "--sort", "year", "--reverse", "has:rating")
        XCTAssertEqual(chosen.stdoutLines, ["TITLE                         YEAR  RATING",
                                            "Atlas of Coastlines           2011  ★★★☆☆",
                                            "A Field Guide to Lighthouses  1998  ★★★★★"])
        let tsv = try library.ibook("list", "--tsv", "--columns", "id,title,tags", "--sort", "title", "tag:geography")
        XCTAssertEqual(tsv.stdoutLines, ["ID\tTITLE\tTAGS", "\(lights)\tA Field Guide to Lighthouses\tgeography, science/optics",
                                         "\(try id("Atlas of Coastlines"))\tAtlas of Coastlines\tgeography, science/optics"])
        let bad = try library.ibook("list", "--columns", "title,colour")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("Unknown column 'colour'"), bad.stderr)
        XCTAssertEqual(try library.ibook("list", "--sort", "colour").status, 64)
    }

    func testOnATerminalTheTableFitsAndTheTitleKeepsAThird() throws {
        let lights = try id("A Field Guide to Lighthouses")
        let authors = ["Margaret Hale", "Ivo Marsh", "Zoë Ångström", "Anonymous Scribe", "Jane Roe-Richardson", "Bartholomew Featherstonehaugh"]
        XCTAssertEqual(try library.ibook(["edit", lights, "--title", "A Field Guide to the Lighthouses of the Northern and Western Coasts"]
                                          + authors.flatMap { ["--author", $0] }).status, 0)
        for columns in [60, 80, 120] {
            let terminal = try PseudoTerminal(Run.ibookPath, ["list", "--columns", "id,title,author,tags,pages"],
                                              environment: library.environment, columns: columns, rows: 40)
            XCTAssertEqual(terminal.waitForExit(timeout: 20), 0)
            let lines = String(decoding: terminal.read(), as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            XCTAssertEqual(lines.count, try Fixtures.expected.books.count + 1, lines.joined(separator: "\n"))
            for line in lines { XCTAssertLessThanOrEqual(Self.cells(line), columns, "\(columns): \(line)") }
            let header = try XCTUnwrap(lines.first)
            let titleStart = try XCTUnwrap(header.range(of: "TITLE")).lowerBound
            let authorStart = try XCTUnwrap(header.range(of: "AUTHOR"), lines.joined(separator: "\n")).lowerBound
            XCTAssertGreaterThanOrEqual(header.distance(from: titleStart, to: authorStart) - 2, columns / 3, "\(columns)")
            let row = try XCTUnwrap(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(lights + " ") })
            XCTAssertTrue(row.contains("…"), "the six-author byline is cut at \(columns): \(row)")
            // The CJK title keeps its cells: the columns after it line up.
            let cjk = try XCTUnwrap(lines.first { $0.contains("東京") })
            XCTAssertEqual(Self.cells(String(cjk[..<cjk.range(of: "山")!.lowerBound])),
                           Self.cells(String(header[..<authorStart])), "\(columns)")
        }
    }

    /// Terminal cells: East Asian wide characters take two.
    static func cells(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            let wide = (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value)
            return sum + (scalar.properties.generalCategory == .nonspacingMark ? 0 : wide ? 2 : 1)
        }
    }
}
