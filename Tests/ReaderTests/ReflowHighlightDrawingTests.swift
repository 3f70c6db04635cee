import Foundation
import PageRendering
import ReflowDocuments
import TestSupport
import XCTest

/// A laid-out book's highlight drawn by the real render worker on the reader's pages: at two
/// type sizes the tint falls on the words MuPDF's own search finds there, and nowhere else.
final class ReflowHighlightDrawingTests: XCTestCase {
    override func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    func testAHighlightCoversItsWordsAtEveryTypeSize() throws {
        let path = Fixtures.sampleBook("voyage.epub")
        let passage = "The captain described the ice on the rigging for almost an hour"
        // Kept as `ibook highlight` keeps it: the letters of its chapter, from the reference layout.
        let reference = try ReflowDocument(path: path)
        let page = try XCTUnwrap((1...reference.pageCount).first { reference.pageText($0).contains("The captain described") })
        let text = reference.pageText(page)
        let found = try XCTUnwrap(text.range(of: "The captain described the ice on the rigging for\nalmost an hour")
            ?? text.range(of: passage))
        let start = reference.position(ofPage: page)
        let before = text[..<found.lowerBound].reduce(0) { $0 + ReflowText.letters(in: $1) }
        let inside = text[found].reduce(0) { $0 + ReflowText.letters(in: $1) }
        let highlight = TextHighlight(chapter: start.chapter, firstLetter: start.letters + before,
                                      lastLetter: start.letters + before + inside - 1, red: 255, green: 255, blue: 0)

        let client = RenderClient(executable: RenderWorkerUnderTest.executable, timeLimit: 60)
        for fontSize in [10.0, 18.0] {
            let layout = RenderLayout(pixelWidth: 800, pixelHeight: 464, fontSize: fontSize)
            let mapRequest = RenderRequest(path: path, password: nil, page: 1, boxWidth: 1, boxHeight: 1, layout: layout, pageMap: true)
            guard case .pageMap(let map) = try RenderWorkerUnderTest.reply(client, mapRequest, timeout: 60) else {
                return XCTFail("no page map")
            }
            let view = map.viewPage(holding: highlight.first)
            var plain = RenderRequest(path: path, password: nil, page: view, boxWidth: 800, boxHeight: 464, find: "The captain described", layout: layout)
            guard case .page(.image(let bare, let matches, _)) = try RenderWorkerUnderTest.reply(client, plain, timeout: 60) else { return XCTFail("no page") }
            XCTAssertFalse(matches.isEmpty, "the passage begins on view page \(view) at \(fontSize) pt")
            plain.highlights = [highlight]
            guard case .page(.image(let marked, _, _)) = try RenderWorkerUnderTest.reply(client, plain, timeout: 60) else { return XCTFail("no page") }
            XCTAssertEqual(marked.width, bare.width)
            XCTAssertEqual(marked.height, bare.height)

            // Tinted pixels: white became yellow under the highlight; none changed above its first line.
            let top = Int((matches[0].y * Double(bare.height)).rounded(.down)) - 2
            let left = Int((matches[0].x * Double(bare.width)).rounded(.down)) - 2
            var tinted = 0, above = 0, beforeFirstWord = 0
            let firstLineBottom = top + Int(matches[0].height * Double(bare.height)) + 2
            for y in 0..<bare.height {
                for x in 0..<bare.width where bare.pixel(x: x, y: y) != marked.pixel(x: x, y: y) {
                    tinted += 1
                    if y < top { above += 1 }
                    if y < firstLineBottom, x < left { beforeFirstWord += 1 }
                }
            }
            XCTAssertEqual(above, 0, "nothing marked above the passage at \(fontSize) pt")
            XCTAssertEqual(beforeFirstWord, 0, "the first line is marked from the passage's first word at \(fontSize) pt")
            XCTAssertGreaterThan(tinted, 500, "the passage is tinted at \(fontSize) pt")
            let middle = (x: Int((matches[0].x + matches[0].width / 2) * Double(bare.width)),
                          y: Int((matches[0].y + matches[0].height / 2) * Double(bare.height)))
            var yellow = false
            for dx in -20...20 where (0..<marked.width).contains(middle.x + dx) {
                let pixel = marked.pixel(x: middle.x + dx, y: middle.y)
                if pixel.red > 200, pixel.green > 200, pixel.blue < 60 { yellow = true }
            }
            XCTAssertTrue(yellow, "the paper under the words is yellow at \(fontSize) pt")
        }
    }
}
