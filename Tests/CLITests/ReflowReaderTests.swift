import Foundation
import TestSupport
import XCTest

/// Moby-Dick in `ibook view` laid out for the terminal: `+` makes the type
/// larger and the book longer on screen, while the history keeps the place
/// in the book's own (reference) pages, 1 to 622.
final class ReflowReaderTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        let corpus = try Fixtures.requireCorpus("Moby-Dick in the reader")
        library = try TestLibrary("reflow-reader")
        let added = try library.ibook("add", corpus.appendingPathComponent("epub/moby-dick.epub").path)
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    /// "page 12 of 310 · p. 24 of 622 · 4%": the view page count.
    private func viewPages(_ status: String) -> Int? {
        guard let range = status.range(of: #"page \d+ of (\d+) · p\. \d+ of 622"#, options: .regularExpression) else { return nil }
        let words = status[range].split(separator: " ")
        return Int(words[3])
    }

    func testLargerTypeMakesMoreViewPagesAndTheHistoryKeepsAReferencePage() throws {
        let session = try TmuxSession("exec '\(Run.ibookPath)' view moby 40 --graphics blocks --timeout 120", columns: 100, rows: 30,
                                      environment: library.environment)
        // The status line may show the page the layout starts from before the one asked for: wait for both.
        XCTAssertTrue(session.waitFor(timeout: 90) { _ in
            let status = session.statusLine()
            return self.viewPages(status) != nil && status.contains("p. 40 of 622")
        }, session.statusLine())
        let first = try XCTUnwrap(viewPages(session.statusLine()))
        try session.send("+")
        XCTAssertTrue(session.waitFor(timeout: 90) { _ in session.statusLine().contains("12 pt") && self.viewPages(session.statusLine()).map { $0 > first } == true },
                      session.statusLine())
        try session.send("+")
        XCTAssertTrue(session.waitFor(timeout: 90) { _ in session.statusLine().contains("13 pt") && !session.statusLine().contains("rendering") },
                      session.statusLine())
        let second = try XCTUnwrap(viewPages(session.statusLine()))
        XCTAssertGreaterThan(second, first, session.statusLine())
        let shown = try XCTUnwrap(referencePage(session.statusLine()), session.statusLine())
        try session.send("q")
        XCTAssertTrue(session.waitFor(timeout: 10) { _ in session.hasExited })

        struct Entry: Decodable { var page: Int }
        let history = try library.ibook("history", "--json")
        XCTAssertEqual(history.status, 0, history.stderr)
        let page = try XCTUnwrap(try JSONDecoder().decode([Entry].self, from: Data(history.stdout.utf8)).first?.page, history.stdout)
        XCTAssertTrue((1...622).contains(page), history.stdout)
        XCTAssertEqual(page, shown, "the history keeps the reference page the status line showed")
    }

    func testGoingToAPageAndBookmarkingItUseTheBooksPageNumbers() throws {
        let session = try TmuxSession("exec '\(Run.ibookPath)' view moby 1 --graphics blocks --timeout 120", columns: 100, rows: 30,
                                      environment: library.environment)
        XCTAssertTrue(session.waitFor(timeout: 90) { _ in self.viewPages(session.statusLine()) != nil }, session.statusLine())
        try session.sendLiteral(":100")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor(timeout: 30) { _ in session.statusLine().contains("p. 100 of 622") }, session.statusLine())
        try session.send("B")
        try session.send("Enter")
        XCTAssertTrue(session.waitFor(timeout: 10) { _ in session.statusLine().contains("Bookmarked page 100") }, session.statusLine())
        // A narrower terminal lays the book out again, near the same place.
        let before = try XCTUnwrap(viewPages(session.statusLine()))
        try session.resize(columns: 70, rows: 30)
        XCTAssertTrue(session.waitFor(timeout: 60) { _ in
            self.viewPages(session.statusLine()).map { $0 != before } == true && !session.statusLine().contains("rendering")
        }, session.statusLine())
        let after = try XCTUnwrap(referencePage(session.statusLine()), session.statusLine())
        // A page the old screen showed: its top may lie a page or two before the start of p. 100.
        XCTAssertTrue((98...100).contains(after), session.statusLine())
        try session.send("q")
        XCTAssertTrue(session.waitFor(timeout: 10) { _ in session.hasExited })

        let bookmarks = try library.ibook("bookmarks")
        XCTAssertEqual(bookmarks.status, 0, bookmarks.stderr)
        XCTAssertTrue(bookmarks.stdout.contains("100"), bookmarks.stdout)
    }

    /// "p. 24 of 622": the reference page.
    private func referencePage(_ status: String) -> Int? {
        guard let range = status.range(of: #"p\. \d+ of 622"#, options: .regularExpression) else { return nil }
        return Int(status[range].split(separator: " ")[1])
    }
}
