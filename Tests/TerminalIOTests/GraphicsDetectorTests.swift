import Foundation
import TerminalIO
import XCTest

/// Choosing a graphics mode: the environment's hints, the user's choice, and
/// a real pseudo-terminal played by a thread that answers like kitty, like a
/// sixel terminal, or not at all.
final class GraphicsDetectorTests: XCTestCase {
    func testEnvironmentHints() {
        let cases: [([String: String], GraphicsMode?)] = [
            (["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"], .kitty),
            (["TERM": "xterm-kitty"], .kitty),
            (["TERM": "xterm-ghostty"], .kitty),
            (["TERM_PROGRAM": "ghostty"], .kitty),
            (["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"], .kitty),
            (["KONSOLE_VERSION": "230804", "TERM": "xterm-256color"], .kitty),
            (["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"], .iterm),
            (["TERM_PROGRAM": "tmux", "TMUX": "/tmp/tmux-0/default,1,0", "LC_TERMINAL": "iTerm2"], .iterm),
            (["TERM": "foot"], .sixel),
            (["TERM": "foot-extra"], .sixel),
            (["TERM": "mlterm-256color"], .sixel),
            (["TERM": "xterm-sixel"], .sixel),
            (["WT_SESSION": "b2d0", "TERM": "xterm-256color"], .sixel),
            (["TERM": "xterm-256color"], nil),
            (["TERM_PROGRAM": "tmux", "TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], nil),
            ([:], nil),
        ]
        for (environment, expected) in cases {
            XCTAssertEqual(GraphicsDetector.fromEnvironment(environment), expected, "\(environment)")
        }
    }

    func testTmuxClientNames() {
        XCTAssertEqual(GraphicsDetector.fromTmuxClient(termName: "xterm-kitty", termType: ""), .kitty)
        XCTAssertEqual(GraphicsDetector.fromTmuxClient(termName: "xterm-256color", termType: "kitty(0.26.5)"), .kitty)
        XCTAssertEqual(GraphicsDetector.fromTmuxClient(termName: "xterm-256color", termType: "WezTerm 20230712"), .kitty)
        XCTAssertEqual(GraphicsDetector.fromTmuxClient(termName: "xterm-256color", termType: "iTerm2 3.4.19"), .iterm)
        XCTAssertEqual(GraphicsDetector.fromTmuxClient(termName: "foot", termType: "foot(1.13.1)"), .sixel)
        XCTAssertNil(GraphicsDetector.fromTmuxClient(termName: "xterm-256color", termType: "XTerm(379)"))
    }

    func testRequestedModeOverridesAndAutoFallsBackInOrder() throws {
        var asked = 0
        let kittyAnswer = { () -> GraphicsQueryAnswer? in
            asked += 1
            return GraphicsQueryAnswer(kitty: true, answeredDeviceAttributes: true)
        }
        let plain = ["TERM": "xterm-256color"]
        XCTAssertEqual(try GraphicsDetector.choose(requested: "sixel", environment: ["TERM": "xterm-kitty"], query: kittyAnswer), .sixel)
        XCTAssertEqual(try GraphicsDetector.choose(requested: nil, environment: plain.merging(["IBOOK_GRAPHICS": "text"]) { $1 },
                                                   query: kittyAnswer), .text)
        XCTAssertEqual(try GraphicsDetector.choose(requested: "BLOCKS", environment: plain, query: kittyAnswer), .blocks)
        XCTAssertEqual(asked, 0, "an explicit mode asks the terminal nothing")
        XCTAssertEqual(try GraphicsDetector.choose(requested: "auto", environment: ["TERM": "foot"], query: kittyAnswer), .sixel)
        XCTAssertEqual(asked, 0, "an environment hint is enough")
        XCTAssertEqual(try GraphicsDetector.choose(requested: nil, environment: plain, query: kittyAnswer), .kitty)
        XCTAssertEqual(try GraphicsDetector.choose(requested: nil, environment: plain.merging(["IBOOK_GRAPHICS": "auto"]) { $1 },
                                                   query: { GraphicsQueryAnswer(sixel: true, answeredDeviceAttributes: true) }),
                       .sixel)
        XCTAssertEqual(try GraphicsDetector.choose(requested: nil, environment: plain, query: { GraphicsQueryAnswer() }), .blocks)
        XCTAssertEqual(try GraphicsDetector.choose(requested: nil, environment: plain, query: { nil }), .blocks)

        // A dumb terminal is not asked (it would print the question) and gets text; asked for blocks, gets them without colour.
        XCTAssertEqual(try GraphicsDetector.choose(requested: nil, environment: ["TERM": "dumb"], query: kittyAnswer), .text)
        XCTAssertEqual(asked, 1, "only the plain terminal above was asked")
        XCTAssertTrue(GraphicsSetup.forbidsColour(["TERM": "dumb"]))
        XCTAssertTrue(GraphicsSetup.forbidsColour(["TERM": "xterm-256color", "NO_COLOR": "1"]))
        XCTAssertFalse(GraphicsSetup.forbidsColour(["TERM": "xterm-256color", "NO_COLOR": ""]), "empty NO_COLOR is unset (no-color.org)")
        XCTAssertFalse(GraphicsSetup.forbidsColour(plain))

        XCTAssertThrowsError(try GraphicsDetector.choose(requested: "bogus", environment: plain, query: kittyAnswer)) { error in
            XCTAssertEqual(error as? GraphicsChoiceError, GraphicsChoiceError(value: "bogus"))
            XCTAssertEqual("\(error)", "unknown graphics mode 'bogus' (choose one of: auto, kitty, iterm, sixel, blocks, text)")
        }
        XCTAssertThrowsError(try GraphicsDetector.choose(requested: nil, environment: ["IBOOK_GRAPHICS": "png"], query: { nil }))
    }

    // MARK: asking a pseudo-terminal

    private struct PseudoTerminal {
        let terminal: Int32
        let program: Int32

        init() throws {
            var terminal: Int32 = -1, program: Int32 = -1
            guard openpty(&terminal, &program, nil, nil, nil) == 0 else { throw XCTSkip("no pseudo-terminals here") }
            self.terminal = terminal
            self.program = program
        }

        func close() {
            Glibc.close(program)
            Glibc.close(terminal)
        }
    }

    /// What the played terminal has read, shared with its thread.
    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
        func append(_ more: ArraySlice<UInt8>) { lock.withLock { bytes += more } }
    }

    /// Plays the terminal: reads until the whole query has arrived, then
    /// sends the `replies` one by one (nothing when empty).
    @discardableResult
    private func playTerminal(_ pty: PseudoTerminal, replies: [String]) -> Received {
        let received = Received()
        let terminal = pty.terminal
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while !received.text.hasSuffix("\u{1B}[c") {
                var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 1000) > 0 else { return }
                let count = buffer.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                received.append(buffer[0..<count])
            }
            for reply in replies {
                _ = Array(reply.utf8).withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
                usleep(20_000)
            }
        }
        thread.start()
        return received
    }

    private func localModes(_ fileDescriptor: Int32) -> tcflag_t {
        var settings = termios()
        tcgetattr(fileDescriptor, &settings)
        return settings.c_lflag
    }

    func testKittyTerminalAnswersOKAndItsCellSize() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = localModes(pty.program)
        // A key typed while asking arrives among the replies and is handed back.
        let player = playTerminal(pty, replies: ["j\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c"])
        let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 2))
        XCTAssertTrue(answer.kitty)
        XCTAssertFalse(answer.sixel)
        XCTAssertTrue(answer.answeredDeviceAttributes)
        XCTAssertEqual(answer.cellSize?.width, 10)
        XCTAssertEqual(answer.cellSize?.height, 20)
        XCTAssertEqual(answer.otherInput, Array("j".utf8))
        XCTAssertEqual(player.text, "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c")
        XCTAssertEqual(localModes(pty.program), before, "the terminal's modes are restored")
        XCTAssertNotEqual(before & tcflag_t(ICANON), 0)
    }

    /// Inside tmux the kitty question goes wrapped for passthrough (every
    /// ESC in it doubled), or is left out when tmux would not pass it on.
    func testInsideTmuxTheKittyQueryIsWrappedOrLeftOut() throws {
        typealias Probe = GraphicsDetector.KittyProbe
        let tmux = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
        XCTAssertEqual(Probe.forEnvironment(["TERM": "xterm"], passthrough: { XCTFail("tmux is not asked outside it"); return nil }), .plain)
        XCTAssertEqual(Probe.forEnvironment(tmux, passthrough: { true }), .tmuxPassthrough)
        XCTAssertEqual(Probe.forEnvironment(tmux, passthrough: { false }), .skipped)
        XCTAssertEqual(Probe.forEnvironment(tmux, passthrough: { nil }), .skipped, "an unknown setting is not relied on")

        for (probe, expected) in [(Probe.tmuxPassthrough, "\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\"
                                   + "\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\\u{1B}[16t\u{1B}[c"),
                                  (Probe.skipped, "\u{1B}[16t\u{1B}[c")] {
            let pty = try PseudoTerminal()
            defer { pty.close() }
            let player = playTerminal(pty, replies: ["\u{1B}[?62;22c"])
            let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 0.3, kitty: probe))
            XCTAssertTrue(answer.answeredDeviceAttributes)
            XCTAssertEqual(player.text, expected, "\(probe)")
            XCTAssertFalse(player.text.contains("\u{1B}_G") && !player.text.contains("\u{1B}\u{1B}_G"), "no bare APC")
        }
        // Passed through, kitty's answer and the outer terminal's DA1 come after tmux's DA1:
        // they are still read, not left for the program as keys.
        let pty = try PseudoTerminal()
        defer { pty.close() }
        playTerminal(pty, replies: ["\u{1B}[?62;22c", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[?62;22c"])
        let started = Date()
        let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 2, kitty: .tmuxPassthrough))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "the second DA1 ends the wait")
        XCTAssertTrue(answer.kitty)
        XCTAssertEqual(answer.deviceAttributeReplies, 2)
        XCTAssertEqual(answer.otherInput, [])
    }

    /// tmux 3.3 answers DA1 for itself without sixels (`?1;2c`); the xterm
    /// around it, asked through passthrough, lists them (as `xterm -ti vt340`
    /// answered in a real tmux); XTSMGRAPHICS' colour registers say so too.
    func testTheTerminalAroundTmuxListsSixelThroughPassthrough() throws {
        for outer in ["\u{1B}[?63;1;2;4;6;9;15;16;22;28c", "\u{1B}[?1;0;1024S\u{1B}[?63;1;2;6c"] {
            let pty = try PseudoTerminal()
            defer { pty.close() }
            playTerminal(pty, replies: ["\u{1B}[?1;2c", outer])
            let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 2, kitty: .tmuxPassthrough))
            XCTAssertTrue(answer.sixel, outer)
            XCTAssertFalse(answer.kitty)
            XCTAssertEqual(answer.otherInput, [], outer)
        }
        // Without passthrough tmux's answer is all there is.
        let pty = try PseudoTerminal()
        defer { pty.close() }
        playTerminal(pty, replies: ["\u{1B}[?1;2c"])
        let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 2, kitty: .skipped))
        XCTAssertFalse(answer.sixel)
        XCTAssertTrue(answer.answeredDeviceAttributes)
    }

    /// A protocol asked for by name that the terminal did not answer to is
    /// said on the status line, with what the terminal does show; silence
    /// (no DA1 at all) is no evidence either way.
    func testAForcedProtocolWithoutAnAnswerIsSaid() {
        let xterm = GraphicsQueryAnswer(sixel: true, answeredDeviceAttributes: true)
        XCTAssertEqual(GraphicsSetup.unanswered(.kitty, xterm),
                       "No answer to kitty's graphics query (it lists sixel): the pages may not show")
        XCTAssertNil(GraphicsSetup.unanswered(.sixel, xterm))
        let kitty = GraphicsQueryAnswer(kitty: true, answeredDeviceAttributes: true)
        XCTAssertEqual(GraphicsSetup.unanswered(.sixel, kitty),
                       "No sixel graphics in this terminal (it speaks kitty's): the pages may not show")
        XCTAssertNil(GraphicsSetup.unanswered(.kitty, kitty))
        XCTAssertNil(GraphicsSetup.unanswered(.kitty, GraphicsQueryAnswer()))
        XCTAssertNotNil(GraphicsSetup.unanswered(.sixel, GraphicsQueryAnswer(answeredDeviceAttributes: true)))
        XCTAssertNil(GraphicsSetup.unanswered(.blocks, GraphicsQueryAnswer(answeredDeviceAttributes: true)))
    }

    func testSixelTerminalListsFourInItsAttributes() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        // An xterm-like terminal: no kitty reply, no cell size, then DA1 with 4; an arrow key follows.
        playTerminal(pty, replies: ["\u{1B}[?62;4;22c\u{1B}[A"])
        let started = Date()
        let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 2))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "DA1 ends the wait")
        XCTAssertFalse(answer.kitty)
        XCTAssertTrue(answer.sixel)
        XCTAssertNil(answer.cellSize)
        // The arrow may or may not have arrived with the reply; if it did, it is given back whole.
        XCTAssertTrue(answer.otherInput.isEmpty || answer.otherInput == Array("\u{1B}[A".utf8), "\(answer.otherInput)")
    }

    func testKittyErrorAndPlainDeviceAttributesMeanNeither() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        playTerminal(pty, replies: ["\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?64;1;2;6;22c"])
        let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 2))
        XCTAssertFalse(answer.kitty)
        XCTAssertFalse(answer.sixel)
        XCTAssertTrue(answer.answeredDeviceAttributes)
        XCTAssertEqual(answer.otherInput, [])
    }

    func testSilentTerminalGivesUpInTime() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let player = playTerminal(pty, replies: [])
        let started = Date()
        let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program))
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThanOrEqual(elapsed, 0.25)
        XCTAssertGreaterThanOrEqual(elapsed, 0.19, "it waited for the answers")
        XCTAssertEqual(answer, GraphicsQueryAnswer())
        XCTAssertTrue(player.text.hasSuffix("\u{1B}[c"), "it was asked")
    }

    func testRepliesSplitAcrossReadsAreJoined() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        playTerminal(pty, replies: ["\u{1B}_Gi=3", "1;OK\u{1B}", "\\\u{1B}[6;1", "8;9t\u{1B}[?6", "5;4c"])
        let answer = try XCTUnwrap(GraphicsDetector.queryTerminal(fileDescriptor: pty.program, timeout: 2))
        XCTAssertTrue(answer.kitty)
        XCTAssertTrue(answer.sixel)
        XCTAssertEqual(answer.cellSize?.width, 9)
        XCTAssertEqual(answer.cellSize?.height, 18)
        XCTAssertEqual(answer.otherInput, [])
    }

    func testNotATerminalIsNotAsked() {
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        XCTAssertNil(GraphicsDetector.queryTerminal(fileDescriptor: descriptors[0]))
    }
}
