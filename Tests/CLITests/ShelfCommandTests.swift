import Foundation
import TestSupport
import XCTest

/// `ibook shelf`, and `ibook` alone, driven in tmux as a person drives it.
final class ShelfCommandTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("shelf")
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func addSampleBooks() throws {
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("long-history.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    /// The line the selection is on: the list marks it with ▶.
    private func selectedLine(_ session: TmuxSession) -> String {
        session.lines().first { $0.hasPrefix("▶ ") } ?? ""
    }

    private func waitForSelected(_ session: TmuxSession, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = session.waitFor { _ in self.selectedLine(session).contains(text) }
        XCTAssertTrue(found, "selected line \"\(selectedLine(session))\" lacks \"\(text)\": \(session.screen())", file: file, line: line)
    }

    func testIbookAloneOpensTheShelfEnterReadsTheBookAndQComesBackThenQuits() throws {
        try addSampleBooks()
        // Lighthouses was read last, to page 5: it comes first and says how far.
        XCTAssertEqual(try library.ibook("read", "--book", "lighthouses", "5").status, 0)
        let directory = library.root.path
        let script = "stty -g > '\(directory)/before'; '\(Run.ibookPath)'; echo \"exit=$?\" > '\(directory)/status'; stty -g > '\(directory)/after'"
        let session = try TmuxSession(script, environment: library.environment.merging(["IBOOK_GRAPHICS": "text"]) { $1 })
        XCTAssertTrue(session.waitFor { $0.contains("A Long History of Everything") }, session.screen())
        waitForSelected(session, "A Field Guide to Lighthouses — Margaret Hale")
        XCTAssertTrue(selectedLine(session).hasSuffix("12%"), "page 5 of 40: \(selectedLine(session))")
        XCTAssertTrue(session.lines().contains { $0.contains("A Long History of Everything") && $0.hasSuffix("new") }, session.screen())
        XCTAssertTrue(session.screen().contains("A Field Guide to Lighthouses — Margaret Hale · 40 pages · stopped on page 5"),
                      "the details line: \(session.screen())")

        try session.send("j")
        waitForSelected(session, "A Long History of Everything")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("book 2 of 2") }, session.statusLine())
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 1 of 320") }, "the reader: \(session.screen())")
        try session.send("Space")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 2 of 320") }, session.statusLine())
        try session.send("q")
        // Back on the shelf, still on the book just read, which is now the one read last.
        waitForSelected(session, "A Long History of Everything")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("book 1 of 2") }, session.statusLine())
        XCTAssertTrue(session.screen().contains("stopped on page 2"), session.screen())

        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
        let before = try String(contentsOfFile: "\(directory)/before", encoding: .utf8)
        let after = try String(contentsOfFile: "\(directory)/after", encoding: .utf8)
        XCTAssertEqual(before, after, "stty settings after the shelf")
        XCTAssertEqual(try String(contentsOfFile: "\(directory)/status", encoding: .utf8), "exit=0\n")
        XCTAssertFalse(session.screen().contains("Shelf:"), "the alternate screen is gone: \(session.screen())")
        let history = try library.ibook("history")
        XCTAssertTrue(history.stdout.contains("page 2 of 320"), history.stdout)
        // The book opened from the shelf is the open book, as `view BOOK` makes it.
        let read = try library.ibook("read")
        XCTAssertTrue(read.stdout.hasPrefix("A Long History of Everything — page 2 of 320"), read.stdout)
    }

    /// `\e[<b;x;yM` as a terminal sends a press at column x, row y (and `m` its release).
    private func click(_ session: TmuxSession, column: Int, row: Int) throws {
        try session.sendLiteral("\u{1B}[<0;\(column);\(row)M")
        try session.sendLiteral("\u{1B}[<0;\(column);\(row)m")
    }

    /// Standard reports (?1000), button-event tracking with drags (?1002, the reader's), SGR form (?1006).
    private func mouseFlags(_ session: TmuxSession) -> String {
        session.paneFormat("#{mouse_standard_flag}#{mouse_button_flag}#{mouse_sgr_flag}")
    }

    func testAClickSelectsABookASecondReadsItAndQuittingTurnsTheMouseOff() throws {
        try addSampleBooks()
        let directory = library.root.path
        let script = "'\(Run.ibookPath)' shelf; echo \"exit=$?\" > '\(directory)/status'"
        let session = try TmuxSession(script, environment: library.environment.merging(["IBOOK_GRAPHICS": "text"]) { $1 })
        XCTAssertTrue(session.waitFor { $0.contains("A Long History of Everything") && $0.contains("A Field Guide") }, session.screen())
        XCTAssertTrue(session.waitFor { _ in self.mouseFlags(session) == "101" }, "mouse reports asked for: \(mouseFlags(session))")
        // The list: one book a line from the top; the one not selected is clicked.
        let row = try XCTUnwrap(session.lines().firstIndex { $0.hasPrefix("  ") && $0.contains("A") && !$0.hasPrefix("▶") }) + 1
        let title = session.lines()[row - 1].contains("Long History") ? "A Long History of Everything" : "A Field Guide to Lighthouses"
        try click(session, column: 5, row: row)
        waitForSelected(session, title)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("book \(row) of 2") }, session.statusLine())
        try click(session, column: 5, row: row)
        let pages = title.contains("Long History") ? "of 320" : "of 40"
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains(pages) }, "the reader: \(session.screen())")
        XCTAssertEqual(mouseFlags(session), "011", "the reader asks for mouse reports too, with drags")
        // A click on the right third turns the page.
        try click(session, column: 95, row: 10)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 2 \(pages)") }, session.statusLine())
        try session.send("q")
        waitForSelected(session, title)
        XCTAssertTrue(session.waitFor { _ in self.mouseFlags(session) == "101" }, "back on the shelf: \(mouseFlags(session))")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
        XCTAssertEqual(try String(contentsOfFile: "\(directory)/status", encoding: .utf8), "exit=0\n")
        XCTAssertEqual(mouseFlags(session), "000", "mouse reports are off after the shelf")
    }

    func testABookWhoseFileMovedIsShownAndReadFromItsIndexedText() throws {
        let copy = library.root.appendingPathComponent("moved.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("lighthouses.pdf"), toPath: copy.path)
        XCTAssertEqual(try library.ibook("add", copy.path).status, 0)
        try FileManager.default.removeItem(at: copy)
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics blocks", environment: library.environment)
        XCTAssertTrue(session.waitFor { $0.contains("A Field Guide to Lighthouses") }, session.screen())
        waitForSelected(session, "A Field Guide to Lighthouses")
        try session.send("Enter")
        // The reader says why there are no page images, and reads from the library's text.
        XCTAssertTrue(session.waitFor { $0.contains("The file is gone") }, session.screen())
        XCTAssertTrue(session.waitFor { $0.contains("Lighthouses") || $0.contains("LIGHTHOUSES") }, session.screen())
        try session.send("q")
        waitForSelected(session, "A Field Guide to Lighthouses")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
    }

    /// `i` shows what `ibook info` says of the selected book that a reader chooses by (an EPUB's
    /// format, series and publisher here); any key closes it and does nothing else.
    func testIShowsTheSelectedBooksDetailsAndAnyKeyClosesThem() throws {
        let added = try library.ibook("add", Fixtures.sampleBook("voyage.epub"), Fixtures.sampleBook("lighthouses.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(try library.ibook("tag", "voyage", "+travel").status, 0)
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics text", environment: library.environment)
        defer { session.stop() }
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("book 1 of 2") }, session.screen())
        try session.sendLiteral("/voyage")
        try session.send("Enter")
        waitForSelected(session, "A Voyage to the Northern Lights")
        try session.send("i")
        // The names are padded to the longest one shown: compared with single spaces.
        func squeezed(_ text: String) -> String { text.replacingOccurrences(of: " +", with: " ", options: .regularExpression) }
        XCTAssertTrue(session.waitFor { squeezed($0).contains("Series Northern Journeys #2") }, session.screen())
        let screen = squeezed(session.screen())
        for line in ["Format EPUB", "Publisher Aurora Quay Press", "Tags travel", "ISBN 9781739104283", "Pages 27, not read yet"] {
            XCTAssertTrue(screen.contains(line), "\(line): \(screen)")
        }
        try session.send("q")
        XCTAssertTrue(session.waitFor { !$0.contains("Northern Journeys #2") }, session.screen())
        XCTAssertFalse(session.hasExited, "the key that closes the panel does nothing else")
        waitForSelected(session, "A Voyage to the Northern Lights")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
    }

    func testADumbTerminalIsRefusedInOneLine() throws {
        try addSampleBooks()
        let directory = library.root.path
        let session = try TmuxSession("TERM=dumb '\(Run.ibookPath)' shelf 2> '\(directory)/err'; echo \"exit=$?\" > '\(directory)/status'",
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { _ in session.hasExited }, session.screen())
        XCTAssertEqual(try String(contentsOfFile: "\(directory)/status", encoding: .utf8), "exit=1\n")
        XCTAssertEqual(try String(contentsOfFile: "\(directory)/err", encoding: .utf8),
                       "Error: shelf needs a full-screen terminal and TERM=dumb is not one; 'ibook list' prints the books\n")
    }

    func testSlashFiltersWithTheListQueryEscClearsAndSSorts() throws {
        try addSampleBooks()
        XCTAssertEqual(try library.ibook("tag", "+sea", "lighthouses").status, 0)
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics blocks", environment: library.environment)
        XCTAssertTrue(session.waitFor { $0.contains("A Long History of Everything") }, session.screen())
        // Nothing read: the newest added first.
        waitForSelected(session, "A Long History of Everything")
        XCTAssertTrue(selectedLine(session).hasSuffix("new"))

        try session.sendLiteral("/tag:sea")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("/tag:sea") }, session.statusLine())
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { !$0.contains("A Long History") }, session.screen())
        waitForSelected(session, "A Field Guide to Lighthouses")
        XCTAssertTrue(session.statusLine().contains("filter: tag:sea"), session.statusLine())
        XCTAssertTrue(session.screen().contains("tags: sea"), "the details line names the tags: \(session.screen())")

        try session.send("Escape")
        XCTAssertTrue(session.waitFor { $0.contains("A Long History") && $0.contains("A Field Guide") }, session.screen())
        waitForSelected(session, "A Field Guide to Lighthouses")

        // A query the library refuses says why and leaves the shelf as it was.
        try session.sendLiteral("/year:>")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { $0.contains("A Long History") && !session.statusLine().contains("Shelf:") }, session.screen())

        try session.send("s")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Sorted by title") }, session.statusLine())
        try session.send("g")
        waitForSelected(session, "A Field Guide to Lighthouses")

        try session.send("H")
        XCTAssertTrue(session.waitFor { $0.contains("The shelf — keys") }, session.screen())
        try session.send("q")
        XCTAssertTrue(session.waitFor { !$0.contains("The shelf — keys") && $0.contains("A Long History") }, session.screen())
        XCTAssertFalse(session.hasExited, "q closes the help only")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testQuestionMarkSearchesEveryBookEnterReadsTheHitsPageAndQComesBack() throws {
        try addSampleBooks()
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics text", columns: 120, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Shelf: book 1 of 2") }, session.screen())
        // "collapsed" is on one page only, the history's 250th, printed as 244.
        try session.sendLiteral("?collapsed")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("?collapsed") }, session.statusLine())
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Search: collapsed · hit 1 of 1 ·") }, session.screen())
        XCTAssertTrue(selectedLine(session).hasPrefix("▶ A Long History of Everything · p. 250 (244) · "), session.screen())
        XCTAssertTrue(selectedLine(session).contains("found in a collapsed storeroom"), session.screen())
        XCTAssertFalse(session.screen().contains("A Field Guide"), "the hits, not the books: \(session.screen())")

        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("of 320") }, "the reader: \(session.screen())")
        XCTAssertTrue(session.statusLine().contains("page 250"), "at the hit's page: \(session.statusLine())")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Search: collapsed") }, "back on the hits: \(session.screen())")
        XCTAssertTrue(selectedLine(session).contains("p. 250 (244)"), session.screen())
        try session.send("Escape")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Shelf: book 1 of 2") }, session.screen())
        XCTAssertTrue(session.screen().contains("A Field Guide to Lighthouses"), session.screen())
        // A word no page has says so and stays on the shelf.
        try session.sendLiteral("?zyzzyva")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("No page has zyzzyva") }, session.screen())
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testDRemovesTheBookOnlyAfterYAndLeavesItsFile() throws {
        try addSampleBooks()
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics text", columns: 120, rows: 30,
                                      environment: library.environment)
        waitForSelected(session, "A Long History of Everything")
        try session.send("d")
        XCTAssertTrue(session.waitFor { _ in
            session.statusLine().hasPrefix("Remove A Long History of Everything from the library (the file stays)? y/n")
        }, session.statusLine())
        try session.send("n")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Kept A Long History of Everything") }, session.statusLine())
        XCTAssertTrue(try library.ibook("list").stdout.contains("A Long History of Everything"))

        try session.send("d")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Remove ") }, session.statusLine())
        try session.send("y")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Removed A Long History of Everything") }, session.screen())
        XCTAssertFalse(session.screen().contains("▶ A Long History"), session.screen())
        waitForSelected(session, "A Field Guide to Lighthouses")
        let list = try library.ibook("list")
        XCTAssertFalse(list.stdout.contains("A Long History of Everything"), list.stdout)
        XCTAssertTrue(list.stdout.contains("A Field Guide to Lighthouses"), list.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: Fixtures.sampleBook("long-history.pdf")), "the file stays")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testEEditsTitleAndAuthorAndTTagsTheSelectedBook() throws {
        try addSampleBooks()
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics text", columns: 120, rows: 30,
                                      environment: library.environment)
        waitForSelected(session, "A Long History of Everything")
        try session.send("e")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Title: A Long History of Everything") }, session.statusLine())
        try session.send("C-u")
        try session.sendLiteral("A Short History")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Author: Anonymous Scribe") }, session.statusLine())
        try session.send("C-u")
        try session.sendLiteral("Ada Lovelace, Charles Babbage")
        try session.send("Enter")
        waitForSelected(session, "A Short History — Ada Lovelace, Charles Babbage")
        let info = try library.ibook("list")
        XCTAssertTrue(info.stdout.contains("A Short History"), info.stdout)
        XCTAssertTrue(info.stdout.contains("Ada Lovelace"), info.stdout)

        try session.send("t")
        try session.sendLiteral("+sea +science/optics")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { $0.contains("tags: science/optics, sea") || $0.contains("tags: sea, science/optics") }, session.screen())
        try session.send("t")
        // A space first: tmux would take "-sea" for its own options.
        try session.sendLiteral(" -sea")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { $0.contains("tags: science/optics ·") }, session.screen())
        let tags = try library.ibook("tags")
        XCTAssertTrue(tags.stdout.contains("science") && tags.stdout.contains("optics"), tags.stdout)
        XCTAssertFalse(tags.stdout.contains("sea"), tags.stdout)
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testSectionsShowReadingNowCollectionsAndBookmarksAndEnterReadsAtABookmark() throws {
        try addSampleBooks()
        XCTAssertEqual(try library.ibook("read", "--book", "lighthouses", "5").status, 0)
        XCTAssertEqual(try library.ibook("bookmark", "77", "--book", "long history", "--note", "the river kingdoms").status, 0)
        XCTAssertEqual(try library.ibook("collection", "create", "Coast").status, 0)
        XCTAssertEqual(try library.ibook("collection", "add", "Coast", "lighthouses").status, 0)
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics text", columns: 120, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Shelf: book 1 of 2") }, session.screen())

        try session.send("1")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Reading now: book 1 of 1") }, session.screen())
        XCTAssertFalse(session.screen().contains("A Long History"), "never opened: \(session.screen())")
        try session.send("3")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Collections: 1 of 1") }, session.screen())
        XCTAssertTrue(session.screen().contains("▶ Coast — 1 book"), session.screen())
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Shelf: book 1 of 1 · filter: collection Coast") }, session.screen())
        waitForSelected(session, "A Field Guide to Lighthouses")

        try session.send("4")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Bookmarks: 1 of 1") }, session.screen())
        XCTAssertTrue(selectedLine(session).hasPrefix("▶ A Long History of Everything · p. 77"), session.screen())
        XCTAssertTrue(selectedLine(session).contains("the river kingdoms"), session.screen())
        try session.send("Enter")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("of 320") }, "the reader: \(session.screen())")
        XCTAssertTrue(session.statusLine().contains("page 77"), "at the bookmark: \(session.statusLine())")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Bookmarks: 1 of 1") }, "back on the bookmarks: \(session.screen())")
        try session.send("Escape")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Shelf: book 1 of 1") }, session.screen())
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testKittyCoversAreTheCachedThumbnailsOnePerSlotAndAMissingOneIsMadeInTheBackground() throws {
        try addSampleBooks()
        XCTAssertEqual(try library.ibook("read", "--book", "lighthouses", "5").status, 0)
        // The long history's cover is gone from the cache: the shelf shows a card, then the cover a child made.
        let cover = try library.ibook("thumbnail", "long history").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(atPath: cover)
        var environment = library.environment
        environment["TERM"] = "xterm-kitty"
        // 10×20-pixel cells: four books across, covers 18 cells (180 px) wide and 12 (240 px) tall.
        let terminal = try PseudoTerminal(Run.ibookPath, ["shelf", "--graphics", "kitty"], environment: environment,
                                          columns: 80, rows: 25, pixelWidth: 800, pixelHeight: 500)
        func images() throws -> [KittyStream.Image] { try KittyStream.images(in: String(decoding: terminal.read(), as: UTF8.self)) }
        XCTAssertTrue(terminal.waitFor { _ in ((try? images()) ?? []).count == 2 }, String(decoding: terminal.read(), as: UTF8.self))
        var shown = try images()
        XCTAssertTrue(shown[0].keys.contains("i=7400") && shown[1].keys.contains("i=7401"), shown.map(\.keys).description)
        for image in shown {
            XCTAssertEqual(image.png.width, 180)
            XCTAssertEqual(image.png.height, 240)
        }
        func pixel(_ image: KittyStream.Image, _ x: Int, _ y: Int) -> [UInt8] {
            let offset: Int = (y * image.png.width + x) * 4
            return Array(image.png.pixels[offset..<(offset + 3)])
        }
        let selection: [UInt8] = [80, 160, 255], placeholder: [UInt8] = [150, 150, 160]
        // The lighthouses, read last, first and selected: framed, its cover a page (white, mostly).
        XCTAssertEqual(pixel(shown[0], 1, 1), selection)
        let middle = pixel(shown[0], 90, 120)
        XCTAssertNotEqual(middle, placeholder)
        XCTAssertNotEqual(middle, [64, 64, 64], "the cover, not the surround")
        XCTAssertEqual(pixel(shown[1], 90, 120), placeholder)
        XCTAssertNotEqual(pixel(shown[1], 1, 1), selection)
        let text = String(decoding: terminal.read(), as: UTF8.self)
        XCTAssertTrue(text.contains("A Field Guide to"), "the title under the cover")
        XCTAssertTrue(text.contains("12%"))

        // The missing cover is made in the background, put in the cache, and its slot alone drawn again.
        XCTAssertTrue(terminal.waitFor { _ in ((try? images()) ?? []).count == 3 }, "\(((try? images()) ?? []).map(\.keys))")
        shown = try images()
        XCTAssertTrue(shown[2].keys.contains("i=7401"), shown.map(\.keys).description)
        XCTAssertNotEqual(pixel(shown[2], 90, 120), placeholder, "the cover made, not the card")
        XCTAssertNotEqual(pixel(shown[2], 90, 120), [64, 64, 64], "the cover, not the surround")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cover), "the cover is in the cache for next time")

        // A move sends both slots again, the frame now on the second.
        terminal.send("l")
        XCTAssertTrue(terminal.waitFor { _ in ((try? images()) ?? []).count == 5 })
        shown = try images()
        XCTAssertTrue(shown[3].keys.contains("i=7400") && shown[4].keys.contains("i=7401"), shown.map(\.keys).description)
        XCTAssertNotEqual(pixel(shown[3], 1, 1), selection)
        XCTAssertEqual(pixel(shown[4], 1, 1), selection)
        XCTAssertNotEqual(pixel(shown[4], 90, 120), placeholder)

        terminal.send("q")
        XCTAssertEqual(terminal.waitForExit(), 0)
        let output = String(decoding: terminal.read(), as: UTF8.self)
        // On the way out every image is deleted from the terminal's memory and the screen is given back.
        let exit = try XCTUnwrap(output.range(of: "\u{1B}_Ga=d,d=A", options: .backwards))
        XCTAssertTrue(output[exit.upperBound...].contains("\u{1B}[?1049l"))
    }

    func testAResizedTerminalGetsTheShelfAgainAtItsNewSize() throws {
        try addSampleBooks()
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf --graphics text", columns: 100, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("Shelf: book 1 of 2") }, session.screen())
        XCTAssertEqual(session.lines().last?.hasPrefix("Shelf:"), true, "the status line is the last of 30")
        try session.resize(columns: 50, rows: 8)
        // Every line cut to the new width, the progress still at its right edge, the status line at the new bottom.
        XCTAssertTrue(session.waitFor { _ in
            let lines = session.lines()
            return lines.count == 8 && lines.allSatisfy { $0.count <= 50 } && lines[7].hasPrefix("Shelf: book 1 of 2")
                && lines.contains { $0.hasPrefix("▶ ") && $0.count == 50 && $0.hasSuffix("new") }
        }, session.screen())
        try session.send("j")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("book 2 of 2") }, session.screen())
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testAnEmptyLibraryShowsHowToAddBooks() throws {
        let session = try TmuxSession("exec '\(Run.ibookPath)' shelf", environment: library.environment)
        XCTAssertTrue(session.waitFor { $0.contains("ibook add PATH") }, session.screen())
        XCTAssertEqual(session.lines().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count, 2,
                       "the hint and the status line: \(session.screen())")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }

    func testOffATerminalIbookAlonePrintsTheUsageAndShelfSaysItNeedsOne() throws {
        try addSampleBooks()
        let alone = try library.ibook()
        XCTAssertEqual(alone.status, 0)
        XCTAssertTrue(alone.stdout.contains("OVERVIEW: A library manager and reader of PDFs, EPUBs"), alone.stdout)
        let shelf = try library.ibook("shelf")
        XCTAssertEqual(shelf.status, 1)
        XCTAssertTrue(shelf.stderr.contains("shelf needs a terminal"), shelf.stderr)
    }
}
