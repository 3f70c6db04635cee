import Foundation
import TestSupport
import XCTest

/// Books that are not PDFs (EPUB, FB2, comics, plain text) through every
/// library command a PDF has, on IDPF's EPUB 3 samples and on books the
/// tests write: the same catalog, search, bookmarks and reader.
final class BookFormatsTests: XCTestCase {
    struct Listed: Decodable {
        var id: Int
        var title: String
        var author: String
        var pageCount: Int
        var path: String
        var format: String
        var details: Details
        struct Details: Decodable { var publisher: String?; var series: String?; var seriesIndex: Double?; var isbn: String? }
    }

    private var library: TestLibrary!
    private var folder: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("formats")
        folder = try Fixtures.temporaryDirectory("format-books")
    }

    override func tearDown() {
        library?.remove()
        library = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func epubSamples() throws -> URL {
        try Fixtures.requireCorpus("IDPF's EPUB 3 samples").appendingPathComponent("epub")
    }

    func testEverySampleEPUBIsAddedWithWhatItsPackageDocumentSays() throws {
        let added = try library.ibook("add", try epubSamples().path)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains("11 added, 0 already present, 0 failed"), added.stderr)
        let books = try library.json([Listed].self, "list", "--json")
        XCTAssertEqual(books.count, 11)
        func book(_ file: String) throws -> Listed { try XCTUnwrap(books.first { $0.path.hasSuffix("/" + file) }, file) }
        XCTAssertEqual(try book("moby-dick.epub").title, "Moby-Dick")
        XCTAssertEqual(try book("moby-dick.epub").author, "Herman Melville")
        XCTAssertEqual(try book("childrens-literature.epub").author, "Charles Madison Curry, Erle Elsworth Clippinger")
        XCTAssertEqual(try book("kusamakura-japanese-vertical-writing.epub").title, "草枕")
        XCTAssertEqual(try book("wasteland-otf-obf.epub").author, "T.S. Eliot")
        for listed in books {
            XCTAssertEqual(listed.format, "epub", listed.path)
            XCTAssertGreaterThan(listed.pageCount, 0, listed.path)
        }
        XCTAssertGreaterThan(try book("moby-dick.epub").pageCount, 300)
        XCTAssertEqual(try library.json([Listed].self, "list", "--json", "format:epub").count, 11)
        XCTAssertEqual(try library.json([Listed].self, "list", "--json", "format:pdf").count, 0)
        // language: finds what a package document declares, by tag or by name; the Arabic book, whose
        // language no stemmer knows, is English only by default and is not listed as English.
        func titles(_ query: String) throws -> Set<String> { Set(try library.json([Listed].self, "list", "--json", query).map(\.title)) }
        XCTAssertTrue(try titles("language:ja").contains("草枕"))
        XCTAssertEqual(try titles("language:ja"), try titles("format:epub language:Japanese"))
        XCTAssertEqual(try titles("language:fr-FR"), ["Page Blanche"])
        XCTAssertTrue(try titles("language:en").isSuperset(of: ["Moby-Dick", "The Waste Land"]))
        XCTAssertFalse(try titles("language:en").contains("Le Vrai Régime anti-cancer"))
        XCTAssertTrue(try titles("language:ja").isDisjoint(with: try titles("language:en")))
    }

    func testMobyDickIsReadSearchedAndBookmarkedByItsPages() throws {
        let moby = try epubSamples().appendingPathComponent("moby-dick.epub").path
        XCTAssertEqual(try library.ibook("add", moby).status, 0)

        let toc = try library.ibook("toc")
        XCTAssertEqual(toc.status, 0, toc.stderr)
        let loomings = try XCTUnwrap(toc.stdoutLines.first { $0.contains("Chapter 1. Loomings.") }, toc.stdout)
        let chapterPage = try XCTUnwrap(Int(loomings.components(separatedBy: "p.").last!.trimmingCharacters(in: .whitespaces)
            .prefix { $0.isNumber }), loomings)
        XCTAssertTrue(toc.stdout.contains("Chapter 135. The Chase.—Third Day."), toc.stdout)

        let search = try library.ibook("search", "Call me Ishmael")
        XCTAssertEqual(search.status, 0, search.stderr)
        let hit = try XCTUnwrap(search.stdoutLines.first { $0.contains("[Call me Ishmael]") }, search.stdout)
        // The hit names its chapter, then its reference page.
        XCTAssertTrue(hit.hasPrefix("Chapter 1. Loomings, p. "), hit)
        let hitPage = try XCTUnwrap(Int(hit.dropFirst("Chapter 1. Loomings, p. ".count).prefix { $0.isNumber }), hit)
        let json = try library.ibook("search", "--json", "Call me Ishmael")
        XCTAssertTrue(json.stdout.contains("\"chapter\":\"Chapter 1. Loomings.\""), json.stdout)
        XCTAssertTrue((chapterPage...chapterPage + 1).contains(hitPage), "\(hit) vs chapter 1 at \(chapterPage)")

        let read = try library.ibook("read", String(hitPage))
        XCTAssertTrue(read.stdout.contains("Call me Ishmael"), read.stdout)

        XCTAssertEqual(try library.ibook("bookmark", String(hitPage), "--note", "Ishmael").status, 0)
        XCTAssertTrue(try library.ibook("bookmarks").stdout.contains("Ishmael"))

        let info = try library.ibook("info")
        XCTAssertTrue(info.stdout.contains("Format       EPUB"), info.stdout)
        // Its package says dc:language en: the book's metadata, which --json calls so too (not a PDF's /Lang).
        XCTAssertTrue(info.stdout.contains("Stemmed as   English (declared by the book's metadata)"), info.stdout)
        struct Stemming: Decodable { var stemming: Source; struct Source: Decodable { var code: String; var source: String } }
        let stemming = try JSONDecoder().decode(Stemming.self, from: Data(try library.ibook("info", "--json").stdout.utf8)).stemming
        XCTAssertEqual([stemming.code, stemming.source], ["en", "metadata"])
        let thumbnail = try library.ibook("thumbnail")
        XCTAssertEqual(thumbnail.status, 0, thumbnail.stderr)
        let png = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: thumbnail.stdout.trimmingCharacters(in: .newlines)))))
        XCTAssertEqual(max(png.width, png.height), 256)

        // A page of its own, drawn by ibook-full's reflow engine on request.
        let page = try library.ibook("thumbnail", "--page", String(hitPage), "--size", "300")
        XCTAssertEqual(page.status, 0, page.stderr)
        let drawn = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: page.stdout.trimmingCharacters(in: .newlines)))))
        XCTAssertEqual(drawn.height, 300)
        XCTAssertEqual(drawn.width, 225, "the reference layout's 450 × 600 pt page")
    }

    struct Entry: Decodable { var title: String; var depth: Int; var page: Int?; var label: String?; var children: [Entry] }
    struct Hit: Decodable { var page: Int; var label: String? }

    /// SampleBooks' EPUB and plain-text book, whose pages make-samplebooks read back from MuPDF's layout:
    /// the contents, page labels and probe pages it wrote into expected.json are what ibook shows.
    func testTheSampleBooksInOtherFormatsShowThePagesTheGeneratorLaidOut() throws {
        let others = try Fixtures.expected.books.filter { !$0.isPDF }
        XCTAssertEqual(Set(others.compactMap(\.format)), ["epub", "txt"])
        for want in others {
            let added = try library.ibook("add", Fixtures.sampleBook(want.file))
            XCTAssertEqual(added.status, 0, added.stderr)
            let toc = try JSONDecoder().decode([Entry].self, from: Data(try library.ibook("toc", "--json").stdout.utf8))
            func flatten(_ entries: [Entry]) -> [Entry] { entries.flatMap { [$0] + flatten($0.children) } }
            let entries = flatten(toc)
            XCTAssertEqual(entries.map(\.title), want.outline.map(\.title), want.file)
            XCTAssertEqual(entries.map(\.depth), want.outline.map(\.depth), want.file)
            XCTAssertEqual(entries.map(\.page), want.outline.map(\.page), want.file)
            if let labels = want.labels {
                XCTAssertEqual(entries.map(\.label), want.outline.map { labels[$0.page - 1] }, want.file)
            }
            for probe in want.probes {
                let search = try library.ibook("search", "--json", probe.text)
                XCTAssertEqual(search.status, 0, search.stderr)
                let hits = try search.stdoutLines.map { try JSONDecoder().decode(Hit.self, from: Data($0.utf8)) }
                XCTAssertEqual(Set(hits.map(\.page)), Set(probe.pages), "\(want.file): \(probe.text)")
                XCTAssertEqual(hits.map(\.label), hits.map { want.labels?[$0.page - 1] }, "\(want.file): \(probe.text)")
            }
            XCTAssertEqual(try library.ibook("remove", want.file == "voyage.epub" ? "voyage" : "红楼梦").status, 0)
        }
    }

    func testAPDFOnlyCommandSaysWhyInOneLine() throws {
        let moby = try epubSamples().appendingPathComponent("moby-dick.epub").path
        XCTAssertEqual(try library.ibook("add", moby).status, 0)
        let output = folder.appendingPathComponent("marked.pdf").path
        let watermark = try library.ibook("watermark", moby, "--text", "DRAFT", "-o", output)
        XCTAssertNotEqual(watermark.status, 0)
        XCTAssertEqual(watermark.stderrLines.count, 1, watermark.stderr)
        XCTAssertTrue(watermark.stderr.contains("is not a PDF (an EPUB)"), watermark.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        // Commands on the library's book say which command wants a PDF.
        for (arguments, asked) in [(["annotate", "-o", output], "ibook annotate"),
                                   (["read", "--layout", "24"], "ibook read --layout"), (["ocr"], "ibook ocr")] {
            let refused = try library.ibook(arguments)
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertEqual(refused.stderr, "Error: \(moby) is an EPUB: '\(asked)' works on PDFs only\n")
        }
        XCTAssertEqual(try library.json([Listed].self, "list", "--json").first?.title, "Moby-Dick", "the refused edit changed nothing")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testACBRComicIsRefusedInOneLineThatSaysWhy() throws {
        let path = folder.appendingPathComponent("issue-1.cbr").path
        try Data(Array("Rar!".utf8) + [0x1A, 0x07, 0x01, 0x00] + Array(repeating: 0, count: 64)).write(to: URL(fileURLWithPath: path))
        let added = try library.ibook("add", path)
        XCTAssertEqual(added.status, 1)
        XCTAssertEqual(added.stderrLines, [
            "Error: \(path): is a RAR archive (a CBR comic?): ibook reads comics as CBZ; RAR would need unrar, which is not free software (repack its pictures as a zip named .cbz)",
            "0 added, 0 already present, 1 failed",
        ])
    }

    func testAPlainTextNovelInGB18030HasItsChaptersAndIsSearched() throws {
        var text = "红楼梦\n\n"
        let chapters = ["第一回　甄士隐梦幻识通灵", "第二回　贾夫人仙逝扬州城", "第三回　托内兄如海荐西宾"]
        for (number, title) in chapters.enumerated() {
            text += title + "\n\n"
            for paragraph in 0..<40 {
                text += "　　此开卷第\(number + 1)回也。作者自云：因曾历过一番梦幻之后，故将真事隐去，而借通灵之说，撰此石头记一书也。第\(paragraph)段。\n"
            }
            text += "\n"
        }
        text += "　　满纸荒唐言，一把辛酸泪。\n"
        let path = folder.appendingPathComponent("hongloumeng.txt").path
        try Self.write(text, as: "GB18030", to: path)

        let added = try library.ibook("add", path)
        XCTAssertEqual(added.status, 0, added.stderr)
        let book = try XCTUnwrap(try library.json([Listed].self, "list", "--json").first)
        XCTAssertEqual(book.format, "txt")
        XCTAssertEqual(book.title, "红楼梦")
        let toc = try library.ibook("toc")
        // Each chapter under the book's title, on the page its heading is laid out on.
        for title in chapters {
            let heading = title.split(separator: "　").last.map(String.init) ?? title
            XCTAssertTrue(toc.stdoutLines.contains { $0.hasPrefix("  ") && $0.contains(heading) }, toc.stdout)
        }
        let search = try library.ibook("search", "辛酸泪")
        XCTAssertTrue(search.stdout.contains("[辛酸泪]"), search.stdout)
        XCTAssertTrue(try library.ibook("info").stdout.contains("Format       plain-text book"))
    }

    func testBooksThatCannotBeReadGetOneLineEachAndTheOthersGoOn() throws {
        let png = folder.appendingPathComponent("picture.epub")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 64)).write(to: png)
        let noPackage = folder.appendingPathComponent("no-package.epub")
        try Self.zip(noPackage, ["mimetype": "application/epub+zip", "OEBPS/text.xhtml": "<html/>"])
        let escaping = folder.appendingPathComponent("escaping.epub")
        try Self.zip(escaping, ["mimetype": "application/epub+zip", "../../x": "gotcha"])
        let good = folder.appendingPathComponent("short.txt")
        try Data("A Short Story\n\nIt was a dark and stormy night.\n".utf8).write(to: good)

        let added = try library.ibook("add", folder.path)
        XCTAssertEqual(added.status, 1, added.stderr)
        XCTAssertTrue(added.stderr.contains("1 added, 0 already present, 3 failed"), added.stderr)
        for name in ["picture.epub", "no-package.epub", "escaping.epub"] {
            let lines = added.stderrLines.filter { $0.contains(name) }
            XCTAssertEqual(lines.count, 1, "\(name): \(added.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("x").path))
        XCTAssertEqual(try library.json([Listed].self, "list", "--json").map(\.format), ["txt"])
    }

    /// Writes `text` to `path` in `encoding`, as iconv converts it.
    static func write(_ text: String, as encoding: String, to path: String) throws {
        let result = try Run.process("/usr/bin/iconv", ["-f", "UTF-8", "-t", encoding, "-o", path], stdin: text)
        guard result.status == 0 else { throw RunError.failed(result.stderr) }
    }

    /// A zip of `entries` in the order given (an EPUB's `mimetype` first).
    static func zip(_ archive: URL, _ entries: KeyValuePairs<String, String>) throws {
        try Data(ZipWriter.archive(entries.map { ZipWriter.Entry($0.key, $0.value) })).write(to: archive)
    }
}
