import LeanBasics
import XCTest

/// One escaping for HTML and XML: markup stays text, and what XML forbids is left out.
final class MarkupEscapingTests: XCTestCase {
    func testMarkupIsEscapedAndWhatXMLForbidsIsDropped() {
        XCTAssertEqual(MarkupEscaping.text("a<b>&\"'\u{0}\u{1b}[31m\u{85}\u{fffe}z\tok\r\n"),
                       "a&lt;b&gt;&amp;&quot;&#39;[31mz\tok\r\n")
    }

    func testAQuoteWithACombiningMarkIsStillEscaped() {
        // One Character ("\"" and U+0301), two scalars: read by Character, the quote would slip through.
        XCTAssertEqual(MarkupEscaping.text("x=\"\u{301} onload=alert(1)"), "x=&quot;\u{301} onload=alert(1)")
    }

    func testTextWithoutMarkupIsUnchanged() {
        let text = "Über das Meer — 海の本, ½ and 😀"
        XCTAssertEqual(MarkupEscaping.text(text), text)
    }
}
