import ReflowDocuments
import XCTest

/// A highlight's text as a line reads it, and the letters positions count.
final class ReflowTextTests: XCTestCase {
    func testLinesJoinAsTheyRead() {
        XCTAssertEqual(ReflowText.joined(Array("The captain described the ice on the rigging for\nalmost an hour")),
                       "The captain described the ice on the rigging for almost an hour")
        XCTAssertEqual(ReflowText.joined(Array("a hyphen\u{00AD}\nated word")), "a hyphenated word")
        XCTAssertEqual(ReflowText.joined(Array("黛玉抚\n琴一曲")), "黛玉抚琴一曲", "no space inside Chinese")
        XCTAssertEqual(ReflowText.joined(Array("  spaced   out \n")), "spaced out")
    }

    func testLettersAreWhatIsNotWhiteSpace() {
        XCTAssertEqual(Array("Call me\u{00A0}Ishmael.\n").reduce(0) { $0 + ReflowText.letters(in: $1) }, 14)
        XCTAssertEqual(ReflowText.letters(in: "e\u{0301}"), 2, "a letter and its accent, as MuPDF counts them")
        XCTAssertEqual(ReflowText.letters(in: "\u{3000}"), 0, "the ideographic space")
    }
}
