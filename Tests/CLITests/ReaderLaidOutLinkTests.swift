import Foundation
import TestSupport
import XCTest

/// `f` and Ctrl-O on a laid-out book's pages: the EPUB of ReaderEPUBLinkTests drawn in coloured
/// blocks, the view tmux gets without passthrough. Its view pages come from the render worker's
/// layout, so their links must too: the footnote's link leads to the view page holding the
/// footnote (found apart from the link, by searching for its words), and after `+` to that page
/// of the new layout.
final class ReaderLaidOutLinkTests: XCTestCase {
    private var library: TestLibrary!
    private var folder: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("laid-out-links")
        folder = try Fixtures.temporaryDirectory("laid-out-links")
        let book = folder.appendingPathComponent("notes.epub")
        try Data(ReaderEPUBLinkTests.footnoteBook()).write(to: book)
        let added = try library.ibook("add", book.path)
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
        folder = nil
    }

    /// "page 3 of 9 · p. 4 of 12": the view page shown.
    private func viewPage(_ status: String) -> Int? {
        guard let range = status.range(of: #"page \d+ of \d+ · p\. "#, options: .regularExpression) else { return nil }
        return Int(status[range].split(separator: " ")[1])
    }

    /// Waits until the status line has stopped changing for a second (a search's hit is first put
    /// where its reference page starts, then where the worker finds it) and holds `wanted`, and
    /// the page is drawn: as a person sees the page before choosing one of its links.
    private func settled(_ session: TmuxSession, _ wanted: (String) -> Bool) -> String? {
        var last = "", since = Date()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let status = session.statusLine()
            if status != last { (last, since) = (status, Date()) }
            if wanted(status), !status.contains("rendering"), Date().timeIntervalSince(since) > 1 { return status }
            usleep(50_000)
        }
        return nil
    }

    /// The view page the footnote is on, as a search for its words finds it; back to page 1 after.
    private func footnotePage(_ session: TmuxSession) throws -> Int {
        try session.send("/")
        try session.sendLiteral("Linnaeus")
        try session.send("Enter")
        let found = try XCTUnwrap(settled(session) { $0.contains("/Linnaeus 1/1") }, session.statusLine())
        let page = try XCTUnwrap(viewPage(found), found)
        try session.send("g", "g")
        XCTAssertNotNil(settled(session) { self.viewPage($0) == 1 }, session.statusLine())
        return page
    }

    /// "Follow: a page 4  s https://…": each label and where its link leads.
    private func legend(_ session: TmuxSession) throws -> [String: String] {
        try session.send("f")
        XCTAssertTrue(session.waitFor(timeout: 10) { _ in session.statusLine().hasPrefix("Follow:") }, session.statusLine())
        let status = session.statusLine()
        var targets: [String: String] = [:]
        for entry in status.dropFirst("Follow:".count).components(separatedBy: "  ") {
            let words = entry.split(separator: " ", maxSplits: 1).map(String.init)
            if words.count == 2, words[0].count <= 2, words[0].allSatisfy(\.isLetter) { targets[words[0]] = words[1] }
        }
        return targets
    }

    /// `f` offers the footnote's link and the web address, never the script; the footnote's leads to `page`, Ctrl-O back.
    private func followFootnote(_ session: TmuxSession, to page: Int) throws {
        let targets = try legend(session)
        let status = session.statusLine()
        XCTAssertTrue(targets.values.contains("https://example.org/whales"), status)
        XCTAssertFalse(status.contains("javascript"), status)
        let footnote = try XCTUnwrap(targets.first { $0.value.hasPrefix("page ") }, status)
        XCTAssertEqual(footnote.value, "page \(page)", status)
        try session.send(footnote.key)
        XCTAssertTrue(session.waitFor(timeout: 30) { _ in self.viewPage(session.statusLine()) == page }, session.statusLine())
        try session.send("C-o")
        XCTAssertNotNil(settled(session) { self.viewPage($0) == 1 }, session.statusLine())
    }

    func testLinksOfTheLayoutShownAtEveryTypeSize() throws {
        let opener = folder.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path)/opened'\n".write(to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        var environment = library.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let session = try TmuxSession("exec '\(Run.ibookPath)' view Footnotes 1 --graphics blocks --timeout 120",
                                      columns: 100, rows: 30, environment: environment)
        defer { session.stop() }
        XCTAssertNotNil(settled(session) { self.viewPage($0) == 1 }, session.statusLine())

        let first = try footnotePage(session)
        XCTAssertGreaterThan(first, 1, "the footnote is on a later page than its link")
        try followFootnote(session, to: first)

        let targets = try legend(session)
        let web = try XCTUnwrap(targets.first { $0.value == "https://example.org/whales" }?.key, session.statusLine())
        try session.send(web)
        let opened = folder.appendingPathComponent("opened")
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { usleep(50_000) }
        XCTAssertEqual(try? String(contentsOf: opened, encoding: .utf8), "https://example.org/whales\n")

        // Larger type: more pages, the footnote on a later one, which the link now leads to.
        try session.send("+", "+", "+")
        XCTAssertNotNil(settled(session) { $0.contains("14 pt") && self.viewPage($0) == 1 }, session.statusLine())
        let later = try footnotePage(session)
        XCTAssertGreaterThan(later, first, "the footnote moved to a later page with larger type")
        try followFootnote(session, to: later)

        try session.send("q")
        XCTAssertTrue(session.waitFor(timeout: 10) { _ in session.hasExited })
    }
}
