import Foundation
import PageRendering
import PDF
import TestSupport
import XCTest

/// The render worker (`ibook-full __render`) reports the links of a laid-out book's page with its
/// image, in the layout it drew: IDPF's internallinks.epub, whose pages link to each other.
final class LaidOutLinkWorkerTests: XCTestCase {
    override func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// The links the worker reported with each page of the layout, by page.
    private func links(_ client: RenderClient, _ path: String, _ layout: RenderLayout) throws -> [Int: [PageLink]] {
        let mapRequest = RenderRequest(path: path, password: nil, page: 1, boxWidth: 1, boxHeight: 1, layout: layout, pageMap: true)
        guard case .pageMap(let map) = try RenderWorkerUnderTest.reply(client, mapRequest) else { throw XCTSkip("no page map") }
        var found: [Int: [PageLink]] = [:]
        for page in 1...map.viewPageCount {
            let request = RenderRequest(path: path, password: nil, page: page, boxWidth: 200, boxHeight: 200, layout: layout)
            guard case .page(.image(_, _, let links)) = try RenderWorkerUnderTest.reply(client, request) else { throw XCTSkip("no page \(page)") }
            found[page] = links
        }
        return found
    }

    func testAViewPagesLinksLeadToPagesOfItsLayout() throws {
        let path = try Fixtures.requireCorpus("internallinks.epub's links").appendingPathComponent("epub/internallinks.epub").path
        let client = RenderClient(executable: RenderWorkerUnderTest.executable, timeLimit: 120)
        let small = RenderLayout(pixelWidth: 800, pixelHeight: 29 * 16, fontSize: 11)
        let large = RenderLayout(pixelWidth: 800, pixelHeight: 29 * 16, fontSize: 18)
        let atSmall = try links(client, path, small), atLarge = try links(client, path, large)
        for (layout, pages) in [(small, atSmall), (large, atLarge)] {
            let all = pages.values.flatMap { $0 }
            XCTAssertFalse(all.isEmpty, "the book's pages link to each other at \(layout.fontSize) pt")
            for link in all {
                XCTAssertTrue([link.area.x, link.area.y, link.area.width, link.area.height].allSatisfy { (0...1).contains($0) })
                if case .page(let target, _) = link.target {
                    XCTAssertTrue((1...pages.count).contains(target), "page \(target) of \(pages.count) at \(layout.fontSize) pt")
                }
            }
        }
        XCTAssertGreaterThan(atLarge.count, atSmall.count, "larger type makes more pages")
        // The same links, spread over more pages, leading further on.
        let targets = { (pages: [Int: [PageLink]]) -> [Int] in
            pages.keys.sorted().flatMap { pages[$0]! }.compactMap { if case .page(let page, _) = $0.target { return page } else { return nil } }
        }
        XCTAssertGreaterThan(targets(atLarge).max() ?? 0, atSmall.count, "some link leads past the smaller type's last page")

        // A PDF's page brings no links: the reader reads those itself.
        let pdf = Fixtures.sampleBook("lighthouses.pdf")
        let request = RenderRequest(path: pdf, password: nil, page: 1, boxWidth: 200, boxHeight: 200)
        guard case .page(.image(_, _, let none)) = try RenderWorkerUnderTest.reply(client, request) else { return XCTFail("no PDF page") }
        XCTAssertTrue(none.isEmpty)
    }
}
