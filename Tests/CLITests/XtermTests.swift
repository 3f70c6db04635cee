import Foundation
import TestSupport
import XCTest

/// The page in a real terminal: xterm with DEC sixel graphics (`-ti vt340`)
/// on a private Xvfb, screenshotted with xwd and looked at pixel by pixel.
/// `IBOOK_XTERM_SCREENSHOTS=dir` keeps the screenshots looked at (as .xwd;
/// `convert x.xwd x.png` makes PNGs of them).
final class XtermTests: XCTestCase {
    private var library: TestLibrary!
    private var session: XtermSession?

    /// lighthouses.pdf is A4 portrait: 595 × 842 points.
    private let pageAspect = 595.0 / 842.0
    private let columns = 100, rows = 40

    override func setUpWithError() throws {
        library = try TestLibrary("xterm")
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        session?.stop()
        session = nil
        library?.remove()
        library = nil
    }

    /// Runs `script` in xterm with the library's environment; its files
    /// (status, stty) go to `session.directory`.
    private func start(_ script: String) throws -> XtermSession {
        let started = try XtermSession(script: script, columns: columns, rows: rows, environment: library.environment)
        session = started
        return started
    }

    private var ibook: String { "'\(Run.ibookPath)'" }

    /// The reader, quit with SIGTERM: `pid` holds its process id (sh execs
    /// it), `status` its exit status, `before`/`after` the tty settings.
    private func readerScript(_ arguments: String) -> String {
        "stty -g > before; echo 'before the reader'; sh -c 'echo $$ > pid; exec \(ibook) view \(arguments)'; "
            + "echo \"exit=$?\" > status; stty -g > after; sleep 60"
    }

    // MARK: Tests

    func testViewShowsThePageAsSixelsOnTheGreySurround() throws {
        let xterm = try start(readerScript("lighthouses 3 --graphics sixel"))
        let page = try waitForReaderPage(xterm, name: "view-sixel.xwd")
        assertSixelDetail(page)
        try quitAndCheckRestored(xterm, name: "view-sixel-after.xwd")
    }

    /// TERM=xterm says nothing about graphics, so `auto` asks the terminal;
    /// xterm -ti vt340 lists sixel (4) in its device attributes.
    func testAutoDetectsSixelInXterm() throws {
        let xterm = try start(readerScript("lighthouses 3 --graphics auto"))
        let page = try waitForReaderPage(xterm, name: "view-auto.xwd")
        // Blocks would draw the page in half cells: no dark run inside it
        // would be narrower than half a cell. Sixels keep the glyph strokes.
        assertSixelDetail(page)
        try quitAndCheckRestored(xterm, name: "view-auto-after.xwd")
    }

    /// The reader in tmux in this xterm, with auto graphics: tmux answers
    /// the device attributes itself (no sixel), so the terminal around it
    /// is asked through passthrough. `pane` is tmux's own copy of the
    /// screen: text only, so blocks show in it and sixels do not.
    private func readerInTmux(passthrough: Bool, graphics: String = "auto") throws -> (XtermSession, pane: () -> String) {
        let socket = "ibook-xterm-\(UUID().uuidString.prefix(8))"
        let configuration = "set -g status off\nset -g allow-passthrough \(passthrough ? "on" : "off")\n"
        let script = "printf '\(configuration)' > tmux.conf; stty -g > before; "
            + "tmux -L \(socket) -f tmux.conf new-session -s reader \"sh -c 'echo \\$\\$ > pid; exec \(ibook) view lighthouses 3 --graphics \(graphics)'; "
            + "echo exit=\\$? > status\"; stty -g > after; sleep 60"
        let xterm = try start(script)
        addTeardownBlock { Spawn.run(["tmux", "-L", socket, "kill-server"], timeout: 20) }
        let pane = { (try? Run.process("/usr/bin/env", ["tmux", "-L", socket, "capture-pane", "-p", "-t", "reader"], timeout: 20).stdout) ?? "" }
        return (xterm, pane)
    }

    func testAutoDetectsSixelThroughTmuxPassthrough() throws {
        let (xterm, pane) = try readerInTmux(passthrough: true)
        let page = try waitForReaderPage(xterm, name: "view-tmux-sixel.xwd")
        assertSixelDetail(page)
        // tmux saw no picture characters: the page went past it, to xterm.
        let blocks = pane().filter { "▀▄█▌▐▖▗▘▝▚▞".contains($0) }.count
        XCTAssertLessThan(blocks, 10, pane())
        XCTAssertTrue(pane().contains("page 3 of 40"), pane())
    }

    /// kitty asked for by name in xterm, which does not speak it: the
    /// status line says so, instead of a blank page without a word.
    func testAForcedProtocolTheTerminalDoesNotAnswerIsSaid() throws {
        let (_, pane) = try readerInTmux(passthrough: true, graphics: "kitty")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !pane().contains("page 3 of 40") { usleep(100_000) }
        XCTAssertTrue(pane().contains("No answer to kitty's graphics query (it lists sixel)"), pane())
    }

    func testWithoutPassthroughTmuxGetsBlocks() throws {
        let (xterm, pane) = try readerInTmux(passthrough: false)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !pane().contains("page 3 of 40") { usleep(100_000) }
        // The page is drawn in characters tmux keeps, and no sixel reaches xterm.
        var blocks = 0
        while Date() < deadline, blocks < 500 {
            blocks = pane().unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count
            usleep(100_000)
        }
        XCTAssertGreaterThan(blocks, 500, "\(pane())\n\(xterm.log)")
        XCTAssertTrue(pane().contains("page 3 of 40"), pane())
    }

    func testShowPrintsThePageInlineAndThePromptFollowsBelowIt() throws {
        let xterm = try start("\(ibook) show lighthouses 3 --graphics sixel; echo \"exit=$?\" > status; printf 'PROMPT$ '; sleep 60")
        XCTAssertEqual(xterm.waitForFile("status"), "exit=0\n", xterm.log)
        let (screen, page) = try XCTUnwrap(waitForStablePage(xterm), "no page in the screenshot; xterm says: \(xterm.log)")
        xterm.keepLastScreenshot(as: "show-sixel.xwd")
        let window = try XCTUnwrap(Window(screen, columns: columns, rows: rows))
        print("xterm show-sixel.xwd: \(page) in \(window)")
        XCTAssertEqual(Double(page.width) / Double(page.height), pageAspect, accuracy: 0.03, "\(page)")
        XCTAssertGreaterThan(page.height, window.cell.height * (rows - 3), "the page fills the height: \(page) in \(window)")
        XCTAssertLessThan(page.y + page.height, window.y + window.cell.height * rows, "the page ends above the last row")
        assertSixelDetail(page)
        // The prompt is printed after the image: light text pixels on the
        // terminal's background in the cell row below the page, at the left.
        let promptTop = page.y + page.height
        var promptPixels = 0
        for y in promptTop..<min(screen.height, promptTop + window.cell.height + 4) {
            for x in window.x..<(window.x + 8 * window.cell.width) where screen.isLight(x, y) { promptPixels += 1 }
        }
        XCTAssertGreaterThan(promptPixels, 20, "no prompt below the page: \(page) in \(window)")
    }

    // MARK: Helpers

    /// The first page found the same in two screenshots in a row, so a
    /// frame that xterm is still drawing does not count.
    private func waitForStablePage(_ xterm: XtermSession) -> (PNGDecoder.Image, Page)? {
        var previous: Page?
        return xterm.waitForScreen { screen -> (PNGDecoder.Image, Page)? in
            guard let page = PageFinder(screen).page(), page.height > 200 else {
                previous = nil
                return nil
            }
            defer { previous = page }
            return page == previous ? (screen, page) : nil
        }
    }

    /// Waits for the reader's page: a white, A4-shaped rectangle with sharp
    /// edges on the reader's grey (64,64,64) surround, as tall as the
    /// terminal less its status line.
    private func waitForReaderPage(_ xterm: XtermSession, name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Page {
        let (screen, page) = try XCTUnwrap(waitForStablePage(xterm), "no page in the screenshot; the reader's \(xterm.file("status") ?? "status: still running"); xterm says: \(xterm.log)",
                                           file: file, line: line)
        xterm.keepLastScreenshot(as: name)
        let window = try XCTUnwrap(Window(screen, columns: columns, rows: rows), file: file, line: line)
        print("xterm \(name): \(page) in \(window)")

        XCTAssertEqual(Double(page.width) / Double(page.height), pageAspect, accuracy: 0.03, "\(page)", file: file, line: line)
        // Fitted into 100 × 39 cells, height-limited, centred. chafa rounds
        // a sixel image's height down to whole 6-pixel bands (39 × 17 = 663
        // → 660), so the last 3 pixel rows above the status line show the
        // terminal's own background; the tolerance allows for that.
        let viewportHeight = window.cell.height * (rows - 1)
        XCTAssertEqual(Double(page.height), Double(viewportHeight), accuracy: Double(viewportHeight) * 0.03,
                       "page \(page) in \(window)", file: file, line: line)
        XCTAssertEqual(Double(page.width), Double(viewportHeight) * pageAspect, accuracy: Double(viewportHeight) * pageAspect * 0.03,
                       "page \(page) in \(window)", file: file, line: line)
        let centre = window.x + window.cell.width * columns / 2
        XCTAssertEqual(Double(page.x + page.width / 2), Double(centre), accuracy: Double(window.cell.width),
                       "centred: \(page) in \(window)", file: file, line: line)
        XCTAssertLessThanOrEqual(abs(page.y - window.y), 2, "at the top: \(page) in \(window)", file: file, line: line)

        // The reader's grey on both sides, all the way down.
        let middle = page.y + page.height / 2
        for x in [page.x - 4, page.x + page.width + 3, window.x + 4, window.x + window.cell.width * columns - 5] {
            XCTAssertTrue(screen.isSurround(x, middle), "grey at \(x),\(middle): \(screen.rgb(x, middle))", file: file, line: line)
        }
        let greyRows = (page.y..<(page.y + page.height)).filter { screen.isSurround(page.x - 2, $0) && screen.isSurround(page.x + page.width + 1, $0) }
        XCTAssertGreaterThan(greyRows.count, page.height * 95 / 100, "grey beside the page", file: file, line: line)

        // The status line survives the image: light (reverse video) across the last row.
        let statusY = window.y + window.cell.height * (rows - 1) + window.cell.height / 2
        let lightInStatus = (window.x..<(window.x + window.cell.width * columns)).filter { screen.isLight($0, statusY) }.count
        XCTAssertGreaterThan(lightInStatus, window.cell.width * columns / 2, "the status line at y \(statusY)", file: file, line: line)
        return page
    }

    /// Glyph strokes one or two pixels wide: the page was drawn in pixels,
    /// not in block characters, and its text is dark on white.
    private func assertSixelDetail(_ page: Page, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(page.lightFraction, 0.85, "mostly white: \(page)", file: file, line: line)
        XCTAssertGreaterThan(page.darkFraction, 0.002, "dark text on it: \(page)", file: file, line: line)
        XCTAssertGreaterThan(page.narrowDarkRuns, 300, "thin strokes: \(page)", file: file, line: line)
        XCTAssertTrue(page.sharpEdges, "straight, sharp edges: \(page)", file: file, line: line)
    }

    /// Ends the reader with SIGTERM (exit 143 after restoring the terminal),
    /// then checks the tty settings and that the page left the screen.
    private func quitAndCheckRestored(_ xterm: XtermSession, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let pidText = try XCTUnwrap(xterm.waitForFile("pid"), file: file, line: line)
        let pid = try XCTUnwrap(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), file: file, line: line)
        XCTAssertEqual(kill(pid, SIGTERM), 0, file: file, line: line)
        XCTAssertEqual(xterm.waitForFile("status"), "exit=143\n", file: file, line: line)
        let before = xterm.waitForFile("before"), after = xterm.waitForFile("after")
        XCTAssertNotNil(before, file: file, line: line)
        XCTAssertEqual(before, after, "stty settings after SIGTERM", file: file, line: line)
        // The alternate screen is gone and took the image with it; the
        // shell's line from before the reader is back.
        let cleared = xterm.waitForScreen(timeout: 10) { screen -> PNGDecoder.Image? in
            let window = Window(screen, columns: columns, rows: rows)
            guard let window, PageFinder(screen).page() == nil else { return nil }
            let surround = (window.y..<(window.y + window.cell.height * rows)).filter { screen.isSurround(window.x + 4, $0) }
            return surround.isEmpty ? screen : nil
        }
        xterm.keepLastScreenshot(as: name)
        let screen = try XCTUnwrap(cleared, "the page or its grey stayed after the reader ended", file: file, line: line)
        let window = try XCTUnwrap(Window(screen, columns: columns, rows: rows), file: file, line: line)
        let textPixels = (window.y..<(window.y + window.cell.height)).reduce(0) { sum, y in
            sum + (window.x..<(window.x + 17 * window.cell.width)).filter { screen.isLight($0, y) }.count
        }
        XCTAssertGreaterThan(textPixels, 30, "'before the reader' is on the first row again", file: file, line: line)
    }
}

// MARK: Looking at screenshots

private extension PNGDecoder.Image {
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return (-1, -1, -1) }
        let at = (y * width + x) * 4
        return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
    }

    func isLight(_ x: Int, _ y: Int) -> Bool {
        let (r, g, b) = rgb(x, y)
        return min(r, g, b) >= 225
    }

    func isDark(_ x: Int, _ y: Int) -> Bool {
        let (r, g, b) = rgb(x, y)
        return r >= 0 && max(r, g, b) < 110
    }

    /// The reader's background around the page, RGB(64, 64, 64).
    func isSurround(_ x: Int, _ y: Int) -> Bool {
        let (r, g, b) = rgb(x, y)
        return abs(r - 64) <= 6 && abs(g - 64) <= 6 && abs(b - 64) <= 6
    }
}

/// xterm's window at the top left: everything that is not the root window's
/// black. Its size less the 2-pixel inner border on each side gives the cell.
private struct Window: CustomStringConvertible {
    var x = 0, y = 0, width = 0, height = 0
    var cell = (width: 0, height: 0)

    init?(_ screen: PNGDecoder.Image, columns: Int, rows: Int) {
        var right = -1, bottom = -1
        for x in 0..<screen.width where screen.rgb(x, 1) != (0, 0, 0) { right = x }
        for y in 0..<screen.height where screen.rgb(1, y) != (0, 0, 0) { bottom = y }
        guard right > 0, bottom > 0 else { return nil }
        width = right + 1
        height = bottom + 1
        x = 2
        y = 2
        cell = ((width - 4) / columns, (height - 4) / rows)
        guard cell.width > 0, cell.height > 0 else { return nil }
    }

    var description: String { "window \(width)×\(height), cells \(cell.width)×\(cell.height)" }
}

/// A page found on the screen and what is inside it.
private struct Page: CustomStringConvertible, Equatable {
    var x: Int, y: Int, width: Int, height: Int
    var lightFraction = 0.0, darkFraction = 0.0
    /// Horizontal runs of dark pixels one or two pixels long.
    var narrowDarkRuns = 0
    /// The columns just inside the left and right edges are light on
    /// almost every row and those just outside almost never.
    var sharpEdges = false

    var description: String {
        "page \(width)×\(height) at \(x),\(y): light \(String(format: "%.3f", lightFraction)), dark \(String(format: "%.4f", darkFraction)), \(narrowDarkRuns) narrow dark runs, sharp edges \(sharpEdges)"
    }
}

/// Finds the largest white rectangle: the columns where most pixels are
/// light, then the longest run of rows that are light at both of those
/// edges (the margins), fairly light between them, and not light just
/// outside them (which leaves out the status
/// line, light from edge to edge in reverse video).
private struct PageFinder {
    let screen: PNGDecoder.Image

    init(_ screen: PNGDecoder.Image) { self.screen = screen }

    func page() -> Page? {
        var counts = [Int](repeating: 0, count: screen.width)
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen.isLight(x, y) { counts[x] += 1 }
        }
        guard let most = counts.max(), most > 100, let peak = counts.firstIndex(of: most) else { return nil }
        var left = peak, right = peak
        while left > 0, counts[left - 1] * 2 >= most { left -= 1 }
        while right < screen.width - 1, counts[right + 1] * 2 >= most { right += 1 }
        guard right - left > 100 else { return nil }

        var best = (start: 0, length: 0), run = (start: 0, length: 0)
        for y in 0..<screen.height {
            let light = (left...right).filter { screen.isLight($0, y) }.count
            // Lines of text leave fewer light pixels, but the margins stay white.
            let isPageRow = light * 10 > (right - left + 1) * 3 && screen.isLight(left, y) && screen.isLight(right, y)
                && !screen.isLight(left - 1, y) && !screen.isLight(right + 1, y)
            if isPageRow {
                if run.length == 0 { run.start = y }
                run.length += 1
                if run.length > best.length { best = run }
            } else {
                run.length = 0
            }
        }
        guard best.length > 100 else { return nil }
        var page = Page(x: left, y: best.start, width: right - left + 1, height: best.length)
        var light = 0, dark = 0
        for y in page.y..<(page.y + page.height) {
            var darkRun = 0
            for x in page.x..<(page.x + page.width) {
                if screen.isLight(x, y) { light += 1 }
                if screen.isDark(x, y) {
                    dark += 1
                    darkRun += 1
                } else {
                    if darkRun == 1 || darkRun == 2 { page.narrowDarkRuns += 1 }
                    darkRun = 0
                }
            }
        }
        let area = Double(page.width * page.height)
        page.lightFraction = Double(light) / area
        page.darkFraction = Double(dark) / area
        let rowsRange = page.y..<(page.y + page.height)
        let inside = rowsRange.filter { screen.isLight(left, $0) && screen.isLight(right, $0) }.count
        let outside = rowsRange.filter { screen.isLight(left - 1, $0) || screen.isLight(right + 1, $0) }.count
        page.sharpEdges = inside * 100 >= page.height * 98 && outside == 0
        return page
    }
}
