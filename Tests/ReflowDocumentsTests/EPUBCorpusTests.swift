import Raster
import ReflowDocuments
import TestSupport
import XCTest

/// IDPF's EPUB 3 samples (../shared/corpus/epub) opened as a reader would: the values asserted are
/// what each book's OPF and text say.
final class EPUBCorpusTests: XCTestCase {
    private func book(_ name: String) throws -> String {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/\(name).epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/\(name).epub") }
        return path
    }

    func testMobyDickMetadata() throws {
        let document = try ReflowDocument(path: try book("moby-dick"))
        XCTAssertEqual(document.format, .epub)
        XCTAssertEqual(document.layout, .reference)
        let metadata = document.metadata
        XCTAssertEqual(metadata.title, "Moby-Dick")
        // EPUB 3 refinements: <meta refines="#creator" property="role">aut</meta> and file-as.
        XCTAssertEqual(metadata.creators.first, ReflowCreator(name: "Herman Melville", role: "aut", fileAs: "MELVILLE, HERMAN"))
        XCTAssertEqual(metadata.creators.last?.role, "mrk")
        XCTAssertEqual(metadata.language, "en-US")
        XCTAssertEqual(metadata.publisher, "Harper & Brothers, Publishers")
        XCTAssertEqual(metadata.identifiers.values.first, "code.google.com.epub-samples.moby-dick-basic")
    }

    func testMobyDickTextFindRenderAndCover() throws {
        let document = try ReflowDocument(path: try book("moby-dick"))
        // MuPDF's count for a document nobody lays out (zathura's), and `mutool draw -W 450 -H 600 -S 12`'s.
        XCTAssertEqual(document.pageCount, 622)
        // Plain `mutool draw` lays out at A5 (420×595 pt, 11 pt em) and makes 567 pages of it.
        let a5 = try ReflowDocument(path: try book("moby-dick"), layout: ReflowLayout(width: 420, height: 595, fontSize: 11))
        XCTAssertEqual(a5.pageCount, 567)
        XCTAssertTrue(a5.pageText(24).contains("Call me Ishmael"), "page 24 of `mutool draw -F txt`'s 567")
        let page = try XCTUnwrap((1...40).first { document.pageText($0).contains("Call me Ishmael") })
        XCTAssertEqual(page, 25)
        XCTAssertTrue(document.pageText(page).contains("\n"), "lines are separated by newlines")
        let hits = document.find("call me ishmael", page: page)
        XCTAssertEqual(hits.count, 1, "one occurrence, on one line: one rectangle")
        for hit in hits {
            XCTAssertTrue((0...1).contains(hit.x) && (0...1).contains(hit.y), "\(hit)")
            XCTAssertTrue(hit.width > 0 && hit.x + hit.width <= 1 && hit.height > 0 && hit.y + hit.height <= 1, "\(hit)")
        }
        XCTAssertEqual(document.find("Ishmael", page: 1), [])

        let size = document.pixelSize(page: page, fittingWidth: 300, height: 1000)
        XCTAssertEqual(size.width, 300)
        XCTAssertEqual(size.height, 400, "450×600 pt scaled to 300 pixels wide")
        let image = try document.render(page: page, width: size.width, height: size.height)
        XCTAssertEqual(image.width, 300)
        XCTAssertEqual(image.height, 400)
        XCTAssertEqual(document.find("the", page: page).count, document.pageText(page).lowercased().components(separatedBy: "the").count - 1,
                       "every occurrence, words inside others included")
        XCTAssertGreaterThan(darkPixels(image), 1000, "the page's text is drawn")
        XCTAssertEqual(image.pixel(x: 0, y: 0), .white, "on white")
        XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }, "opaque")

        let cover = try XCTUnwrap(document.coverImage(maxPixels: 300))
        XCTAssertEqual(cover.height, 300)
        XCTAssertEqual(cover.width, 215)
        XCTAssertGreaterThan(darkPixels(cover), 100)
    }

    func testRelayoutAndPositionsSurviveIt() throws {
        let document = try ReflowDocument(path: try book("moby-dick"))
        let reference = document.pageCount
        // Page 30 starts in the middle of chapter 2's text.
        let position = document.position(ofPage: 30)
        XCTAssertEqual(document.page(at: position), 30)
        let firstLine: String = try XCTUnwrap(document.pageText(30).split(separator: "\n").map(String.init).first { $0.count > 20 })
        let encoded = try JSONEncoder().encode(position)
        let small = ReflowLayout(width: 300, height: 400, fontSize: 14)
        try document.relayout(small)
        XCTAssertEqual(document.layout, small)
        XCTAssertGreaterThan(document.pageCount, reference * 2, "smaller pages and larger text make more pages")
        let restored = try JSONDecoder().decode(ReflowPosition.self, from: encoded)
        let page = document.page(at: restored)
        XCTAssertGreaterThan(page, 30)
        let words: String = firstLine.split(separator: " ").map(String.init).prefix(3).joined(separator: " ")
        let text = document.pageText(page).replacingOccurrences(of: "\n", with: " ")
            + " " + document.pageText(page + 1).replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(text.contains(words), "page \(page) of \(document.pageCount) holds “\(words)”: \(text.prefix(300))")
        let opened = try ReflowDocument(path: try book("moby-dick"), layout: small)
        XCTAssertEqual(opened.pageCount, document.pageCount, "a relayout pages the book as opening it at that layout does")
        XCTAssertEqual(opened.page(at: restored), page)
        try document.relayout(.reference)
        XCTAssertEqual(document.pageCount, reference)
        XCTAssertEqual(document.page(at: restored), 30)
    }

    func testNestedOutlinesFromNavigationDocuments() throws {
        for (name, entries, deepest) in [("epub30-spec", 316, 6), ("accessible_epub_3", 47, 2), ("childrens-literature", 31, 3)] {
            let document = try ReflowDocument(path: try book(name))
            let outline = document.outline()
            XCTAssertEqual(outline.count, entries, name)
            XCTAssertEqual(outline.map(\.depth).max(), deepest, name)
            XCTAssertEqual(outline.first?.depth, 0, name)
            let pages = outline.compactMap(\.page)
            XCTAssertEqual(pages.count, outline.count, "every entry of \(name) lands on a page")
            XCTAssertEqual(pages, pages.sorted(), "\(name)'s entries come in reading order")
            XCTAssertTrue(pages.allSatisfy { (1...document.pageCount).contains($0) }, name)
            for (entry, next) in zip(outline, outline.dropFirst()) {
                XCTAssertLessThanOrEqual(next.depth, entry.depth + 1, "\(name): \(next.title) nests one level at a time")
            }
        }
        // Its nav points at <section id="ch2"> elements, which MuPDF 1.21 does not find as targets.
        let wasteland = try ReflowDocument(path: try book("wasteland-otf-obf"))
        let sections = wasteland.outline().prefix(5)
        XCTAssertEqual(sections.map(\.title), ["I. THE BURIAL OF THE DEAD", "II. A GAME OF CHESS", "III. THE FIRE SERMON",
                                               "IV. DEATH BY WATER", "V. WHAT THE THUNDER SAID"])
        let sectionPages = sections.compactMap(\.page)
        XCTAssertEqual(sectionPages.count, 5)
        XCTAssertEqual(Set(sectionPages).count, 5, "each section on its own page: \(sectionPages)")
        XCTAssertEqual(sectionPages, sectionPages.sorted())
        for (entry, page) in zip(sections, sectionPages) {
            XCTAssertTrue(wasteland.pageText(page).contains(entry.title), "\(entry.title) on page \(page)")
        }
        let mobyDick = try ReflowDocument(path: try book("moby-dick")).outline()
        XCTAssertEqual(mobyDick.count, 141)
        XCTAssertEqual(mobyDick.first { $0.title == "Chapter 1. Loomings." }?.page, 25)
    }

    /// Its sections begin with the print edition's page number, which a page break before the heading
    /// leaves on the page before, and its bibliography's heading is followed by a numbered list: the
    /// entries land where their headings are drawn, not on the chapter's first page.
    func testTargetsLandWhereTheirHeadingsAreShown() throws {
        let document = try ReflowDocument(path: try book("childrens-literature"))
        let outline = document.outline()
        for (title, heading) in [("SECTION IV FAIRY STORIES—MODERN FANTASTIC TALES", "SECTION IV"), ("BIBLIOGRAPHY", "BIBLIOGRAPHY"),
                                 ("INTRODUCTORY", "INTRODUCTORY"), ("190 A FOUR-LEAVED CLOVER", "A FOUR-LEAVED CLOVER")] {
            let page = try XCTUnwrap(outline.first { $0.title == title }?.page, title)
            XCTAssertTrue(document.pageText(page).contains(heading), "\(title) on page \(page): \(document.pageText(page).prefix(80))")
            XCTAssertFalse(document.pageText(page - 1).contains(heading), "\(title) is first shown on page \(page)")
        }
        let pages = outline.prefix(5).compactMap(\.page)
        XCTAssertEqual(Set(pages).count, 4, "the first five entries are not all on the chapter's first page: \(pages)")
    }

    func testTitlesCreatorsAndLanguagesAsTheirPackagesGiveThem() throws {
        let expected: [(String, String, [String], String)] = [
            ("kusamakura-japanese-vertical-writing", "草枕", ["夏目 漱石"], "ja-jp"),
            ("regime-anticancer-arabic", "Le Vrai Régime anti-cancer", ["Pr David Khayat", "Nathalie Hutter-Lardeau"], "ar"),
            ("page-blanche", "Page Blanche", ["Boulet"], "fr"),
            ("wasteland-otf-obf", "The Waste Land", ["T.S. Eliot"], "en-US"),
            ("internallinks", "IDに漢字などを使用したサンプル", [], "ja"),
            ("georgia-cfi", "Georgia", ["Various"], "en-US"),
            ("childrens-literature", "Children's Literature", ["Charles Madison Curry", "Erle Elsworth Clippinger"], "en"),
            ("accessible_epub_3", "Accessible EPUB 3", ["Matt Garrish"], "en"),
            ("epub30-spec", "EPUB 3.0 Specification", ["EPUB 3 Working Group"], "en"),
            ("haruko-html-jpeg", "ハルコさんの彼氏", [], "ja-jp"),
        ]
        for (name, title, authors, language) in expected {
            let document = try ReflowDocument(path: try book(name))
            XCTAssertEqual(document.metadata.title, title, name)
            XCTAssertEqual(Array(document.metadata.creators.filter { $0.role == nil || $0.role == "aut" }.map(\.name)), authors, name)
            XCTAssertEqual(document.metadata.language, language, name)
            XCTAssertGreaterThan(document.pageCount, 0, name)
        }
        let regime = try ReflowDocument(path: try book("regime-anticancer-arabic")).metadata
        XCTAssertEqual(regime.creators.map(\.role), ["aut", "aut", "trl", "mrk"], "authors first, then the others")
        XCTAssertEqual(regime.publisher, "Hachette Antoine")
        let accessible = try ReflowDocument(path: try book("accessible_epub_3")).metadata
        XCTAssertEqual(accessible.isbn, "9781449328030")
        XCTAssertEqual(accessible.identifiers["isbn"], "9781449328030")
        XCTAssertEqual(accessible.date, "2012-02-20")
        XCTAssertEqual(accessible.publisher, "O’Reilly Media, Inc.")
        let children = try ReflowDocument(path: try book("childrens-literature")).metadata
        XCTAssertEqual(children.creators.first?.fileAs, "Curry, Charles Madison")
        XCTAssertEqual(children.subjects, ["Children -- Books and reading", "Children's literature -- Study and teaching"])
        XCTAssertEqual(children.date, "2008-05-20")
    }

    func testPageCountsDependOnTheLayoutExceptForImagesOnly() throws {
        let small = ReflowLayout(width: 300, height: 400, fontSize: 14)
        for name in ["georgia-cfi", "kusamakura-japanese-vertical-writing", "regime-anticancer-arabic"] {
            let reference = try ReflowDocument(path: try book(name)).pageCount
            let smaller = try ReflowDocument(path: try book(name), layout: small).pageCount
            XCTAssertGreaterThan(smaller, reference, name)
        }
    }

    func testTextInOtherScripts() throws {
        let japanese = try ReflowDocument(path: try book("kusamakura-japanese-vertical-writing"))
        XCTAssertTrue((1...5).contains { japanese.pageText($0).contains("夏目漱石") })
        XCTAssertFalse(japanese.find("漱石", page: 2).isEmpty)
        let arabic = try ReflowDocument(path: try book("regime-anticancer-arabic"))
        let text = (1...arabic.pageCount).map(arabic.pageText).joined()
        XCTAssertTrue(text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }, "Arabic letters")
        let wasteland = try ReflowDocument(path: try book("wasteland-otf-obf"))
        XCTAssertTrue((1...5).contains { wasteland.pageText($0).contains("April is the cruellest month") })
    }

    func testPageLabelsFromPageLists() throws {
        let blanche = try ReflowDocument(path: try book("page-blanche"))
        let labels = blanche.pageLabels()
        XCTAssertEqual(labels.count, blanche.pageCount)
        XCTAssertEqual(labels.prefix(4), [nil, nil, "1", "2"])
        let children = try ReflowDocument(path: try book("childrens-literature"))
        let childrenLabels = children.pageLabels()
        XCTAssertEqual(childrenLabels.count, children.pageCount)
        XCTAssertNil(childrenLabels[0], "pages before the first target have no label")
        let first = try XCTUnwrap(childrenLabels.firstIndex { $0 != nil })
        XCTAssertEqual(childrenLabels[first], "169")
        XCTAssertTrue(childrenLabels[first...].allSatisfy { $0 != nil }, "a page without a target carries the last one")
        let mobyDick = try ReflowDocument(path: try book("georgia-cfi"))
        XCTAssertEqual(mobyDick.pageLabels(), Array(repeating: nil, count: mobyDick.pageCount), "no page-list: all nil")
    }

    func testCovers() throws {
        for (name, width, height) in [("accessible_epub_3", 229, 300), ("page-blanche", 228, 300), ("georgia-cfi", 300, 190),
                                      ("regime-anticancer-arabic", 207, 300)] {
            let cover = try XCTUnwrap(try ReflowDocument(path: try book(name)).coverImage(maxPixels: 300), name)
            XCTAssertEqual(cover.width, width, name)
            XCTAssertEqual(cover.height, height, name)
        }
        let small = try XCTUnwrap(try ReflowDocument(path: try book("moby-dick")).coverImage(maxPixels: 64))
        XCTAssertEqual(max(small.width, small.height), 64)
        XCTAssertNil(try ReflowDocument(path: try book("kusamakura-japanese-vertical-writing")).coverImage(maxPixels: 300),
                     "its package names no cover")
    }

    private func darkPixels(_ image: RasterImage) -> Int {
        stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] < 128 }.count
    }
}
