import Foundation
import TestSupport
import XCTest

/// `f` in `ibook view`, in tmux: a link followed by its label, Ctrl-O back,
/// and an address handed to xdg-open as an argument.
final class ReaderLinkTests: XCTestCase {
    private var library: TestLibrary!
    private var folder: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("links")
        folder = try Fixtures.temporaryDirectory("links")
        let book = folder.appendingPathComponent("linked-manual.pdf")
        try LinkedPDF.threePages().write(to: book)
        let added = try library.ibook("add", book.path)
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
        folder = nil
    }

    /// The reader with a stand-in xdg-open first on the PATH, which writes down the arguments it was given.
    private func reader(_ mode: String, book: String = "Linked Manual", pages: Int = 3) throws -> TmuxSession {
        let opener = folder.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path)/opened'\n".write(to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        var environment = library.environment.filter { $0.key != "NO_COLOR" }
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let session = try TmuxSession("exec '\(Run.ibookPath)' view '\(book)' 1 --graphics \(mode)", columns: 100, rows: 30,
                                      environment: environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 1 of \(pages)") }, session.screen())
        return session
    }

    private func waitForStatus(_ session: TmuxSession, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = session.waitFor { _ in session.statusLine().contains(text) }
        XCTAssertTrue(found, "status line \"\(session.statusLine())\" lacks \"\(text)\"", file: file, line: line)
    }

    /// The ASCII letters on the page's rows (all but the status line), in reading order.
    private func labels(_ session: TmuxSession) -> [String] {
        session.lines().dropLast().flatMap { row in
            row.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init)
        }
    }

    func testFollowingALinkByItsLabelAndComingBackWithCtrlO() throws {
        for mode in ["blocks", "text"] {
            let session = try reader(mode)
            try session.send("f")
            waitForStatus(session, "Follow: a p. 2  s p. 3  d https://example.org/manual")
            if mode == "text" {
                XCTAssertTrue(session.waitFor { $0.contains("[a]Go to Chapter Two") && $0.contains("[s]Named target") },
                              session.screen())
            } else {
                // The page is drawn in block characters: its only letters are the labels, top to bottom.
                XCTAssertTrue(session.waitFor { _ in labels(session) == ["a", "s", "d"] }, "labels \(labels(session))")
            }
            try session.send("a")
            waitForStatus(session, "page 2 of 3")
            XCTAssertTrue(session.waitFor { screen in mode == "text" ? !screen.contains("[") : labels(session).isEmpty },
                          "the labels are gone: \(session.screen())")
            try session.send("C-o")
            waitForStatus(session, "page 1 of 3")
            // The named destination: page 3.
            try session.send("f", "s")
            waitForStatus(session, "page 3 of 3")
            try session.send("q")
            XCTAssertTrue(session.waitFor { _ in session.hasExited }, mode)
        }
    }

    func testAnAddressIsShownAndGivenToXdgOpenAsOneArgument() throws {
        let session = try reader("text")
        try session.send("f", "d")
        waitForStatus(session, "Opening https://example.org/manual")
        let opened = folder.appendingPathComponent("opened")
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { usleep(50_000) }
        XCTAssertEqual(try? String(contentsOf: opened, encoding: .utf8), "https://example.org/manual\n")
        XCTAssertTrue(session.statusLine().contains("page 1 of 3"), "an address is no jump")
        try session.send("q")
    }

    /// `f` until the legend lists `expected`: a page not drawn yet has no
    /// place on the screen for its links, and the pages come in their own time.
    private func labelLinks(_ session: TmuxSession, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            try session.send("f")
            if session.waitFor(timeout: 1, { _ in session.statusLine().contains(expected) }) { return }
            if session.statusLine().contains("Follow:") { try session.send("Escape") }
        }
        XCTFail("status line \"\(session.statusLine())\" lacks \"\(expected)\"", file: file, line: line)
    }

    /// A book whose first three pages have a link each, added beside the manual.
    private func spreadReader(_ mode: String) throws -> TmuxSession {
        let book = folder.appendingPathComponent("linked-spread.pdf")
        try LinkedPDF.fourPages().write(to: book)
        let added = try library.ibook("add", book.path)
        XCTAssertEqual(added.status, 0, added.stderr)
        return try reader(mode, book: "Linked Spread", pages: 4)
    }

    func testBothPagesOfASpreadAreLabelledAndTheRightOnesLinkIsFollowed() throws {
        for mode in ["blocks", "text"] {
            let session = try spreadReader(mode)
            try session.send("d")
            waitForStatus(session, "two-page")
            try session.send("J")
            waitForStatus(session, "pages 2–3 of 4")
            // The left page's link first, then the right one's.
            try labelLinks(session, "Follow: a p. 4  s p. 1")
            if mode == "text" {
                XCTAssertTrue(session.waitFor { $0.contains("[a]Left link") && $0.contains("[s]Right link") }, session.screen())
            } else {
                XCTAssertTrue(session.waitFor { _ in labels(session) == ["a", "s"] }, "labels \(labels(session))")
            }
            try session.send("s")
            waitForStatus(session, "page 1 of 4")
            try session.send("C-o")
            waitForStatus(session, "pages 2–3 of 4")
            // Back to one page: the library keeps the mode for the next opening.
            try session.send("d")
            waitForStatus(session, "One page at a time")
            try session.send("q")
            XCTAssertTrue(session.waitFor { _ in session.hasExited }, mode)
        }
    }

    func testTheSecondPageOfAContinuousColumnIsLabelledAndItsLinkFollowed() throws {
        let session = try spreadReader("blocks")
        try session.send("c")
        waitForStatus(session, "continuous")
        // Half a screen down: page 1's lower half, then page 2's top.
        let top = session.screen()
        try session.send("C-d")
        XCTAssertTrue(session.waitFor { $0 != top }, "the column scrolls")
        try labelLinks(session, "Follow: a p. 3  s p. 4")
        XCTAssertTrue(session.waitFor { _ in labels(session) == ["a", "s"] }, "labels \(labels(session))")
        try session.send("s")
        waitForStatus(session, "page 4 of 4")
        try session.send("C-o")
        waitForStatus(session, "page 1 of 4")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
    }
}
