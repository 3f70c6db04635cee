import TerminalIO
import XCTest

final class KeyDecoderTests: XCTestCase {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    private func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

    func testTextControlAndSequences() {
        XCTAssertEqual(keys("jé東"), [.character("j"), .character("é"), .character("東")])
        XCTAssertEqual(keys([0x03, 0x0F, 0x09, 0x0D, 0x7F, 0x1A]),
                       [.control("c"), .control("o"), .tab, .enter, .backspace, .control("z")])
        XCTAssertEqual(keys("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D"), [.up, .down, .right, .left])
        XCTAssertEqual(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~"), [.pageUp, .pageDown, .home, .end])
        XCTAssertEqual(keys("\u{1B}OP\u{1B}[11~\u{1B}[[A\u{1B}[24~"), [.function(1), .function(1), .function(1), .function(12)])
        XCTAssertEqual(keys("\u{1B}[1;5A"), [.up], "modifiers do not hide the arrow")
        XCTAssertEqual(keys("\u{1B}"), [.escape])
        XCTAssertEqual(keys("\u{1B}q"), [.escape, .character("q")], "Escape then q, typed fast, is both keys")
        // A terminal's answer (cursor report) is not a key.
        XCTAssertEqual(keys("\u{1B}[12;40Rq"), [.character("q")])
    }

    func testCharactersSplitAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("東".utf8)
        XCTAssertEqual(decoder.decode(Array(bytes.prefix(2))), [])
        XCTAssertEqual(decoder.decode(Array(bytes.suffix(1)) + [UInt8(ascii: "q")]), [.character("東"), .character("q")])
    }

    func testShiftSpaceWhereTheTerminalReportsIt() {
        XCTAssertEqual(keys("\u{1B}[32;2u"), [.shiftSpace], "kitty keyboard protocol")
        XCTAssertEqual(keys("\u{1B}[27;2;32~"), [.shiftSpace], "xterm modifyOtherKeys")
        XCTAssertEqual(keys(" "), [.character(" ")])
    }
}
