import Foundation
import PageRendering
import TestSupport
import XCTest

/// A reflowable book laid out for the screen by the real render worker
/// (`ibook-full __render`): Moby-Dick's reference pages (622) found on the
/// view pages and back, at two font sizes.
final class ViewLayoutWorkerTests: XCTestCase {
    override func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    private func mobyDick() throws -> String {
        try Fixtures.requireCorpus("Moby-Dick laid out for the screen").appendingPathComponent("epub/moby-dick.epub").path
    }

    /// A terminal of 100×30 cells of 8×16 pixels, less the status line.
    private func layout(fontSize: Double) -> RenderLayout {
        RenderLayout(pixelWidth: 800, pixelHeight: 29 * 16, fontSize: fontSize)
    }

    private func pageMap(_ client: RenderClient, _ path: String, fontSize: Double) throws -> PageMap {
        let request = RenderRequest(path: path, password: nil, page: 1, boxWidth: 1, boxHeight: 1,
                                    layout: layout(fontSize: fontSize), pageMap: true)
        switch try RenderWorkerUnderTest.reply(client, request) {
        case .pageMap(let map): return map
        default: throw XCTSkip("no page map")
        }
    }

    func testReferencePagesMapToViewPagesAndBackAtTwoFontSizes() throws {
        let path = try mobyDick()
        let client = RenderClient(executable: RenderWorkerUnderTest.executable, timeLimit: 120)
        let started = Date()
        let small = try pageMap(client, path, fontSize: 11)
        let smallTime = Date().timeIntervalSince(started)
        let large = try pageMap(client, path, fontSize: 16)
        print("laid out at 11 pt in \(smallTime) s: \(small.viewPageCount) pages; at 16 pt: \(large.viewPageCount) pages, in all \(Date().timeIntervalSince(started)) s")
        for map in [small, large] {
            XCTAssertEqual(map.referencePageCount, 622)
            for reference in [1, 24, 100, 300, 621, 622] {
                let view = map.viewPage(ofReference: reference)
                XCTAssertTrue((1...map.viewPageCount).contains(view))
                XCTAssertEqual(map.referencePage(ofView: view), reference, "p. \(reference) at \(map.layout.fontSize) pt")
            }
            // Every reference page's start is on the view page it maps to, in order.
            var previous = 0
            for reference in 1...622 {
                let view = map.viewPage(ofReference: reference)
                XCTAssertGreaterThanOrEqual(view, previous)
                previous = view
            }
        }
        XCTAssertGreaterThan(large.viewPageCount, small.viewPageCount, "a bigger font makes more pages")
    }

    /// The matches `find` outlines on a page (of the reference layout without one).
    private func matches(_ client: RenderClient, _ path: String, page: Int, layout: RenderLayout?) throws -> Int {
        let request = RenderRequest(path: path, password: nil, page: page, boxWidth: 40, boxHeight: 40, find: "Ishmael", layout: layout)
        guard case .page(.image(_, let matches, _)) = try RenderWorkerUnderTest.reply(client, request) else { throw XCTSkip("no page \(page)") }
        return matches.count
    }

    func testSearchHitsArePlacedOnTheViewPagesTheyAreOn() throws {
        let path = try mobyDick()
        let client = RenderClient(executable: RenderWorkerUnderTest.executable, timeLimit: 120)
        // The hits the library would give: each occurrence on the first reference pages, by page.
        var hitPages: [Int] = []
        for page in 1...40 { hitPages += Array(repeating: page, count: try matches(client, path, page: page, layout: nil)) }
        XCTAssertFalse(hitPages.isEmpty, "Ishmael is named early on")
        let layout = layout(fontSize: 20)
        let map = try pageMap(client, path, fontSize: 20)
        var request = RenderRequest(path: path, password: nil, page: 1, boxWidth: 1, boxHeight: 1, find: "Ishmael", layout: layout)
        request.hitPages = hitPages
        guard case .hitPlaces(let places) = try RenderWorkerUnderTest.reply(client, request) else { return XCTFail("no hit places") }
        XCTAssertEqual(places.count, hitPages.count)
        var movedOn = 0
        for (place, reference) in zip(places, hitPages) {
            let first = map.viewPage(ofReference: reference), last = map.viewPage(ofReference: reference + 1)
            XCTAssertTrue((first...last).contains(place.page), "a hit on p. \(reference) is on a view page it spans")
            XCTAssertLessThan(place.occurrence, try matches(client, path, page: place.page, layout: layout),
                              "the view page shows the hit (p. \(reference), view page \(place.page))")
            if place.page != first { movedOn += 1 }
        }
        XCTAssertGreaterThan(movedOn, 0, "at 20 pt some hits are past their reference page's first view page")
    }

    func testAViewPageRendersAtTheLayoutsProportions() throws {
        let path = try mobyDick()
        let client = RenderClient(executable: RenderWorkerUnderTest.executable, timeLimit: 120)
        let request = RenderRequest(path: path, password: nil, page: 2, boxWidth: 800, boxHeight: 29 * 16, layout: layout(fontSize: 11))
        guard case .page(.image(let image, _, _)) = try RenderWorkerUnderTest.reply(client, request) else { return XCTFail("no image") }
        XCTAssertEqual(Double(image.width) / Double(image.height), 800.0 / 464.0, accuracy: 0.02)
    }
}
