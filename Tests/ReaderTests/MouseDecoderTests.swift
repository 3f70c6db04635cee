import TerminalIO
import XCTest

/// SGR mouse reports (`CSI < b ; x ; y M/m`) among keys: what the decoder
/// makes of them whole, split across reads, and malformed.
final class MouseDecoderTests: XCTestCase {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    func testPressReleaseAndTheWheel() {
        XCTAssertEqual(keys("\u{1B}[<0;5;3M"), [.mouse(MouseEvent(button: .left, pressed: true, column: 5, row: 3))])
        XCTAssertEqual(keys("\u{1B}[<0;5;3m"), [.mouse(MouseEvent(button: .left, pressed: false, column: 5, row: 3))])
        XCTAssertEqual(keys("\u{1B}[<2;120;40M"), [.mouse(MouseEvent(button: .right, column: 120, row: 40))],
                       "SGR has no limit at column 223")
        XCTAssertEqual(keys("\u{1B}[<1;1;1M"), [.mouse(MouseEvent(button: .middle, column: 1, row: 1))])
        XCTAssertEqual(keys("\u{1B}[<64;10;2M\u{1B}[<65;10;2M"),
                       [.mouse(MouseEvent(button: .wheelUp, column: 10, row: 2)), .mouse(MouseEvent(button: .wheelDown, column: 10, row: 2))])
        XCTAssertEqual(keys("\u{1B}[<66;1;1M"), [.mouse(MouseEvent(button: .other(66), column: 1, row: 1))], "wheel sideways")
    }

    func testModifiers() {
        XCTAssertEqual(keys("\u{1B}[<4;2;2M"), [.mouse(MouseEvent(button: .left, column: 2, row: 2, shift: true))])
        XCTAssertEqual(keys("\u{1B}[<24;2;2M"), [.mouse(MouseEvent(button: .left, column: 2, row: 2, alt: true, control: true))])
        XCTAssertEqual(keys("\u{1B}[<80;2;2M"), [.mouse(MouseEvent(button: .wheelUp, column: 2, row: 2, control: true))])
        XCTAssertTrue(MouseEvent(button: .left, column: 1, row: 1).isClick)
        XCTAssertFalse(MouseEvent(button: .left, pressed: false, column: 1, row: 1).isClick)
    }

    func testAmongKeys() {
        XCTAssertEqual(keys("j\u{1B}[<0;5;3M\u{1B}[<0;5;3mq"),
                       [.character("j"), .mouse(MouseEvent(button: .left, column: 5, row: 3)),
                        .mouse(MouseEvent(button: .left, pressed: false, column: 5, row: 3)), .character("q")])
    }

    func testSplitAcrossReads() {
        let report = Array("\u{1B}[<0;15;12M".utf8)
        // Cut everywhere past the escape itself (an escape alone at the end of a read is the Escape key).
        for cut in 2..<report.count {
            var decoder = KeyDecoder()
            XCTAssertEqual(decoder.decode(Array(report[..<cut])), [], "cut at \(cut)")
            XCTAssertEqual(decoder.decode(Array(report[cut...]) + [UInt8(ascii: "k")]),
                           [.mouse(MouseEvent(button: .left, column: 15, row: 12)), .character("k")], "cut at \(cut)")
        }
        // In three pieces, and an arrow cut the same way.
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1B}[<6".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("5;3".utf8)), [])
        XCTAssertEqual(decoder.decode(Array(";9M\u{1B}[".utf8)), [.mouse(MouseEvent(button: .wheelDown, column: 3, row: 9))])
        XCTAssertEqual(decoder.decode(Array("B".utf8)), [.down])
    }

    /// Under button-event tracking (?1002h) a held left button reports each
    /// cell the pointer moves to (32 + 0); a move with no button held (35,
    /// only under ?1003h) is not a drag and is dropped.
    func testDragMotionIsReportedAsMotionOfTheHeldButton() {
        XCTAssertEqual(keys("\u{1B}[<32;7;4M"), [.mouse(MouseEvent(button: .left, motion: true, column: 7, row: 4))])
        XCTAssertEqual(keys("\u{1B}[<36;7;4M"), [.mouse(MouseEvent(button: .left, motion: true, column: 7, row: 4, shift: true))])
        XCTAssertFalse(MouseEvent(button: .left, motion: true, column: 7, row: 4).isClick, "a drag is not a click")
        XCTAssertEqual(keys("\u{1B}[<35;7;4Mq"), [.character("q")])
        XCTAssertEqual(keys("\u{1B}[<96;7;4Mq"), [.character("q")], "the wheel does not drag")
    }

    func testMalformedReportsAreDroppedAndTheKeysAfterThemKept() {
        for garbage in ["\u{1B}[<0;5M", "\u{1B}[<0;5;3;4M", "\u{1B}[<;;M", "\u{1B}[<1.5;2;3M", "\u{1B}[<0;0;3M", "\u{1B}[<0;5;-3M",
                        "\u{1B}[<-1;5;3M", "\u{1B}[<99999999999999999999;1;1M", "\u{1B}[<0;5;3X", "\u{1B}[<35;5;3M",
                        "\u{1B}[<0;1234567;1M", "\u{1B}[<M"] {
            XCTAssertEqual(keys(garbage + "q"), [.character("q")], garbage.debugDescription)
        }
        // Parameters with no end are not waited for forever: past any real sequence's length they go.
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode(Array(("\u{1B}[<" + String(repeating: "1;", count: 20)).utf8)), [])
        XCTAssertEqual(decoder.decode(Array((String(repeating: "2;", count: 40)).utf8)), [])
        XCTAssertEqual(decoder.decode(Array("q".utf8)), [.character("q")])
        // Random bytes never crash the decoder.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var noisy = KeyDecoder()
            let bytes = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                [0x1B, 0x5B, 0x3C, 0x3B, 0x4D, 0x6D, 0x30, 0x35, 0x39, 0xE6, 0x9D][Int.random(in: 0...10, using: &generator)] as UInt8
            }
            _ = noisy.decode(bytes)
            _ = noisy.decode(Array("q".utf8))
        }
    }
}
