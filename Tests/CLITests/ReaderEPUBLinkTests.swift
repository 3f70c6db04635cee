import Foundation
import TestSupport
import XCTest

/// `f` and Ctrl-O in `ibook view` on an EPUB, in tmux: a footnote's link leads to the page holding
/// the footnote, an address goes to xdg-open, and a javascript: link is never offered; in text mode
/// (the reference pages) and drawn in coloured blocks, the view tmux gets without passthrough, whose
/// pages come from the render worker's layout, so their links must too: the footnote's link leads to
/// the view page holding the footnote (found apart from the link, by searching for its words), and
/// after `+` to that page of the new layout.
final class ReaderEPUBLinkTests: XCTestCase {
    private var library: TestLibrary!
    private var folder: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("epub-links")
        folder = try Fixtures.temporaryDirectory("epub-links")
        let book = folder.appendingPathComponent("notes.epub")
        try Data(Self.footnoteBook()).write(to: book)
        let added = try library.ibook("add", book.path)
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
        folder = nil
    }

    static func footnoteBook() -> [UInt8] {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Text</title></head><body>
            <h1>The Text</h1>
            <p>Whales are mammals.<a href="notes.xhtml#n7">7</a></p>
            <p>See <a href="https://example.org/whales">the web</a> or <a href="javascript:alert(1)">a script</a>.</p>
            </body></html>
            """
        let filler = (1...60).map { "<p>Note \($0): a note long enough to take a line or two of the page it is on.</p>" }
        let notes = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Notes</title></head><body>
            <h1>Notes</h1>\(filler.joined(separator: "\n"))
            <p id="n7">Footnote seven: Linnaeus counted the whale among the mammals.</p>
            </body></html>
            """
        return ZipWriter.archive([
            ZipWriter.Entry("mimetype", "application/epub+zip"),
            ZipWriter.Entry("META-INF/container.xml", """
                <?xml version="1.0"?>
                <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                </container>
                """),
            ZipWriter.Entry("OEBPS/content.opf", """
                <?xml version="1.0" encoding="utf-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Footnotes</dc:title><dc:identifier id="uid">n</dc:identifier></metadata>
                  <manifest>
                    <item id="text" href="text.xhtml" media-type="application/xhtml+xml"/>
                    <item id="notes" href="notes.xhtml" media-type="application/xhtml+xml"/>
                  </manifest>
                  <spine><itemref idref="text"/><itemref idref="notes"/></spine>
                </package>
                """),
            ZipWriter.Entry("OEBPS/text.xhtml", text),
            ZipWriter.Entry("OEBPS/notes.xhtml", notes),
        ])
    }

    /// The label the status line's "Follow:" gives the hint that ends with `target`.
    private func label(for target: String, in status: String) -> String? {
        let words = status.split(separator: " ").map(String.init)
        guard let index = words.firstIndex(where: { $0 == target || $0.hasSuffix(target) }), index > 0 else { return nil }
        // "a p. 5": the label comes before "p." when the target is a page.
        return target.hasPrefix("p.") ? nil : words[index - 1]
    }

    func testAFootnoteLinkAndCtrlOBack() throws {
        let opener = folder.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path)/opened'\n".write(to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        var environment = library.environment.filter { $0.key != "NO_COLOR" }
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let session = try TmuxSession("exec '\(Run.ibookPath)' view Footnotes 1 --graphics text", columns: 100, rows: 30,
                                      environment: environment)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 1 of") }, session.screen())
        try session.send("f")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Follow:") }, session.statusLine())
        let status = session.statusLine()
        XCTAssertTrue(status.contains("https://example.org/whales"), status)
        XCTAssertFalse(status.contains("javascript"), status)
        // "x p. N": the footnote's page and its label.
        let words = status.split(separator: " ").map(String.init)
        let pageWord = try XCTUnwrap(words.firstIndex(of: "p."), status)
        let footnoteLabel = words[pageWord - 1], footnotePage = words[pageWord + 1]
        try session.send(footnoteLabel)
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page \(footnotePage) of") }, session.statusLine())
        XCTAssertTrue(session.waitFor { $0.contains("Footnote seven") }, session.screen())
        try session.send("C-o")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().contains("page 1 of") }, session.statusLine())

        try session.send("f")
        XCTAssertTrue(session.waitFor { _ in session.statusLine().hasPrefix("Follow:") }, session.statusLine())
        let web = try XCTUnwrap(label(for: "https://example.org/whales", in: session.statusLine()), session.statusLine())
        try session.send(web)
        let opened = folder.appendingPathComponent("opened")
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { usleep(50_000) }
        XCTAssertEqual(try? String(contentsOf: opened, encoding: .utf8), "https://example.org/whales\n")
        try session.send("q")
        XCTAssertTrue(session.waitFor { _ in session.hasExited })
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
