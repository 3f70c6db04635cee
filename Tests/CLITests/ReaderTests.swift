import Foundation
import TestSupport
import XCTest

/// The reader commands on the SampleBooks: toc, read, search, bookmarks, history.
final class ReaderTests: XCTestCase {
    var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("reader")
        let added = try library.ibook("add", Fixtures.sampleBooks.path)
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    struct Entry: Decodable { var title: String; var depth: Int; var page: Int?; var label: String?; var children: [Entry] }
    struct Page: Decodable { var page: Int; var label: String?; var text: String; var hasText: Bool; var pageCount: Int }
    struct Hit: Decodable {
        struct Snippet: Decodable { var before: String; var match: String; var after: String }
        var bookID: Int; var bookTitle: String; var page: Int; var label: String?; var snippet: Snippet
    }
    struct Mark: Decodable { var page: Int; var label: String?; var note: String? }
    struct Read: Decodable { struct B: Decodable { var title: String }; var book: B; var page: Int; var label: String? }

    private func hits(_ arguments: String...) throws -> [Hit] {
        let result = try library.ibook(["search", "--json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let decoder = JSONDecoder()
        return try result.stdoutLines.map { try decoder.decode(Hit.self, from: Data($0.utf8)) }
    }

    func testTocMatchesTheOutlineTheGeneratorWrote() throws {
        XCTAssertEqual(try library.ibook("open", "lighthouses").status, 0)
        let want = try XCTUnwrap(try Fixtures.expected.book("lighthouses.pdf"))
        let toc = try library.ibook("toc")
        XCTAssertEqual(toc.status, 0)
        XCTAssertEqual(toc.stdoutLines.count, want.outline.count)
        for (line, entry) in zip(toc.stdoutLines, want.outline) {
            XCTAssertTrue(line.hasPrefix(String(repeating: "  ", count: entry.depth) + entry.title + "  p. "), line)
            let label = want.labels?[entry.page - 1] ?? ""
            XCTAssertTrue(line.hasSuffix(label == String(entry.page) ? "\(entry.page)" : "\(entry.page) (\(label))"), line)
        }
        let shallow = try library.ibook("toc", "--depth", "1")
        XCTAssertEqual(shallow.stdoutLines.count, want.outline.filter { $0.depth == 0 }.count)

        let tree = try JSONDecoder().decode([Entry].self, from: Data(try library.ibook("toc", "--json").stdout.utf8))
        func flatten(_ entries: [Entry]) -> [Entry] { entries.flatMap { [$0] + flatten($0.children) } }
        XCTAssertEqual(flatten(tree).map(\.title), want.outline.map(\.title))
        XCTAssertEqual(flatten(tree).map(\.depth), want.outline.map(\.depth))
        XCTAssertEqual(flatten(tree).map(\.page), want.outline.map(\.page))

        let none = try library.ibook("toc", "--book", "untitled-notes")
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.stdout, "untitled-notes has no table of contents.\n")
    }

    func testReadByNumberLabelNextAndPrevious() throws {
        XCTAssertEqual(try library.ibook("open", "lighthouses").status, 0)
        let first = try library.json(Page.self, "read", "--json")
        XCTAssertEqual(first.page, 1, "nothing read yet: the first page")
        XCTAssertEqual(first.label, "i")

        let byLabel = try library.json(Page.self, "read", "iv", "--json")
        XCTAssertEqual(byLabel.page, 4)
        let byNumber = try library.json(Page.self, "read", "1", "--json")
        XCTAssertEqual(byNumber.page, 1, "a plain number is the physical page")
        let numericLabel = try library.json(Page.self, "read", "--label", "1", "--json")
        XCTAssertEqual(numericLabel.page, 5, "label 1 follows the roman front matter")
        XCTAssertEqual(numericLabel.label, "1")

        let next = try library.json(Page.self, "read", "next", "--json")
        XCTAssertEqual(next.page, 6)
        let previous = try library.json(Page.self, "read", "prev", "--json")
        XCTAssertEqual(previous.page, 5)
        let resumed = try library.json(Page.self, "read", "--json")
        XCTAssertEqual(resumed.page, 5, "with no page, where you stopped")

        let probe = try XCTUnwrap(try Fixtures.expected.book("lighthouses.pdf")?.probes.first { $0.text == "zephyrine" })
        let page = try library.ibook("read", String(probe.pages[0]))
        XCTAssertTrue(page.stdout.hasPrefix("A Field Guide to Lighthouses — page \(probe.pages[0]) of 40 (label \(probe.pages[0] - 4))\n"), page.stdout)
        XCTAssertTrue(page.stdout.contains("zephyrine"))

        let layout = try library.ibook("read", "22", "--layout")
        XCTAssertEqual(layout.status, 0, layout.stderr)
        XCTAssertGreaterThan(layout.stdoutLines.filter { $0.contains("     ") && $0.count > 60 }.count, 5, layout.stdout)

        XCTAssertEqual(try library.ibook("read", "40").status, 0)
        let pastEnd = try library.ibook("read", "next")
        XCTAssertEqual(pastEnd.status, 1)
        XCTAssertTrue(pastEnd.stderr.contains("already at the last page"), pastEnd.stderr)
        let outOfRange = try library.ibook("read", "41")
        XCTAssertEqual(outOfRange.status, 1)
        XCTAssertEqual(outOfRange.stderr, "Error: page 41 is out of range: the book has 40 pages\n")
        let unknown = try library.ibook("read", "xlii")
        XCTAssertEqual(unknown.stderr, "Error: no page is labelled 'xlii'\n")
        XCTAssertEqual(try library.ibook("read", "3", "--label", "3").status, 64)
    }

    func testAppendixLabelsAndScannedPages() throws {
        let appendix = try library.json(Page.self, "read", "--book", "long history", "A-3", "--json")
        XCTAssertEqual(appendix.page, 313)
        XCTAssertEqual(appendix.label, "A-3")
    }

    func testSearchFindsWhatAFindBoxFinds() throws {
        XCTAssertEqual(try library.ibook("open", "cafe").status, 0)
        let expected = try XCTUnwrap(try Fixtures.expected.book("cafe-culture.pdf"))
        for probe in expected.probes {
            let found = Set(try hits(probe.text).map(\.page))
            XCTAssertEqual(found, Set(probe.pages), probe.text)
        }
        // Accents and case fold; prefixes match; every occurrence is reported.
        XCTAssertEqual(Set(try hits("RESUME").map(\.page)), Set(expected.probes.first { $0.text == "résumé" }!.pages))
        XCTAssertEqual(Set(try hits("UBERMAß").map(\.page)), [6])
        let licen = try hits("licen")
        XCTAssertEqual(Set(licen.map { $0.snippet.match.lowercased() }), ["license", "licensed", "licensing"])
        for hit in licen { XCTAssertTrue(hit.snippet.match.lowercased().hasPrefix("licen")) }

        // Phrases, in another book, across line breaks.
        let phrase = try hits("--book", "lighthouses", "quiet harbour lights")
        XCTAssertEqual(Set(phrase.map(\.page)), [8, 30])
        XCTAssertEqual(try hits("--book", "lighthouses", "harbour quiet").count, 0, "words in the wrong order are no phrase")

        // CJK by substring, Japanese and Chinese, one character or more.
        XCTAssertEqual(Set(try hits("--book", "東京", "図書館").map(\.page)), [6])
        XCTAssertEqual(Set(try hits("--book", "東京", "书馆").map(\.page)), [8])
        XCTAssertFalse(try hits("--book", "東京", "季").isEmpty)
    }

    func testSearchTreatsQuerySyntaxAsWords() throws {
        XCTAssertEqual(try library.ibook("open", "lighthouses").status, 0)
        for query in ["\"quiet harbour", "quiet AND harbour", "quiet OR", "NOT quiet", "NEAR(quiet harbour)", "quiet*", "^quiet",
                      "text:quiet", "(quiet)", "\"\"\"", "quiet\" harbour\""] {
            let result = try library.ibook("search", query)
            XCTAssertTrue(result.status == 0 || result.stderr.contains("no words"), "\(query): \(result.stderr)")
            XCTAssertFalse(result.stderr.lowercased().contains("sql") || result.stderr.contains("fts5"), "\(query): \(result.stderr)")
        }
        XCTAssertEqual(Set(try hits("quiet\" harbour\"").map(\.page)), [8, 30])
        let empty = try library.ibook("search", "\"*()")
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("no words to look for"), empty.stderr)
    }

    func testSearchAllGroupsByBookAndMarksMatchesWithoutATerminal() throws {
        let all = try library.ibook("search", "--all", "the")
        XCTAssertEqual(all.status, 0)
        let headers = all.stdoutLines.filter { $0.hasPrefix("#") }
        XCTAssertEqual(headers.count, Set(headers).count, "each book appears once, its hits together")
        XCTAssertTrue(all.stdoutLines.contains { $0.hasPrefix("p. ") && $0.contains("[the]") || $0.contains("[The]") })
        XCTAssertTrue(all.stderr.hasSuffix("books\n"), all.stderr)
        let limited = try hits("--all", "the", "--limit", "7")
        XCTAssertEqual(limited.count, 7)

        // The book whose title matches comes first, though others say "lighthouse" too.
        let lighthouse = try library.ibook("search", "--all", "lighthouse")
        XCTAssertEqual(lighthouse.stdoutLines.first?.hasSuffix(" A Field Guide to Lighthouses"), true, lighthouse.stdout)
        XCTAssertGreaterThan(lighthouse.stdoutLines.filter { $0.hasPrefix("#") }.count, 1, lighthouse.stdout)

        // In one book, hits come in page order.
        let pages = try hits("--book", "long history", "the").map(\.page)
        XCTAssertEqual(pages, pages.sorted())
        XCTAssertEqual(Set(try hits("--book", "long history", "first recorded eclipse").map(\.page)), [12, 200])
    }

    func testBookmarksAreAddedUpdatedListedAndDeleted() throws {
        XCTAssertEqual(try library.ibook("open", "lighthouses").status, 0)
        XCTAssertEqual(try library.ibook("bookmark", "iii", "--note", "preface").stdout, "Bookmarked page 3 (iii) of A Field Guide to Lighthouses\n")
        XCTAssertEqual(try library.ibook("bookmark", "12").status, 0)
        let updated = try library.ibook("bookmark", "3", "--note", "the preface")
        XCTAssertTrue(updated.stdout.hasPrefix("Updated the bookmark on page 3"), updated.stdout)
        let marks = try library.json([Mark].self, "bookmarks", "--json")
        XCTAssertEqual(marks.map(\.page), [3, 12])
        XCTAssertEqual(marks.map(\.note), ["the preface", nil])
        XCTAssertEqual(marks.map(\.label), ["iii", "8"])

        XCTAssertEqual(try library.ibook("bookmark", "--book", "cafe", "2").status, 0)
        let everything = try library.ibook("bookmarks", "--all")
        XCTAssertTrue(everything.stdout.contains("Résumé of Café Culture") && everything.stdout.contains("the preface"), everything.stdout)

        XCTAssertEqual(try library.ibook("bookmark", "--delete", "12").status, 0)
        let missing = try library.ibook("bookmark", "--delete", "12")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "Error: no bookmark on page 12\n")
        XCTAssertEqual(try library.ibook("bookmark", "99").status, 1)
        XCTAssertEqual(try library.json([Mark].self, "bookmarks", "--json").map(\.page), [3])
    }

    func testHistoryIsMostRecentFirstWithThePageWhereYouStopped() throws {
        XCTAssertEqual(try library.ibook("read", "--book", "lighthouses", "7").status, 0)
        XCTAssertEqual(try library.ibook("toc", "--book", "cjk").status, 0)
        XCTAssertEqual(try library.ibook("search", "--book", "cafe", "café").status, 0)
        XCTAssertEqual(try library.ibook("read", "--book", "atlas", "3").status, 0)
        let entries = try library.json([Read].self, "history", "--json")
        XCTAssertEqual(entries.map(\.book.title), ["Atlas of Coastlines", "Résumé of Café Culture", "東京の四季", "A Field Guide to Lighthouses"])
        XCTAssertEqual(entries.map(\.page), [3, 1, 1, 7])
        let human = try library.ibook("history", "--limit", "2")
        XCTAssertEqual(human.stdoutLines.count, 3)
        XCTAssertTrue(human.stdoutLines[1].contains("page 3 of 8") && human.stdoutLines[1].hasSuffix("just now"), human.stdout)
        XCTAssertEqual(try library.ibook("history", "--clear").status, 0)
        XCTAssertEqual(try library.json([Read].self, "history", "--json").count, 0)
    }

    func testBookmarksAndHistorySurviveAMoveAndARemoveAndReAdd() throws {
        let fresh = try TestLibrary("identity")
        let original = fresh.root.appendingPathComponent("atlas.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("atlas-landscape.pdf"), toPath: original.path)
        XCTAssertEqual(try fresh.ibook("add", original.path).status, 0)
        XCTAssertEqual(try fresh.ibook("bookmark", "2", "--note", "Skagerrak").status, 0)
        XCTAssertEqual(try fresh.ibook("read", "6").status, 0)

        let moved = fresh.root.appendingPathComponent("maps/atlas copy.pdf")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: original, to: moved)
        XCTAssertEqual(try fresh.ibook("add", moved.path).status, 0)
        XCTAssertEqual(try fresh.json([Mark].self, "bookmarks", "--json").map(\.note), ["Skagerrak"])
        XCTAssertEqual(try fresh.json([Read].self, "history", "--json").map(\.page), [6])

        // Remove takes them with the book.
        XCTAssertEqual(try fresh.ibook("remove", "atlas").status, 0)
        XCTAssertEqual(try fresh.ibook("add", moved.path).status, 0)
        XCTAssertEqual(try fresh.json([Mark].self, "bookmarks", "--json").count, 0)
        XCTAssertEqual(try fresh.json([Read].self, "history", "--json").count, 0)
    }

    func testNoOpenBookSaysHowToOpenOne() throws {
        for command in [["toc"], ["read"], ["search", "x"], ["bookmark", "1"], ["bookmarks"]] {
            let result = try library.ibook(command)
            XCTAssertEqual(result.status, 1, command.joined(separator: " "))
            XCTAssertEqual(result.stderr, "Error: no open book: open one with 'ibook open BOOK' (see 'ibook list'), or pass --book BOOK\n")
        }
    }

    func testRealWorldCorpus() throws {
        let corpus = try Fixtures.requireCorpus("the reader commands on real-world PDFs")
        let real = try TestLibrary("real")
        XCTAssertEqual(try real.ibook("add", corpus.appendingPathComponent("real").path).status, 0)
        let toc = try real.ibook("toc", "--book", "GeoTopo-komprimiert")
        XCTAssertEqual(toc.status, 0)
        XCTAssertTrue(toc.stdout.contains("Topologische Grundbegriffe"), toc.stdout)
        XCTAssertGreaterThan(toc.stdoutLines.count, 30)
        let search = try real.ibook("search", "--book", "Free Culture", "--json", "piracy")
        XCTAssertGreaterThan(search.stdoutLines.count, 50)
        XCTAssertEqual(try real.ibook("search", "--all", "日本").status, 0)
        // vertical.pdf is listed under its first page's title.
        XCTAssertTrue(try real.ibook("search", "--all", "日本").stdout.contains("あいうえお日本語"))
        // The scanned page (a JBIG2 image) was read by OCR when it was added.
        let scan = try real.ibook("read", "--book", "pdf-with-jbig2", "1")
        XCTAssertTrue(scan.stdout.contains("(OCR, eng, confidence "), scan.stdout)
        XCTAssertTrue(scan.stdout.contains("Doesn't"), scan.stdout)
    }
}
