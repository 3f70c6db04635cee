import Foundation
import PDF
import TestSupport
import XCTest

/// Links read from poppler: where they are, the text under them, and
/// where they lead, named destinations resolved through the catalog.
final class PageLinksTests: XCTestCase {
    func testLinksToPagesNamedDestinationsAndAddresses() throws {
        let folder = try Fixtures.temporaryDirectory("links")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("linked.pdf")
        try LinkedPDF.threePages().write(to: url)
        let document = try PDFDocument(path: url.path)
        let links = document.links(onPage: 1)
        XCTAssertEqual(links.count, 3, "\(links)")
        guard links.count == 3 else { return }
        // In reading order, top first, whatever order poppler keeps them in.
        XCTAssertEqual(links.map(\.target), [.page(2, top: 1 - 500.0 / 792), .page(3, top: 1 - 300.0 / 792),
                                             .uri("https://example.org/manual")])
        XCTAssertEqual(links[0].area.x, 70.0 / 612, accuracy: 0.001)
        XCTAssertEqual(links[0].area.y, (792 - 732.0) / 792, accuracy: 0.001)
        XCTAssertEqual(links[0].area.height, 14.0 / 792, accuracy: 0.001)
        XCTAssertTrue(links[0].text.contains("Chapter Two"), links[0].text)
        XCTAssertTrue(links[1].text.contains("Named target"), links[1].text)
        XCTAssertEqual(document.links(onPage: 2), [])
        XCTAssertEqual(document.links(onPage: 4), [], "no page 4")
    }

    func testADestinationPastTheLastPageIsLeftOut() throws {
        let folder = try Fixtures.temporaryDirectory("links")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("dangling.pdf")
        try LinkedPDF.make(title: "Dangling", pages: ["one", "two"],
                           links: [.init(page: 1, rect: (70, 716, 250, 732), target: .named("nowhere")),
                                   .init(page: 1, rect: (70, 600, 250, 620), target: .page(2, top: 792))])
            .write(to: url)
        let links = try PDFDocument(path: url.path).links(onPage: 1)
        XCTAssertEqual(links.map(\.target), [.page(2, top: 0)], "an unknown name leads nowhere and is dropped")
    }
}
