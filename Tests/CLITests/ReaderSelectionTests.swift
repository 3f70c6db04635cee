import Foundation
import TestSupport
import XCTest

/// Visual mode, drags and the clipboard in `ibook view`, driven in tmux:
/// tmux with `set-clipboard on` keeps what a program sends by OSC 52 as a
/// paste buffer, so `show-buffer` reads back what the reader copied, and
/// it must be the text `ibook read` gives for those words. And the searches
/// of `/`, kept from one `view` to the next in a private file.
final class ReaderSelectionTests: XCTestCase {
    private var library: TestLibrary!
    private var folder: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("reader-selection")
        folder = try Fixtures.temporaryDirectory("reader-selection")
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("voyage.epub"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
        folder = nil
    }

    /// The reader in tmux, with tmux keeping OSC 52 copies as paste buffers.
    private func reader(_ arguments: String, environment: [String: String]? = nil) throws -> TmuxSession {
        let session = try TmuxSession("exec '\(Run.ibookPath)' view \(arguments)", columns: 100, rows: 30,
                                      environment: environment ?? library.environment.filter { $0.key != "NO_COLOR" })
        try session.tmux(["set-option", "-g", "set-clipboard", "on"])
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains(" of ") }, "the reader did not start: \(session.screen())")
        return session
    }

    private func waitForStatus(_ session: TmuxSession, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = session.waitFor(timeout: 10) { _ in session.statusLine().contains(text) }
        XCTAssertTrue(found, "status line \"\(session.statusLine())\" lacks \"\(text)\"", file: file, line: line)
    }

    /// The newest paste buffer, once there is one.
    private func copied(_ session: TmuxSession) -> String? {
        let deadline = Date().addingTimeInterval(5)
        repeat {
            if let result = try? session.tmux(["show-buffer"]), result.status == 0 { return result.stdout }
            usleep(50_000)
        } while Date() < deadline
        return nil
    }

    /// A page's text as `ibook read --json` gives it.
    private func pageText(_ book: String, _ page: Int) throws -> String {
        let result = try library.ibook("read", "--book", book, String(page), "--json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try XCTUnwrap(object?["text"] as? String)
    }

    /// The words of a text (cut at whitespace) as ranges of its Characters.
    private func wordRanges(_ text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (offset, character) in text.enumerated() {
            if character.isWhitespace {
                if let begun = start { ranges.append(begun..<offset) }
                start = nil
            } else if start == nil {
                start = offset
            }
        }
        if let begun = start { ranges.append(begun..<text.count) }
        return ranges
    }

    /// The text from word `first` to word `last` of `text`, as it stands there.
    private func words(_ text: String, _ first: Int, _ last: Int) -> String {
        let ranges = wordRanges(text)
        return String(Array(text)[ranges[first].lowerBound..<ranges[last].upperBound])
    }

    func testVThenWordsAndALineCopiesReadsTextThroughOSC52() throws {
        let session = try reader("lighthouses 9 --graphics blocks")
        waitForStatus(session, "page 9 of 40")
        try session.send("v")
        waitForStatus(session, "VISUAL -- 1 word")
        try session.send("w", "w", "w", "j")
        waitForStatus(session, "VISUAL")
        try session.send("y")
        waitForStatus(session, "Copied ")
        let text = try pageText("lighthouses", 9)
        let buffer = try XCTUnwrap(copied(session), "nothing reached tmux's buffer")
        let count = buffer.split(whereSeparator: \.isWhitespace).count
        XCTAssertEqual(buffer, words(text, 0, count - 1), "read's text for the words selected")
        XCTAssertTrue(buffer.contains("\n"), "j went down a line: \(buffer.debugDescription)")
        XCTAssertTrue(session.statusLine().contains("Copied \(count) words"), session.statusLine())
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testTextModeSelectsOnTheTextShownAndEscapeCancels() throws {
        let session = try reader("lighthouses 9 --graphics text")
        waitForStatus(session, "page 9 of 40")
        try session.send("v")
        waitForStatus(session, "VISUAL")
        try session.send("Escape")
        XCTAssertTrue(session.waitFor { _ in !session.statusLine().contains("VISUAL") }, session.statusLine())
        XCTAssertNil(try? session.tmux(["show-buffer"]).stdout.nilIfEmpty, "Escape copies nothing")
        try session.send("v")
        try session.send("j", "j", "j", "$")
        waitForStatus(session, "VISUAL")
        XCTAssertTrue(session.screen(escapes: true).contains("\u{1B}[7m"), "the selection in reverse video")
        try session.send("Enter")
        waitForStatus(session, "Copied ")
        let text = try pageText("lighthouses", 9)
        let buffer = try XCTUnwrap(copied(session))
        let count = buffer.split(whereSeparator: \.isWhitespace).count
        XCTAssertEqual(buffer, words(text, 0, count - 1))
        XCTAssertEqual(buffer.split(separator: "\n").count, 4, "four lines, to the end of the fourth: \(buffer.debugDescription)")
        try session.send("q")
    }

    /// A press, moves and a release over the page select and copy whole words;
    /// a click (press and release in one cell) on the right third still turns the page.
    func testADragCopiesWordsAndAClickStillTurnsThePage() throws {
        let session = try reader("lighthouses 9 --graphics blocks")
        waitForStatus(session, "page 9 of 40")
        XCTAssertTrue(session.waitFor { _ in !session.statusLine().contains("rendering") }, session.statusLine())
        try session.sendLiteral("\u{1B}[<0;35;6M")
        try session.sendLiteral("\u{1B}[<32;50;6M")
        waitForStatus(session, "VISUAL")
        try session.sendLiteral("\u{1B}[<32;60;7M")
        try session.sendLiteral("\u{1B}[<0;60;7m")
        waitForStatus(session, "Copied ")
        let buffer = try XCTUnwrap(copied(session))
        let text = try pageText("lighthouses", 9)
        let ranges = wordRanges(text)
        let count = buffer.split(whereSeparator: \.isWhitespace).count
        XCTAssertGreaterThan(count, 2, buffer)
        let found = ranges.indices.contains { first in
            first + count <= ranges.count && words(text, first, first + count - 1) == buffer
        }
        XCTAssertTrue(found, "whole words of read's text: \(buffer.debugDescription)")
        XCTAssertTrue(session.statusLine().contains("page 9 of 40"), "a drag turns no page: \(session.statusLine())")
        try session.sendLiteral("\u{1B}[<0;90;7M")
        try session.sendLiteral("\u{1B}[<0;90;7m")
        waitForStatus(session, "page 10 of 40")
        try session.send("q")
    }

    /// Outside tmux, on a kitty terminal: the selected words are drawn
    /// reversed on the page image sent again (every changed pixel the inverse
    /// of what it was), and `y` writes the OSC 52 sequence of read's text.
    func testOnAKittyTerminalTheSelectionIsDrawnReversedAndCopiedByOSC52() throws {
        var environment = library.environment
        environment["TERM"] = "xterm-kitty"
        environment.removeValue(forKey: "TMUX")
        let terminal = try PseudoTerminal(Run.ibookPath, ["view", "lighthouses", "9", "--graphics", "kitty"],
                                          environment: environment, columns: 80, rows: 25, pixelWidth: 800, pixelHeight: 500)
        XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("page 9 of 40") })
        XCTAssertTrue(terminal.waitFor { (try? KittyStream.images(in: String(decoding: $0, as: UTF8.self)).count) ?? 0 >= 1 })
        let before = try XCTUnwrap(try KittyStream.images(in: String(decoding: terminal.read(), as: UTF8.self)).last).png
        terminal.send("vww")
        XCTAssertTrue(terminal.waitFor { output in
            String(decoding: output, as: UTF8.self).contains("3 words") && ((try? KittyStream.images(in: String(decoding: output, as: UTF8.self)).count) ?? 0) >= 2
        })
        let after = try XCTUnwrap(try KittyStream.images(in: String(decoding: terminal.read(), as: UTF8.self)).last).png
        XCTAssertEqual(after.width, before.width)
        XCTAssertEqual(after.height, before.height)
        var changed = 0, inverted = 0
        for index in stride(from: 0, to: before.pixels.count, by: 4) where before.pixels[index] != after.pixels[index] {
            changed += 1
            if abs(Int(after.pixels[index]) - (255 - Int(before.pixels[index]))) <= 2 { inverted += 1 }
        }
        XCTAssertGreaterThan(changed, 200, "the words are drawn over")
        XCTAssertGreaterThan(Double(inverted), Double(changed) * 0.95, "in reverse")
        terminal.send("y")
        let text = try pageText("lighthouses", 9)
        let expected = "\u{1B}]52;c;" + Data(words(text, 0, 2).utf8).base64EncodedString() + "\u{07}"
        XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains(expected) }, "OSC 52 of \(words(text, 0, 2))")
        terminal.send("q")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    /// Sixel and blocks send the page again with the selection on it.
    func testSixelAndBlocksSendThePageAgainWithTheSelection() throws {
        for (mode, marker) in [("sixel", "\u{1B}P"), ("blocks", "▀")] {
            var environment = library.environment.filter { $0.key != "NO_COLOR" }
            environment["TERM"] = "xterm-256color"
            environment.removeValue(forKey: "TMUX")
            let terminal = try PseudoTerminal(Run.ibookPath, ["view", "lighthouses", "9", "--graphics", mode],
                                              environment: environment, columns: 80, rows: 25, pixelWidth: 800, pixelHeight: 500)
            func pictures(_ output: [UInt8]) -> Int { String(decoding: output, as: UTF8.self).components(separatedBy: marker).count - 1 }
            XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("page 9 of 40") && pictures($0) > 0 }, mode)
            usleep(300_000)
            let before = pictures(terminal.read())
            terminal.send("vj")
            XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("VISUAL") && pictures($0) > before },
                          "\(mode): the page drawn again")
            terminal.send("\u{1B}")
            usleep(100_000)
            terminal.send("q")
            XCTAssertEqual(terminal.waitForExit(), 0, mode)
        }
    }

    /// tmux's default `set-clipboard external` drops a program's OSC 52: the
    /// status line says how to let it through instead of claiming a copy.
    func testInsideATmuxThatDropsCopiesTheStatusLineSaysSo() throws {
        let session = try TmuxSession("exec '\(Run.ibookPath)' view lighthouses 9 --graphics text", columns: 160, rows: 30,
                                      environment: library.environment.filter { !["DISPLAY", "WAYLAND_DISPLAY"].contains($0.key) })
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 9 of 40") }, session.screen())
        try session.send("v", "y")
        waitForStatus(session, "Copied 1 word, but tmux drops it: add 'set -g set-clipboard on'")
        XCTAssertNil(try? session.tmux(["show-buffer"]).stdout.nilIfEmpty)
        try session.send("q")
    }

    /// A laid-out book copies the words of the book's page the screen page
    /// stands for, as `ibook read` prints them.
    func testAnEPUBCopiesTheWordsOfItsOwnPage() throws {
        let session = try reader("voyage 3 --graphics blocks")
        waitForStatus(session, " · p. 3 of")
        try session.send("v")
        waitForStatus(session, "VISUAL")
        try session.send("e", "e", "e", "e")
        try session.send("y")
        waitForStatus(session, "Copied 5 words")
        let text = try pageText("voyage", 3)
        XCTAssertEqual(try XCTUnwrap(copied(session)), words(text, 0, 4))
        try session.send("q")
    }

    /// With a display, the text goes to xclip (or wl-copy) as well, on its
    /// standard input and with the selection named as separate arguments.
    func testOnADesktopXclipOrWlCopyGetsTheTextToo() throws {
        for (variable, program) in [("DISPLAY", "xclip"), ("WAYLAND_DISPLAY", "wl-copy")] {
            let record = folder.appendingPathComponent(program + ".out")
            let script = folder.appendingPathComponent(program)
            try "#!/bin/sh\nprintf '%s|' \"$@\" > '\(record.path).args'\ncat > '\(record.path)'\n"
                .write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            var environment = library.environment.filter { !["NO_COLOR", "DISPLAY", "WAYLAND_DISPLAY"].contains($0.key) }
            environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment[variable] = variable == "DISPLAY" ? ":77" : "wayland-77"
            let session = try reader("lighthouses 9 --graphics text", environment: environment)
            waitForStatus(session, "page 9 of 40")
            try session.send("v", "w", "y")
            waitForStatus(session, "Copied 2 words (and to \(program))")
            let deadline = Date().addingTimeInterval(5)
            while (try? String(contentsOf: record, encoding: .utf8)) != "A Field", Date() < deadline { usleep(50_000) }
            XCTAssertEqual(try? String(contentsOf: record, encoding: .utf8), "A Field")
            let arguments = try String(contentsOf: URL(fileURLWithPath: record.path + ".args"), encoding: .utf8)
            XCTAssertEqual(arguments, program == "xclip" ? "-selection|clipboard|" : "|")
            try session.send("q")
            session.stop()
        }
    }

    /// A search made in one `view` is there for Up in the next, kept in a
    /// file only its owner can read.
    func testSearchesAreKeptForTheNextView() throws {
        let first = try reader("lighthouses 1 --graphics text")
        try first.sendLiteral("/keeper")
        try first.send("Enter")
        waitForStatus(first, "/keeper 1/")
        try first.send("q")
        XCTAssertTrue(first.waitFor { _ in first.hasExited })
        first.stop()

        let state = library.root.appendingPathComponent("state/ibook")
        let file = state.appendingPathComponent("search-history")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keeper\n")
        let mode = { (path: String) in
            ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue
        }
        XCTAssertEqual(mode(file.path), 0o600)
        XCTAssertEqual(mode(state.path), 0o700)

        let second = try reader("lighthouses 1 --graphics text")
        try second.send("/")
        try second.send("Up")
        waitForStatus(second, "/keeper")
        try second.send("Enter")
        waitForStatus(second, "/keeper 1/")
        try second.send("q")

        // A damaged file costs the history, never the reader.
        second.stop()
        try Data([0xFF, 0x00, 0x1B, 0x0A, 0xC3]).write(to: file)
        let third = try reader("lighthouses 1 --graphics text")
        try third.send("/")
        try third.send("Up")
        try third.sendLiteral("lens")
        waitForStatus(third, "/lens")
        try third.send("Enter")
        waitForStatus(third, "/lens 1/")
        try third.send("q")
        XCTAssertTrue(third.waitFor { _ in third.hasExited })
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "lens\n")
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
