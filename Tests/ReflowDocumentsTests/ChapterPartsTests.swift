import ReflowDocuments
import TestSupport
import XCTest

/// A long EPUB laid out in parts by chapters gives the pages, and the places of its table of
/// contents' and page list's targets, that laying it out whole gives (IDPF's samples).
final class ChapterPartsTests: XCTestCase {
    private func book(_ name: String) throws -> String {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/\(name).epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/\(name).epub") }
        return path
    }

    func testTheFirstPartTakesItsShareAndTheRestIsSplitEvenly() {
        XCTAssertNil(ReflowPart.firstPart([300_000], parts: 4), "one chapter cannot be split")
        XCTAssertNil(ReflowPart.firstPart([1000, 2000, 3000], parts: 4), "a short book is read whole")
        let bytes = [Int](repeating: 10_000, count: 100)
        XCTAssertEqual(ReflowPart.firstPart(bytes, parts: 4), 0...5, "a sixteenth of the markup, in whole chapters")
        XCTAssertEqual(ReflowPart.firstPart(bytes, parts: 2), 0...11, "an eighth")
        let rest = ReflowPart.rest(after: 0...19, bytes: bytes, parts: 4)
        XCTAssertEqual(rest, [20...39, 40...59, 60...79, 80...99])
        // One huge chapter first: the first part is that chapter, and the rest still leaves each part a chapter.
        XCTAssertEqual(ReflowPart.firstPart([900_000, 10, 10], parts: 4), 0...0)
        XCTAssertEqual(ReflowPart.rest(after: 0...0, bytes: [900_000, 10, 10], parts: 4), [1...1, 2...2])
        let uneven = ReflowPart.rest(after: 0...0, bytes: [1, 500, 1, 1, 1, 500, 1], parts: 2)
        XCTAssertEqual(uneven, [1...3, 4...6], "half the markup each, as near as chapters allow")
    }

    /// Every part's pages are the whole book's, from where the parts before it end.
    func testPartsGiveTheWholeBooksPagesAndTargets() throws {
        for name in ["moby-dick", "epub30-spec", "kusamakura-japanese-vertical-writing"] {
            let path = try book(name)
            let whole = try ReflowDocument(path: path)
            let first = try ReflowDocument(path: path, chapters: .firstOf(parts: 4))
            let firstPart = try XCTUnwrap(first.part, "\(name) is long enough to be split")
            XCTAssertEqual(firstPart.chapters.lowerBound, 0)
            XCTAssertEqual(firstPart.firstPage, 1)
            var parts = [(first, firstPart)]
            for range in ReflowPart.rest(after: firstPart.chapters, bytes: firstPart.chapterBytes, parts: 4) {
                let document = try ReflowDocument(path: path, chapters: .chapters(range, of: firstPart.chapterCount))
                parts.append((document, try XCTUnwrap(document.part)))
            }
            XCTAssertGreaterThan(parts.count, 2, name)
            XCTAssertEqual(parts.map(\.1.pageCount).reduce(0, +), whole.pageCount, name)
            let wholeOutline = whole.outline(), wholeLabels = whole.pageLabels()
            var before = 0
            var outlinePages = [Int?](repeating: nil, count: wholeOutline.count)
            var targets: [ReflowPageTarget] = []
            for (document, part) in parts {
                XCTAssertEqual(part.firstPage, part.chapters.lowerBound + 1, "the chapters before count a page each")
                for number in part.pages {
                    XCTAssertEqual(document.pageText(number), whole.pageText(before + number - part.firstPage + 1),
                                   "\(name) page \(before + number - part.firstPage + 1)")
                }
                let navigation = try XCTUnwrap(document.partNavigation())
                XCTAssertEqual(navigation.contents.count, wholeOutline.count)
                for (index, entry) in navigation.contents.enumerated() {
                    guard let page = entry.page else { continue }
                    XCTAssertNil(outlinePages[index], "one part alone says where \(entry.title) is")
                    outlinePages[index] = before + page
                }
                if targets.isEmpty { targets = navigation.pageList.map { ReflowPageTarget(title: $0.title, page: nil) } }
                for (index, target) in navigation.pageList.enumerated() {
                    guard let page = target.page else { continue }
                    XCTAssertNil(targets[index].page, "one part alone says where page \(target.title) is")
                    targets[index].page = before + page
                }
                before += part.pageCount
            }
            let joined = ReflowOutlineEntry.headingsOpened(zip(wholeOutline, outlinePages).map {
                ReflowOutlineEntry(title: $0.0.title, depth: $0.0.depth, page: $0.1)
            })
            XCTAssertEqual(joined, wholeOutline, name)
            XCTAssertEqual(ReflowPageTarget.labels(pageCount: whole.pageCount, targets: targets), wholeLabels, name)
        }
    }

    /// A book of six chapters of 85 KB whose first chapter holds a section MuPDF cannot find (a
    /// <section id>) and whose words it does not draw (display: none): the words are looked for from
    /// the chapter's first page on, and found where the fifth chapter shows them, in another part.
    private func bookWithAHiddenTarget(in folder: URL) throws -> String {
        let filler = (1...1000).map { "<p>Line \($0): the quick brown fox jumps over the lazy dog, and the dog sleeps on.</p>" }
            .joined(separator: "\n")
        func chapter(_ number: Int, _ extra: String) -> String {
            """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter \(number)</title></head>
            <body><h1 id="top">Chapter \(number)</h1>\(extra)\(filler)</body></html>
            """
        }
        var entries = [TestZip.Entry("mimetype", "application/epub+zip"), TestZip.Entry("META-INF/container.xml", TestBooks.container)]
        for number in 1...6 {
            let extra = number == 1 ? "<section id=\"hidden\"><p style=\"display: none\">Zebra quokka marmot lynx</p></section>"
                : number == 5 ? "<p>Zebra quokka marmot lynx roam here.</p>" : ""
            entries.append(TestZip.Entry("OEBPS/c\(number).xhtml", chapter(number, extra)))
        }
        entries.append(TestZip.Entry("OEBPS/nav.xhtml", """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
            <body><nav epub:type="toc"><ol>
            <li><a href="c1.xhtml#top">Chapter 1</a><ol><li><a href="c1.xhtml#hidden">The hidden section</a></li></ol></li>
            <li><a href="c3.xhtml">Chapter 3</a></li><li><a href="c5.xhtml#top">Chapter 5</a></li>
            </ol></nav></body></html>
            """))
        let items = (1...6).map { "<item id=\"c\($0)\" href=\"c\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }.joined()
        let spine = (1...6).map { "<itemref idref=\"c\($0)\"/>" }.joined()
        entries.append(TestZip.Entry("OEBPS/content.opf", """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">hidden-target</dc:identifier>
                <dc:title>Hidden Target</dc:title><dc:language>en</dc:language></metadata>
              <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>\(items)</manifest>
              <spine>\(spine)</spine>
            </package>
            """))
        return try TestBooks.write(TestZip.make(entries), named: "hidden-target.epub", in: folder)
    }

    func testATargetFoundOnlyInALaterPartIsPlacedWhereTheWholeBookPlacesIt() throws {
        let folder = try TestBooks.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try bookWithAHiddenTarget(in: folder)
        let whole = try ReflowDocument(path: path)
        let wholeOutline = whole.outline()
        let hidden = try XCTUnwrap(wholeOutline.first { $0.title == "The hidden section" }?.page)
        let fifth = try XCTUnwrap(wholeOutline.first { $0.title == "Chapter 5" }?.page)
        XCTAssertEqual(hidden, fifth, "the whole book finds the words where chapter 5 shows them")

        let first = try ReflowDocument(path: path, chapters: .firstOf(parts: 2))
        let part = try XCTUnwrap(first.part)
        XCTAssertLessThan(part.chapters.upperBound, 4, "chapter 5 is in another part")
        let navigation = try XCTUnwrap(first.partNavigation())
        let entry = try XCTUnwrap(navigation.contents.first { $0.title == "The hidden section" })
        XCTAssertEqual(entry.page, hidden, "past the part's pages, counted from its first")
        XCTAssertGreaterThan(hidden, part.pageCount)
        XCTAssertNil(navigation.contents.first { $0.title == "Chapter 5" }?.page, "another part's chapter")
        XCTAssertEqual(navigation.contents.first?.page, 1)
    }

    func testAShortBookOrOneWithoutANavigationDocumentIsLaidOutWhole() throws {
        for name in ["georgia-cfi", "page-blanche", "wasteland-otf-obf"] {
            let document = try ReflowDocument(path: try book(name), chapters: .firstOf(parts: 4))
            XCTAssertNil(document.part, name)
            XCTAssertEqual(document.pageCount, try ReflowDocument(path: try book(name)).pageCount, name)
        }
    }

    func testAPartOfAnotherSpineIsRefused() throws {
        let path = try book("moby-dick")
        XCTAssertThrowsError(try ReflowDocument(path: path, chapters: .chapters(3...5, of: 7)))
        let part = try ReflowDocument(path: path, chapters: .chapters(3...5, of: try XCTUnwrap(
            ReflowDocument(path: path, chapters: .firstOf(parts: 4)).part?.chapterCount)))
        XCTAssertThrowsError(try part.relayout(ReflowLayout(width: 300, height: 400, fontSize: 10)),
                             "its other chapters' page counts are place-holders")
    }
}
