import Foundation
import TerminalIO
import XCTest

/// OSC 52: the text base64-encoded between `ESC ] 52 ; c ;` and BEL, bounded,
/// and inside tmux also wrapped in its passthrough when that is allowed.
final class ClipboardSequenceTests: XCTestCase {
    func testTheSequenceCarriesTheTextInBase64() throws {
        let sequence = try XCTUnwrap(ClipboardSequence.osc52("Fresnel's lens — 灯台\nnext line"))
        let text = String(decoding: sequence, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}]52;c;"))
        XCTAssertEqual(sequence.last, 0x07)
        let payload = String(text.dropFirst(7).dropLast())
        let decoded = try XCTUnwrap(Data(base64Encoded: payload))
        XCTAssertEqual(String(decoding: decoded, as: UTF8.self), "Fresnel's lens — 灯台\nnext line")
        XCTAssertFalse(sequence.dropLast().contains(0x07), "no BEL inside to end it early")
        XCTAssertFalse(sequence.dropFirst().contains(0x1B), "no ESC inside")
    }

    func testTextOverTheLimitIsRefusedNotCut() {
        let most = String(repeating: "a", count: ClipboardSequence.maximumTextBytes)
        XCTAssertNotNil(ClipboardSequence.osc52(most))
        XCTAssertLessThanOrEqual(ClipboardSequence.osc52(most)?.count ?? .max, 100_000 + 8)
        XCTAssertNil(ClipboardSequence.osc52(most + "a"))
        XCTAssertNil(ClipboardSequence.osc52(String(repeating: "é", count: ClipboardSequence.maximumTextBytes / 2 + 1)), "counted in bytes")
        XCTAssertNil(ClipboardSequence.bytes(for: most + "a", insideTmux: true, passthrough: true))
    }

    func testInsideTmuxThePlainSequenceGoesFirstThenTheWrappedOne() throws {
        let plain = try XCTUnwrap(ClipboardSequence.osc52("lens"))
        XCTAssertEqual(ClipboardSequence.bytes(for: "lens", insideTmux: false, passthrough: true), plain)
        XCTAssertEqual(ClipboardSequence.bytes(for: "lens", insideTmux: true, passthrough: false), plain,
                       "without passthrough tmux would keep the wrapped one to itself")
        let both = try XCTUnwrap(ClipboardSequence.bytes(for: "lens", insideTmux: true, passthrough: true))
        XCTAssertEqual(Array(both.prefix(plain.count)), plain)
        let wrapped = String(decoding: both.dropFirst(plain.count), as: UTF8.self)
        XCTAssertEqual(wrapped, "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;bGVucw==\u{07}\u{1B}\\")
    }
}
