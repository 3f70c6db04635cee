import Foundation
import ReflowDocuments
import TestSupport
import XCTest

/// Links on laid-out pages: a footnote's link leads to the page holding the footnote, addresses
/// a reader may open are kept, and schemes it must not follow are dropped.
final class LinkTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// An EPUB whose first chapter links to a footnote at the end of a long notes chapter,
    /// to a web page, to a mail address, and to a script and a local file.
    static func footnoteBook() -> [UInt8] {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Text</title></head><body>
            <h1>The Text</h1>
            <p>Whales are mammals.<a href="notes.xhtml#n7">7</a></p>
            <p>See <a href="https://example.org/whales">the web</a> or <a href="mailto:ishmael@example.org">write</a>.</p>
            <p><a href="javascript:alert(1)">script</a> and <a href="file:///etc/passwd">file</a>.</p>
            </body></html>
            """
        let filler = (1...60).map { "<p>Note \($0): a note long enough to take a line or two of the page it is on.</p>" }
        let notes = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Notes</title></head><body>
            <h1>Notes</h1>\(filler.joined(separator: "\n"))
            <p id="n7">Footnote seven: Linnaeus counted the whale among the mammals.</p>
            </body></html>
            """
        let opf = """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Footnotes</dc:title><dc:identifier id="uid">x</dc:identifier></metadata>
              <manifest>
                <item id="text" href="text.xhtml" media-type="application/xhtml+xml"/>
                <item id="notes" href="notes.xhtml" media-type="application/xhtml+xml"/>
              </manifest>
              <spine><itemref idref="text"/><itemref idref="notes"/></spine>
            </package>
            """
        return TestZip.make([
            TestZip.Entry("mimetype", "application/epub+zip"),
            TestZip.Entry("META-INF/container.xml", TestBooks.container),
            TestZip.Entry("OEBPS/content.opf", opf),
            TestZip.Entry("OEBPS/text.xhtml", text),
            TestZip.Entry("OEBPS/notes.xhtml", notes),
        ])
    }

    func testAFootnoteLinkLeadsToThePageHoldingTheFootnote() throws {
        let path = try TestBooks.write(Self.footnoteBook(), named: "notes.epub", in: folder)
        let document = try ReflowDocument(path: path)
        XCTAssertGreaterThan(document.pageCount, 2, "the notes should take more than one page")
        let links = document.links(page: 1)
        let inBook = links.compactMap { link -> (page: Int, top: Double?)? in
            if case .page(let page, let top) = link.target { return (page, top) }
            return nil
        }
        XCTAssertEqual(inBook.count, 1, "\(links)")
        let footnote = try XCTUnwrap(inBook.first)
        XCTAssertGreaterThan(footnote.page, 2)
        XCTAssertTrue(document.pageText(footnote.page).contains("Footnote seven"), document.pageText(footnote.page))
        // The target's top is where the footnote is drawn on its page.
        let top = try XCTUnwrap(footnote.top)
        let drawn = try XCTUnwrap(document.find("Footnote seven", page: footnote.page).first)
        XCTAssertEqual(top, drawn.y, accuracy: 0.05)
        for link in links {
            XCTAssertTrue(link.area.x >= 0 && link.area.y >= 0 && link.area.x + link.area.width <= 1
                          && link.area.y + link.area.height <= 1 && link.area.width > 0, "\(link.area)")
        }
        // The footnote's marker is the link's text; its area is where "7" is drawn, near the top.
        let marker = try XCTUnwrap(links.first { if case .page = $0.target { return true }; return false })
        XCTAssertEqual(marker.text, "7")
        XCTAssertLessThan(marker.area.y, 0.5)
    }

    func testWebAndMailLinksAreKeptAndOtherSchemesDropped() throws {
        let path = try TestBooks.write(Self.footnoteBook(), named: "notes.epub", in: folder)
        let document = try ReflowDocument(path: path)
        let uris = document.links(page: 1).compactMap { link -> String? in
            if case .uri(let uri) = link.target { return uri }
            return nil
        }
        XCTAssertEqual(Set(uris), ["https://example.org/whales", "mailto:ishmael@example.org"])
        XCTAssertEqual(document.links(page: 0), [])
        XCTAssertEqual(document.links(page: document.pageCount + 1), [])
    }

    func testLinksAreFoundAgainAfterARelayout() throws {
        let path = try TestBooks.write(Self.footnoteBook(), named: "notes.epub", in: folder)
        let document = try ReflowDocument(path: path)
        try document.relayout(ReflowLayout(width: 300, height: 400, fontSize: 12))
        let target = document.links(page: 1).compactMap { link -> Int? in
            if case .page(let page, _) = link.target { return page }
            return nil
        }.first
        let page = try XCTUnwrap(target)
        XCTAssertTrue(document.pageText(page).contains("Footnote seven"), document.pageText(page))
    }

    /// IDPF's internallinks.epub: a contents page of links into its own chapters.
    func testInternalLinksSampleLeadsWhereItsLinksSay() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/internallinks.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/internallinks.epub") }
        let document = try ReflowDocument(path: path)
        var followed = 0
        for page in 1...min(document.pageCount, 20) {
            for link in document.links(page: page) {
                guard case .page(let target, _) = link.target else { continue }
                XCTAssertTrue((1...document.pageCount).contains(target))
                // A link's words are found on the page it leads to (a heading or the anchored text).
                let words = link.text.split(separator: " ").prefix(2).joined(separator: " ")
                if !words.isEmpty, document.pageText(target).lowercased().contains(words.lowercased()) { followed += 1 }
            }
        }
        XCTAssertGreaterThan(followed, 0, "no link of the first pages led to a page with its words")
    }
}
