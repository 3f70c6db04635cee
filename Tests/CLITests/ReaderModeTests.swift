import Foundation
import TestSupport
import XCTest

/// Continuous (`c`) and two-page (`d`) modes in `ibook view`, driven in
/// tmux in text mode, where the screen can be read back: a scroll across a
/// page boundary shows both pages, a spread shows two pages' text, and the
/// mode is there again when the book is opened next.
final class ReaderModeTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("reader-modes")
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func reader(_ arguments: String) throws -> TmuxSession {
        let session = try TmuxSession("exec '\(Run.ibookPath)' view \(arguments)", columns: 100, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains(" of 40") }, session.screen())
        return session
    }

    private func waitForStatus(_ session: TmuxSession, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains(text) },
                      "status line \"\(session.statusLine())\" lacks \"\(text)\"", file: file, line: line)
    }

    /// A page's lines of body text as `ibook read` prints them (not its heading line,
    /// running heads or page numbers, which other pages have too).
    private func lines(ofPage page: Int) throws -> [String] {
        let read = try library.ibook("read", String(page))
        XCTAssertEqual(read.status, 0, read.stderr)
        return read.stdout.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count > 30 }
    }

    private func quit(_ session: TmuxSession) throws {
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
        session.stop()
    }

    func testContinuousScrollShowsTheEndOfAPageAndTheStartOfTheNext() throws {
        let session = try reader("lighthouses 5 --graphics text")
        try session.send("c")
        waitForStatus(session, "continuous")
        // One line at a time, as far as page 5's last line nearing the top.
        let page5 = try lines(ofPage: 5), page6 = try lines(ofPage: 6)
        let lastOf5 = try XCTUnwrap(page5.last), firstOf6 = try XCTUnwrap(page6.first { !page5.contains($0) })
        func bothShow(_ screen: String) -> Bool {
            screen.contains(lastOf5) && screen.contains("──── page 6") && screen.contains(firstOf6)
        }
        var presses = 0
        while presses < 80, !session.waitFor(timeout: 0.3, bothShow) {
            try session.send("j")
            presses += 1
        }
        XCTAssertTrue(bothShow(session.screen()), "page 5's end (\(lastOf5)) and page 6's start (\(firstOf6)) together:\n\(session.screen())")
        let screen = session.lines()
        let end = try XCTUnwrap(screen.firstIndex { $0.contains(lastOf5) })
        let rule = try XCTUnwrap(screen.firstIndex { $0.contains("──── page 6") })
        let start = try XCTUnwrap(screen.firstIndex { $0.contains(firstOf6) })
        XCTAssertTrue(end < rule && rule < start, screen.joined(separator: "\n"))
        XCTAssertTrue(session.statusLine().contains("page 5 of 40"), session.statusLine())
        // Ctrl-D goes on smoothly (page 5 is 22 lines, half a screen 14); the page on top is named once page 5 has gone by.
        try session.send("C-d", "C-d")
        waitForStatus(session, "page 6 of 40")
        XCTAssertFalse(session.screen().contains("──── page 6"), "page 6 is at the top now:\n\(session.screen())")
        // And back up across the boundary.
        try session.send("C-u", "C-u")
        waitForStatus(session, "page 5 of 40")
        XCTAssertTrue(session.waitFor { $0.contains("──── page 6") }, session.screen())
        // :N lands at the page's top, still continuous.
        try session.sendLiteral(":10")
        try session.send("Enter")
        waitForStatus(session, "page 10 of 40")
        let page10 = try lines(ofPage: 10)
        XCTAssertTrue(session.waitFor { $0.contains(page10[0]) && !$0.contains("──── page 10") },
                      session.screen())
        try quit(session)
    }

    func testTwoPagesShowBothPagesTextAndTurnBySpreads() throws {
        let session = try reader("lighthouses 1 --graphics text")
        try session.send("d")
        waitForStatus(session, "two-page")
        // The cover stands alone, on the right.
        XCTAssertTrue(session.waitFor { $0.contains("│ A Field Guide to") }, session.screen())
        try session.send("J")
        waitForStatus(session, "pages 2–3 of 40")
        let page2 = try lines(ofPage: 2), page3 = try lines(ofPage: 3)
        XCTAssertTrue(session.waitFor { screen in
            let rows = screen.split(separator: "\n")
            return rows.contains { $0.hasPrefix(String(page2[0].prefix(20))) }
                && rows.contains { $0.contains("│ " + String(page3[0].prefix(20))) }
        }, "page 2 on the left, page 3 on the right:\n\(session.screen())")
        try session.send("J")
        waitForStatus(session, "pages 4–5 of 40")
        try session.send("K", "K")
        waitForStatus(session, "page 1 of 40")
        // A page jumped to shows with its facing page.
        try session.sendLiteral("7G")
        waitForStatus(session, "pages 6–7 of 40")
        try session.send("d")
        waitForStatus(session, "page 7 of 40")
        XCTAssertFalse(session.statusLine().contains("two-page"), session.statusLine())
        try quit(session)
    }

    func testTheModeAndFitAreThereAgainWhenTheBookIsOpenedNext() throws {
        let first = try reader("lighthouses 3 --graphics blocks")
        try first.send("w")
        waitForStatus(first, "fit width")
        try first.send("c")
        waitForStatus(first, "continuous fit width")
        try quit(first)

        let second = try reader("lighthouses --graphics blocks")
        waitForStatus(second, "page 3 of 40")
        waitForStatus(second, "continuous fit width")
        // Two pages replace continuous, and that is what is kept then.
        try second.send("d")
        waitForStatus(second, "two-page fit width")
        try quit(second)

        let third = try reader("lighthouses --graphics text")
        waitForStatus(third, "two-page")
        try third.send("d", "=")
        XCTAssertTrue(third.waitFor { _ in !third.statusLine().contains("two-page") }, third.statusLine())
        try quit(third)

        let fourth = try reader("lighthouses --graphics blocks")
        XCTAssertTrue(fourth.waitFor { _ in fourth.statusLine().contains("page 3 of 40") }, fourth.statusLine())
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertFalse(fourth.statusLine().contains("two-page"), fourth.statusLine())
        XCTAssertFalse(fourth.statusLine().contains("fit width"), fourth.statusLine())
        try quit(fourth)
    }

    // MARK: As images

    /// The reader on a pseudo-terminal in kitty's protocol, 80×25 cells of
    /// 10×20 pixels: the page gets 800×480 above the status line.
    private func kittyReader(_ arguments: [String]) throws -> PseudoTerminal {
        var environment = library.environment.filter { $0.key != "NO_COLOR" }
        environment["TERM"] = "xterm-kitty"
        for hint in ["TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "IBOOK_GRAPHICS"] { environment.removeValue(forKey: hint) }
        return try PseudoTerminal(Run.ibookPath, ["view"] + arguments + ["--graphics", "kitty"], environment: environment,
                                  columns: 80, rows: 25, pixelWidth: 800, pixelHeight: 500)
    }

    /// Waits until the last image sent satisfies `condition` and the status line after it says `status`.
    private func waitForImage(_ terminal: PseudoTerminal, status: String, _ condition: (PNGDecoder.Image) -> Bool) -> PNGDecoder.Image? {
        var found: PNGDecoder.Image?
        terminal.waitFor(timeout: 20) { output in
            let text = String(decoding: output, as: UTF8.self)
            guard let start = text.range(of: "\u{1B}_Ga=T", options: .backwards), text[start.lowerBound...].contains(status),
                  let image = try? KittyStream.images(in: text).last?.png else { return false }
            found = image
            return condition(image)
        }
        return found.flatMap { condition($0) ? $0 : nil }
    }

    private func isLight(_ image: PNGDecoder.Image, _ x: Int, _ y: Int) -> Bool {
        let at = (y * image.width + x) * 4
        return min(image.pixels[at], image.pixels[at + 1], image.pixels[at + 2]) > 200
    }

    private func isSurround(_ image: PNGDecoder.Image, _ x: Int, _ y: Int) -> Bool {
        let at = (y * image.width + x) * 4
        return (0..<3).allSatisfy { abs(Int(image.pixels[at + $0]) - 64) <= 6 }
    }

    func testTwoPagesAsImagesLieSideBySideWithTheSurroundBetween() throws {
        let terminal = try kittyReader(["lighthouses", "2"])
        XCTAssertTrue(terminal.waitFor(timeout: 20) { String(decoding: $0, as: UTF8.self).contains("m=0") })
        terminal.send("d")
        // Each page fitted into half the width less a cell: 395×480, so 339 wide, against the
        // middle: page 2 from x 56 to 395, page 3 from 405 to 744; their outer margins are white.
        let image = waitForImage(terminal, status: "pages 2–3 of 40") { image in
            image.width == 800 && image.height == 480
                && (0..<480).filter { self.isLight(image, 70, $0) }.count > 470
                && (0..<480).filter { self.isLight(image, 730, $0) }.count > 470
                && (0..<480).filter { self.isSurround(image, 400, $0) }.count > 470
        }
        terminal.send("q")
        XCTAssertEqual(terminal.waitForExit(), 0)
        let spread = try XCTUnwrap(image, "no image with two pages")
        // Between them, and outside them, the reader's grey.
        for x in [20, 780] {
            XCTAssertGreaterThan((0..<480).filter { isSurround(spread, x, $0) }.count, 470, "grey at x \(x)")
        }
    }

    func testContinuousImagesShowOnePagesEndTheGapAndTheNextPage() throws {
        let terminal = try kittyReader(["lighthouses", "2"])
        XCTAssertTrue(terminal.waitFor(timeout: 20) { String(decoding: $0, as: UTF8.self).contains("m=0") })
        terminal.send("w")
        // At fit width the page's white margin reaches the screen's edge.
        XCTAssertNotNil(waitForImage(terminal, status: "fit width") { self.isLight($0, 5, 240) })
        terminal.send("c")
        XCTAssertTrue(terminal.waitFor(timeout: 20) { String(decoding: $0, as: UTF8.self).contains("continuous fit width") })
        // A4 800 pixels wide is 1132 high: four half screens (960) leave its last 172 rows on top.
        for _ in 0..<4 { terminal.send("\u{4}") }
        /// The rows where the page's left margin is the reader's grey: the gap between the pages.
        func gap(_ image: PNGDecoder.Image) -> [Int] { (0..<image.height).filter { isSurround(image, 40, $0) } }
        let image = waitForImage(terminal, status: "page 2 of 40") { image in
            let rows = gap(image)
            return !rows.isEmpty && (rows.first ?? 0) > 100 && (rows.last ?? 480) < 300
                && self.isLight(image, 40, 50) && self.isLight(image, 40, 400)
        }
        terminal.send("q")
        XCTAssertEqual(terminal.waitForExit(), 0)
        let column = try XCTUnwrap(image, "no image of page 2's end above page 3's start")
        let rows = gap(column)
        XCTAssertEqual(rows.count, rows.last! - rows.first! + 1, "one band: \(rows)")
        XCTAssertTrue((4...20).contains(rows.count), "a gap of half a row: \(rows)")
    }
}
