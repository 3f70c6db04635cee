@testable import BookLibrary
import TestSupport
import XCTest

final class TextMatcherTests: XCTestCase {
    private func found(_ query: String, in text: String) -> [String] {
        guard var matcher = TextMatcher(query: query) else { return [] }
        return matcher.matches(in: text).map { String(text[$0.range]) }
    }

    func testCaseAndDiacriticsFoldLikeAFindBox() {
        XCTAssertEqual(found("resume", in: "Her Résumé and a RESUME."), ["Résumé", "RESUME"])
        XCTAssertEqual(found("übermass", in: "kein Übermass hier"), ["Übermass"])
        XCTAssertEqual(found("CAFÉ", in: "le cafe, le café"), ["cafe", "café"])
    }

    func testPhrasesCrossLineBreaksAndTheLastWordIsAPrefix() {
        XCTAssertEqual(found("quiet harbour lights", in: "the quiet\nharbour   lights shone"), ["quiet\nharbour   lights"])
        XCTAssertEqual(found("licen", in: "license, licensed and licensing; not a lichen"), ["license", "licensed", "licensing"])
        XCTAssertEqual(found("harbour lights", in: "harbour keeper lights"), [])
    }

    func testCJKMatchesAsSubstrings() {
        XCTAssertEqual(found("図書", in: "市立図書館と大学図書館"), ["図書", "図書"])
        XCTAssertEqual(found("北京", in: "我在北京图书馆"), ["北京"])
    }

    func testQuerySyntaxIsJustWords() {
        XCTAssertEqual(found("\"harbour AND (lights", in: "harbour and lights"), ["harbour and lights"])
        XCTAssertNil(TextMatcher(query: "\"*^:()"))
    }

    func testSnippetCollapsesWhitespaceAndMarksCuts() {
        let text = String(repeating: "word ", count: 40) + "the needle\nin   the haystack " + String(repeating: "more ", count: 40)
        var matcher = TextMatcher(query: "needle")!
        let snippet = TextMatcher.snippet(text, matcher.matches(in: text)[0].range)
        XCTAssertEqual(snippet.match, "needle")
        XCTAssertTrue(snippet.before.hasPrefix("…") && snippet.before.hasSuffix("the "), snippet.before)
        XCTAssertTrue(snippet.after.hasPrefix(" in the haystack") && snippet.after.hasSuffix("…"), snippet.after)
        XCTAssertFalse(snippet.after.contains("  "))
    }

    func testIndexTextSplitsCJKOnly() {
        XCTAssertEqual(IndexText.segmented("plain text"), "plain text")
        XCTAssertEqual(IndexText.segmented("東京Tower"), " 東  京 Tower")
    }

    func testTheASCIIPathFindsWhatTheUnicodePathFinds() {
        var generator = SeededGenerator(seed: 5)
        let words = ["the", "The", "lighthouse", "Lighthouse", "keeper", "keepers", "KEEPER", "a", "harbour", "l1ght", "x"]
        for _ in 0..<200 {
            let text = (0..<80).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: [" ", "\n", "  ", ", ", "-"].randomElement(using: &generator)!)
            for query in ["lighthouse keeper", "the", "keep", "the lighthouse k", "a harbour", "l1ght x"] {
                var fast = TextMatcher(query: query)!
                var slow = TextMatcher(query: query)!
                let ascii = fast.matches(in: text).map { text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound) }
                let widened = text + " é"   // one non-ASCII character sends the page down the Unicode path
                let unicode = slow.matches(in: widened).map { widened.utf8.distance(from: widened.startIndex, to: $0.range.lowerBound) }
                XCTAssertEqual(ascii, unicode, "\(query) in \(text)")
            }
        }
    }
}
