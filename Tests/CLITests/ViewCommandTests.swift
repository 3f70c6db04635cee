import Foundation
import TestSupport
import XCTest

/// `ibook view` driven as a person drives it: in tmux, keys typed, the
/// screen read back; and on a pseudo-terminal for the exact bytes.
final class ViewCommandTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("view")
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("long-history.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func command(_ arguments: String) -> String { "exec '\(Run.ibookPath)' view \(arguments)" }

    private func reader(_ arguments: String, columns: Int = 100, rows: Int = 30) throws -> TmuxSession {
        // Without the test library's NO_COLOR, which would draw blocks without colour.
        let session = try TmuxSession(command(arguments), columns: columns, rows: rows,
                                      environment: library.environment.filter { $0.key != "NO_COLOR" })
        XCTAssertTrue(session.waitFor { $0.contains(" of ") }, "the reader did not start: \(session.screen())")
        return session
    }

    private func waitForStatus(_ session: TmuxSession, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = session.waitFor { _ in session.statusLine().contains(text) }
        XCTAssertTrue(found, "status line \"\(session.statusLine())\" lacks \"\(text)\"", file: file, line: line)
    }

    func testTextModeTurnsPagesJumpsSearchesBookmarksAndRemembers() throws {
        let session = try reader("lighthouses --graphics text")
        try waitForStatus(session, "page 1 of 40 (i)")
        XCTAssertTrue(session.screen().contains("A Field Guide to"))
        try session.send("Space")
        try waitForStatus(session, "page 2 of 40 (ii)")
        try session.sendLiteral("20G")
        try waitForStatus(session, "page 20 of 40 (16)")
        try session.sendLiteral(":iii")
        try session.send("Enter")
        try waitForStatus(session, "page 3 of 40 (iii)")
        try session.send("C-o")
        try waitForStatus(session, "page 20 of 40")
        try session.sendLiteral("gg")
        try waitForStatus(session, "page 1 of 40")

        // Search lands on the first hit after the page, and n goes on.
        try session.sendLiteral("/lens")
        try session.send("Enter")
        try waitForStatus(session, "/lens 1/164")
        XCTAssertTrue(session.statusLine().contains("page 1 of 40"), "the title page says \"lenses\": the last word is a prefix")
        XCTAssertTrue(session.screen().contains("lenses"))
        try session.send("n")
        try waitForStatus(session, "/lens 2/164")
        try session.send("N", "N")
        try waitForStatus(session, "/lens 164/164")
        XCTAssertTrue(session.statusLine().contains("page 37 of 40"), "the last hit is on page 37")

        // The outline: the chapter list, Enter jumps.
        try session.send("t")
        XCTAssertTrue(session.waitFor { $0.contains("Contents") && $0.contains("Chapter 2. Lenses and Light") })
        try session.send("g", "j", "j", "Enter")
        try waitForStatus(session, "page 5 of 40 (1)")

        try session.send("B")
        try session.sendLiteral("worth rereading")
        try session.send("Enter")
        try waitForStatus(session, "Bookmarked page 5")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })

        let history = try library.ibook("history")
        XCTAssertTrue(history.stdout.contains("page 5 of 40"), history.stdout)
        let bookmarks = try library.ibook("bookmarks", "--all")
        XCTAssertTrue(bookmarks.stdout.contains("worth rereading"), bookmarks.stdout)

        // Opening again resumes where the reader stopped.
        let again = try reader("lighthouses --graphics text")
        try waitForStatus(again, "page 5 of 40 (1)")
        try again.send("q")
    }

    func testViewingABookMakesItTheOpenBook() throws {
        // Two files added at once leave no book open.
        let before = try library.ibook("bookmarks")
        XCTAssertNotEqual(before.status, 0, before.stdout)
        let session = try reader("long-history 12 --graphics text")
        try waitForStatus(session, "page 12 of 320")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })

        let bookmarks = try library.ibook("bookmarks")
        XCTAssertEqual(bookmarks.status, 0, bookmarks.stderr)
        let read = try library.ibook("read"), named = try library.ibook("read", "12", "--book", "long-history")
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertEqual(read.stdout, named.stdout, "read goes on with the book viewed, where it stopped")
        let again = try reader("--graphics text")
        try waitForStatus(again, "page 12 of 320")
        try again.send("q")
    }

    /// At fit width the page is taller than the screen: space shows the rest
    /// of it first, and only from its end goes on to the next page.
    func testAtFitWidthSpaceScrollsThroughThePageBeforeTurningIt() throws {
        let session = try reader("lighthouses 7 --graphics blocks")
        try waitForStatus(session, "page 7 of 40")
        try session.send("w")
        try waitForStatus(session, "fit width")
        XCTAssertTrue(session.waitFor { _ in !session.statusLine().contains("rendering") })
        var shown = session.screen()
        var presses = 0
        while !session.statusLine().contains("page 8 of 40"), presses < 10 {
            try session.send("Space")
            presses += 1
            XCTAssertTrue(session.waitFor { $0 != shown && !session.statusLine().contains("rendering") },
                          "space \(presses) changed nothing")
            shown = session.screen()
        }
        XCTAssertGreaterThan(presses, 1, "the first space scrolled within page 7")
        XCTAssertTrue(session.statusLine().contains("page 8 of 40"), session.statusLine())
        // Back up: the end of page 7 first, not its top.
        try session.send("b")
        try waitForStatus(session, "page 7 of 40")
        try session.send("b")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 7 of 40") && session.screen() != shown })
        XCTAssertTrue(session.statusLine().contains("page 7 of 40"), "still page 7 after two screens up")
        try session.send("q")
    }

    /// `a` twice on one hit: one highlight, in the reader and in the library;
    /// in both image and text mode.
    func testASecondAOnTheSameHitMakesNoSecondHighlight() throws {
        for mode in ["blocks", "text"] {
            let session = try reader("lighthouses 1 --graphics \(mode)")
            try waitForStatus(session, "page 1 of 40")
            XCTAssertTrue(session.waitFor { _ in !session.statusLine().contains("rendering") })
            try session.sendLiteral("/keeper")
            try session.send("Enter")
            try waitForStatus(session, "/keeper 1/")
            try session.send("a")
            try waitForStatus(session, "Highlighted")
            try session.send("a")
            try waitForStatus(session, "Already highlighted")
            try session.send("q")
            XCTAssertTrue(session.waitFor { _ in session.hasExited })
            let notes = try library.ibook("notes", "lighthouses", "--json")
            XCTAssertEqual(notes.status, 0, notes.stderr)
            let highlights = notes.stdout.components(separatedBy: "\"kind\":\"highlight\"").count - 1
            XCTAssertEqual(highlights, 1, "\(mode): \(notes.stdout)")
            // Gone again, so the next mode starts from none.
            let id = try XCTUnwrap(notes.stdout.range(of: #"(?<="id":)\d+"#, options: .regularExpression))
            XCTAssertEqual(try library.ibook("notes", "lighthouses", "--delete", String(notes.stdout[id])).status, 0)
        }
    }

    /// A dumb terminal cannot be read full screen: one line says so, and nothing else reaches it.
    func testADumbTerminalIsRefusedInOneLine() throws {
        var environment = library.environment
        environment["TERM"] = "dumb"
        let terminal = try PseudoTerminal(Run.ibookPath, ["view", "lighthouses", "--graphics", "text"], environment: environment)
        XCTAssertNotEqual(terminal.waitForExit(timeout: 20), 0)
        let output = String(decoding: terminal.read(), as: UTF8.self)
        XCTAssertFalse(output.contains("\u{1B}"), output)
        let lines = output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(lines.count, 1, output)
        XCTAssertTrue(output.contains("TERM=dumb") && output.contains("ibook read"), output)
    }

    func testNoColorDrawsThePageInBlocksWithoutColour() throws {
        let session = try TmuxSession(command("lighthouses 3 --graphics blocks"), columns: 100, rows: 30,
                                      environment: library.environment.merging(["NO_COLOR": "1"]) { $1 })
        try waitForStatus(session, "page 3 of 40")
        XCTAssertTrue(session.waitFor { $0.contains { "▀▄▌▐▖▗▘▙▚▛▜▝▞▟█".contains($0) } }, session.screen())
        let drawn = session.screen(escapes: true)
        XCTAssertFalse(drawn.contains("38;2;") || drawn.contains("48;2;"), "no 24-bit colour")
        try session.send("q")
    }

    func testBlocksModeDrawsThePageInColourAndRedrawsOnResize() throws {
        let session = try reader("lighthouses 1 --graphics blocks")
        XCTAssertTrue(session.waitFor { $0.contains("▀") || $0.contains("▐") || $0.contains("▄") }, session.screen())
        let coloured = session.screen(escapes: true)
        XCTAssertTrue(coloured.contains("48;2;255;255;255"), "the white page in 24-bit colour")
        XCTAssertEqual(session.lines().count, 30)
        try session.resize(columns: 70, rows: 20)
        XCTAssertTrue(session.waitFor { _ in
            let lines = session.lines()
            return lines.count == 20 && lines.allSatisfy { $0.count <= 70 } && session.statusLine().contains("page 1 of 40")
        }, session.screen())
        try session.send("Space")
        try waitForStatus(session, "page 2 of 40")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    /// Whether the pane has mouse reports on: standard (?1000), button-event
    /// tracking (?1002, which reports drags and replaces 1000), then SGR (?1006), 1 or 0 each.
    private static func mouseFlags(_ session: TmuxSession) -> String {
        session.paneFormat("#{mouse_standard_flag}#{mouse_button_flag}#{mouse_sgr_flag}")
    }

    func testTerminalIsRestoredAfterQuitCtrlCAndSigterm() throws {
        let directory = library.root.path
        for (index, ending) in ["q", "C-c", "TERM", "HUP", "SEGV"].enumerated() {
            let script = "stty -g > '\(directory)/before\(index)'; '\(Run.ibookPath)' view lighthouses --graphics blocks; echo \"exit=$?\" > '\(directory)/status\(index)'; stty -g > '\(directory)/after\(index)'"
            let session = try TmuxSession(script, environment: library.environment)
            XCTAssertTrue(session.waitFor { $0.contains("page ") })
            XCTAssertTrue(session.waitFor { _ in Self.mouseFlags(session) == "011" }, "mouse reports on: \(Self.mouseFlags(session))")
            if ["TERM", "HUP", "SEGV"].contains(ending) {
                let shell = try XCTUnwrap(session.panePID)
                let pids = try Run.process("/usr/bin/pgrep", ["-P", String(shell)]).stdoutLines
                XCTAssertEqual(pids.count, 1)
                let signal = ["TERM": SIGTERM, "HUP": SIGHUP, "SEGV": SIGSEGV][ending] ?? SIGTERM
                for pid in pids { kill(pid_t(pid) ?? 0, signal) }
            } else {
                try session.send(ending)
            }
            XCTAssertTrue(session.waitFor { _ in session.hasExited }, "\(ending): \(session.screen())")
            let before = try String(contentsOfFile: "\(directory)/before\(index)", encoding: .utf8)
            let after = try String(contentsOfFile: "\(directory)/after\(index)", encoding: .utf8)
            XCTAssertEqual(before, after, "stty settings after \(ending)")
            let status = try String(contentsOfFile: "\(directory)/status\(index)", encoding: .utf8)
            // A crash still puts the terminal back, then dies of its signal (139).
            XCTAssertEqual(status, ["TERM": "exit=143\n", "HUP": "exit=129\n", "SEGV": "exit=139\n"][ending] ?? "exit=0\n", ending)
            XCTAssertFalse(session.screen().contains("page 1 of 40"), "the alternate screen is gone after \(ending)")
            XCTAssertEqual(Self.mouseFlags(session), "000", "mouse reports off after \(ending)")
        }
    }

    /// The render workers killed while the reader waits for a key (SIGKILL,
    /// as the OOM killer sends): the next page is rendered on new ones.
    func testKilledRenderWorkersAreReplacedAndTheNextPageDrawn() throws {
        let session = try reader("lighthouses 3 --graphics blocks")
        try waitForStatus(session, "page 3 of 40")
        XCTAssertTrue(session.waitFor { _ in !session.statusLine().contains("rendering") }, session.statusLine())
        let reader = try XCTUnwrap(session.panePID)
        let workers = try Run.process("/usr/bin/pgrep", ["-P", String(reader)]).stdoutLines.compactMap { pid_t($0) }
        XCTAssertEqual(workers.count, 2, "two render workers")
        for worker in workers { kill(worker, SIGKILL) }
        usleep(300_000)
        for page in 4...6 {
            try session.send("Space")
            try waitForStatus(session, "page \(page) of 40")
            XCTAssertTrue(session.waitFor(timeout: 10) { _ in !session.statusLine().contains("rendering") },
                          "page \(page): \(session.statusLine())")
            XCTAssertFalse(session.screen().contains("could not be rendered"), session.screen())
            XCTAssertTrue(session.screen().contains { "▀▄▌▐▖▗▘▙▚▛▜▝▞▟".contains($0) }, "the page drawn: \(session.screen())")
        }
        let replaced = try Run.process("/usr/bin/pgrep", ["-P", String(reader)]).stdoutLines.compactMap { pid_t($0) }
        XCTAssertFalse(replaced.isEmpty)
        XCTAssertTrue(Set(replaced).isDisjoint(with: workers), "new workers")
        try session.send("q")
    }

    func testAPageThatOverrunsItsTimeLimitShowsItsTextAndTheReaderGoesOn() throws {
        let session = try reader("lighthouses 9 --graphics blocks --timeout 0.001")
        try waitForStatus(session, "could not be rendered in 0.001 s")
        XCTAssertTrue(session.screen().contains("Chapter 2. Lenses and Light"), "the page's text instead: \(session.screen())")
        try session.send("Space")
        try waitForStatus(session, "page 10 of 40")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("could not be rendered") })
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testSuspendAndResumeWithCtrlZAndFg() throws {
        let directory = library.root.path
        let session = try TmuxSession("exec bash --norc --noprofile", environment: library.environment)
        try session.sendLiteral("stty -g > '\(directory)/before'; '\(Run.ibookPath)' view lighthouses 4 --graphics blocks")
        try session.send("Enter")
        try waitForStatus(session, "page 4 of 40 (iv)")
        XCTAssertTrue(session.waitFor { _ in Self.mouseFlags(session) == "011" }, "mouse reports on: \(Self.mouseFlags(session))")
        try session.send("C-z")
        XCTAssertTrue(session.waitFor { $0.contains("Stopped") }, session.screen())
        XCTAssertEqual(Self.mouseFlags(session), "000", "no mouse reports to the shell while the reader is stopped")
        try session.sendLiteral("stty -g > '\(directory)/suspended'; fg")
        try session.send("Enter")
        try waitForStatus(session, "page 4 of 40 (iv)")
        XCTAssertTrue(session.waitFor { _ in Self.mouseFlags(session) == "011" }, "on again after fg: \(Self.mouseFlags(session))")
        try session.send("Space")
        try waitForStatus(session, "page 5 of 40 (1)")
        try session.send("q")
        // Typed only once the reader is gone, or a loaded machine lets it read the command as keys.
        XCTAssertTrue(session.waitFor { !$0.contains("page 5 of 40") }, session.screen())
        XCTAssertTrue(session.waitFor { _ in Self.mouseFlags(session) == "000" }, "off after q: \(Self.mouseFlags(session))")
        try session.sendLiteral("stty -g > '\(directory)/after'; echo finished")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { $0.contains("\nfinished") })
        let before = try String(contentsOfFile: "\(directory)/before", encoding: .utf8)
        XCTAssertEqual(try String(contentsOfFile: "\(directory)/suspended", encoding: .utf8), before, "the shell gets its terminal back while the reader is stopped")
        XCTAssertEqual(try String(contentsOfFile: "\(directory)/after", encoding: .utf8), before)
    }

    func testInsideTmuxWithoutPassthroughItSaysHowAndDrawsBlocks() throws {
        let session = try reader("lighthouses 2 --graphics kitty", columns: 200)
        try waitForStatus(session, "allow-passthrough on")
        XCTAssertTrue(session.waitFor { $0.contains("▐") || $0.contains("▀") || $0.contains("▄") }, "blocks meanwhile")
        XCTAssertFalse(session.screen(escapes: true).contains("_G"), "no kitty sequence reached the screen")
        try session.send("q")
    }

    /// A book whose file name is not UTF-8 (Latin-1 "café.pdf") is drawn like any other.
    func testABookWithALatin1FileNameIsDrawn() throws {
        let folder = library.root.appendingPathComponent("archive")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let staging = folder.appendingPathComponent("staging.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("cafe-culture.pdf"), toPath: staging.path)
        let raw = (Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".pdf".utf8)).map { CChar(bitPattern: $0) } + [0]
        XCTAssertEqual(rename(staging.path, raw), 0)
        XCTAssertEqual(try library.ibook("add", folder.path).status, 0)
        let session = try reader("Café 2 --graphics blocks")
        try waitForStatus(session, "page 2 of 12")
        XCTAssertTrue(session.waitFor { $0.contains("▀") || $0.contains("▐") || $0.contains("▄") }, session.screen())
        XCTAssertFalse(session.statusLine().contains("could not"), session.statusLine())
        try session.send("q")
    }

    func testEncryptedBooksNeedTheirPassword() throws {
        let locked = try BadFiles.encrypted(Fixtures.sampleBook("cafe-culture.pdf"), userPassword: "s3cret",
                                            in: library.root, name: "locked.pdf")
        XCTAssertEqual(try library.ibook("add", "--password", "s3cret", locked.path).status, 0)
        // On a terminal the password is asked for (PasswordPromptTests), again after a wrong one;
        // after three wrong ones the reader is refused.
        let refused = try TmuxSession("'\(Run.ibookPath)' view '\(locked.path)'; echo \"exit=$?\"; sleep 60", columns: 400,
                                       environment: library.environment)
        XCTAssertTrue(refused.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, refused.screen())
        for attempt in 1...3 {
            if attempt > 1 {
                XCTAssertTrue(refused.waitFor(timeout: 20) { $0.components(separatedBy: "Wrong password, try again.").count == attempt },
                              refused.screen())
            }
            try refused.sendLiteral("guess")
            try refused.send("Enter")
        }
        XCTAssertTrue(refused.waitFor(timeout: 20) { $0.contains("exit=1") }, refused.screen())
        XCTAssertTrue(refused.screen().contains("wrong password"), refused.screen())
        XCTAssertFalse(refused.screen().contains("guess"), "not echoed")
        let session = try reader("'\(locked.path)' 3 --password s3cret --graphics blocks")
        try waitForStatus(session, "page 3 of 12")
        XCTAssertTrue(session.waitFor { $0.contains("▀") || $0.contains("▐") || $0.contains("▄") })
        XCTAssertFalse(session.statusLine().contains("could not"))
        try session.send("q")
    }

    func testWithoutATerminalItSaysSoAndWritesNoEscapes() throws {
        let result = try library.ibook("view", "lighthouses")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.contains("view needs a terminal"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"))
        let bad = try library.ibook("view", "lighthouses", "--graphics", "bogus")
        XCTAssertEqual(bad.status, 64)
        // A wrong book or page is said before anything else, terminal or not.
        let noBook = try library.ibook("view", "no such book")
        XCTAssertEqual(noBook.status, 1)
        XCTAssertEqual(noBook.stderrLines.count, 1, noBook.stderr)
        XCTAssertTrue(noBook.stderr.contains("no such book"), noBook.stderr)
        let noPage = try library.ibook("view", "lighthouses", "xlii")
        XCTAssertEqual(noPage.status, 1)
        XCTAssertTrue(noPage.stderr.contains("xlii"), noPage.stderr)
        let empty = try TestLibrary("empty")
        let nothingOpen = try empty.ibook("view")
        XCTAssertEqual(nothingOpen.status, 1)
        XCTAssertEqual(nothingOpen.stderrLines.count, 1, nothingOpen.stderr)
    }

    func testAMissingFileOpensInTextModeAndSaysWhy() throws {
        let copy = library.root.appendingPathComponent("moved.pdf").path
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("cafe-culture.pdf"), toPath: copy)
        XCTAssertEqual(try library.ibook("add", copy).status, 0)
        try FileManager.default.removeItem(atPath: copy)
        let session = try reader("Café --graphics blocks")
        try waitForStatus(session, "The file is gone")
        XCTAssertTrue(session.statusLine().contains("text"))
        try session.send("q")
    }

    func testLabelsOpenTheRightPageAndTheLabelledOverviewOpensAPage() throws {
        let session = try reader("long-history v --graphics blocks")
        try waitForStatus(session, "page 5 of 320 (v)")
        try session.send("o")
        // Captions carry the page's label where it says something the number does not.
        XCTAssertTrue(session.waitFor { $0.contains("▶ 5 (v)") }, session.screen())
        // The overview's rows come as their thumbnails do: the second may follow the first.
        XCTAssertTrue(session.waitFor { $0.contains("6 (vi)") }, session.screen())
        try session.send("Right", "Enter")
        try waitForStatus(session, "page 6 of 320 (vi)")
        try session.send("q")
    }

    /// The kitty stream decodes back to the page that poppler renders at the same size.
    func testKittyImageIsThePageAsPopplerRendersIt() throws {
        var environment = library.environment
        environment["TERM"] = "xterm-kitty"
        let terminal = try PseudoTerminal(Run.ibookPath, ["view", "lighthouses", "3", "--graphics", "kitty"],
                                          environment: environment, columns: 80, rows: 25, pixelWidth: 800, pixelHeight: 500)
        XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("page 3 of 40") })
        XCTAssertTrue(terminal.waitFor { $0.count > 20_000 && String(decoding: $0, as: UTF8.self).contains("m=0") })
        terminal.send("q")
        XCTAssertEqual(terminal.waitForExit(), 0)
        let output = String(decoding: terminal.read(), as: UTF8.self)
        // On the way out every image is deleted from the terminal's memory and the screen is given back.
        let exit = try XCTUnwrap(output.range(of: "\u{1B}_Ga=d,d=A", options: .backwards))
        XCTAssertTrue(output[exit.upperBound...].contains("\u{1B}[?1049l"))
        let image = try XCTUnwrap(try KittyStream.images(in: output).last).png
        // 80×24 cells of 10×20 pixels above the status line.
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 480)

        // poppler's own render of page 3 fitted into the same box, centred.
        let prefix = library.root.appendingPathComponent("reference").path
        let pageHeight = 480
        let result = try Run.process("/usr/bin/pdftoppm", ["-png", "-f", "3", "-l", "3", "-scale-to-y", String(pageHeight),
                                                           "-scale-to-x", "-1", "-singlefile", Fixtures.sampleBook("lighthouses.pdf"), prefix])
        XCTAssertEqual(result.status, 0, result.stderr)
        let reference = try PNGDecoder.decode(file: prefix + ".png")
        let left = (800 - reference.width) / 2
        var shown = [UInt8]()
        for y in 0..<reference.height {
            let start = (y * image.width + left) * 4
            shown += image.pixels[start..<(start + reference.width * 4)]
        }
        let difference = PNGDecoder.meanDifference(shown, reference.pixels)
        XCTAssertLessThan(difference, 10, "mean difference per channel between the reader's page and pdftoppm's")
        // Outside the page: the reader's grey surround.
        XCTAssertEqual(Array(image.pixels[0..<3]), [64, 64, 64])
    }

    /// Real-world PDFs: rotated, landscape, tiny, tall, CJK, scanned. Every
    /// one opens in the reader and its first page arrives as an image of the
    /// screen's size with the page on it.
    func testRealWorldBooksOpenInTheReader() throws {
        let corpus = try Fixtures.requireCorpus("real-world PDFs in the reader")
        let real = corpus.appendingPathComponent("real")
        XCTAssertEqual(try library.ibook("add", real.path).status, 0)
        var environment = library.environment
        environment["TERM"] = "xterm-kitty"
        let files = try FileManager.default.subpathsOfDirectory(atPath: real.path).filter { $0.hasSuffix(".pdf") }.sorted()
        XCTAssertGreaterThan(files.count, 10)
        for file in files {
            let path = real.appendingPathComponent(file).path
            let terminal = try PseudoTerminal(Run.ibookPath, ["view", path, "1", "--graphics", "kitty"], environment: environment,
                                              columns: 60, rows: 21, pixelWidth: 600, pixelHeight: 420)
            let arrived = terminal.waitFor(timeout: 15) { output in
                let text = String(decoding: output, as: UTF8.self)
                return text.contains("m=0") && !(text.components(separatedBy: "\u{1B}[7m").last ?? "").contains("rendering…")
            }
            terminal.send("q")
            XCTAssertEqual(terminal.waitForExit(), 0, file)
            let output = String(decoding: terminal.read(), as: UTF8.self)
            XCTAssertTrue(arrived, "\(file): no page image")
            let image = try XCTUnwrap(try KittyStream.images(in: output).last, file).png
            XCTAssertEqual(image.width, 600, file)
            XCTAssertEqual(image.height, 400, file)
            // Something other than the grey surround: the page itself.
            let page = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] != 64 || image.pixels[$0 + 1] != 64 }
            XCTAssertGreaterThan(page.count, 600, "\(file): the page is on the screen")
            XCTAssertFalse(output.contains("could not be rendered"), file)
        }
    }
}
