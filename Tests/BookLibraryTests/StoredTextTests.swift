@testable import BookLibrary
import Store
import XCTest

final class StoredTextTests: XCTestCase {
    func testLongTextIsDeflatedAndComesBackIdentical() {
        let text = String(repeating: "The keeper trimmed the wick of the great lens. 東京の図書館で résumé. 😀\n", count: 40)
        let stored = StoredText.encode(text)
        guard case .blob(let bytes) = stored else { return XCTFail("long text is compressed") }
        XCTAssertLessThan(bytes.count, text.utf8.count / 4)
        XCTAssertEqual(StoredText.decode(stored), text)
    }

    func testShortTextAndTextFromBeforeCompressionStayPlain() {
        XCTAssertEqual(StoredText.encode("Page 3"), .text("Page 3"))
        XCTAssertEqual(StoredText.decode(.text("written by an older ibook")), "written by an older ibook")
        XCTAssertEqual(StoredText.decode(.null), "")
        XCTAssertEqual(StoredText.decode(.blob([1, 2, 3, 4, 5, 6])), "", "a damaged value reads as no text, not a crash")
    }
}
