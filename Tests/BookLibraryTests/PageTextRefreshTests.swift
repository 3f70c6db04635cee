@testable import BookLibrary
@testable import TextSearch
import XCTest

/// How text read again carries over what was built on the old text: the
/// offsets of highlights, and what OCR read on a page.
final class PageTextRefreshTests: XCTestCase {
    func testOffsetsFollowTheCharactersAcrossAddedSeparators() throws {
        let map = try XCTUnwrap(TextOffsetMap(old: "Water and Wind2500 BCE\nGuilds", new: "Water and Wind 2500 BCE\nGuilds"))
        XCTAssertEqual(map.map(10...21), 10...22, "Wind2500 BCE becomes Wind 2500 BCE")
        XCTAssertEqual(map.map(0...4), 0...4, "before the separator, unmoved")
        XCTAssertEqual(map.map(23...28), 24...29, "after it, one on")
        XCTAssertNil(map.map(20...40), "out of the old text")
        let dropped = try XCTUnwrap(TextOffsetMap(old: "a  b", new: "a b"))
        XCTAssertEqual(dropped.map(0...3), 0...2)
        XCTAssertNil(TextOffsetMap(old: "Hello World", new: "Hullo World"), "more than whitespace changed")
        XCTAssertNil(TextOffsetMap(old: "Hello", new: "Hello World"), "words added")
    }

    func testAnOCRdPageKeepsWhatOCRReadBehindItsNewOwnText() {
        // OCR's text behind the page's own few characters.
        XCTAssertEqual(PageTextRefresh.withOwnText("Plate 3 Map", replacing: "Plate 3Map", in: "Plate 3Map\n\nThe harbour at dawn"),
                       "Plate 3 Map\n\nThe harbour at dawn")
        // OCR found nothing: the own text alone.
        XCTAssertEqual(PageTextRefresh.withOwnText("Plate 3 Map", replacing: "Plate 3Map", in: "Plate 3Map"), "Plate 3 Map")
        // OCR of every page replaced the own text: OCR's stays.
        XCTAssertEqual(PageTextRefresh.withOwnText("Plate 3 Map", replacing: "Plate 3Map", in: "The harbour at dawn"),
                       "The harbour at dawn")
        // No own text before: nothing of it is in the stored text.
        XCTAssertEqual(PageTextRefresh.withOwnText("", replacing: "", in: "The harbour at dawn"), "The harbour at dawn")
    }
}
