import Foundation
import TestSupport
import XCTest

/// The README and the guides: every relative link lands on a file, every anchor on a heading,
/// and the README stays a page that opens with the two commands that work on a fresh machine.
final class DocumentationLinkTests: XCTestCase {
    private let root = Fixtures.repositoryRoot

    /// README.md, every docs/*.md and bench/README.md, relative to the repository.
    private func documents() throws -> [String] {
        let guides = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + guides + ["bench/README.md"]
    }

    func testEveryRelativeLinkAndAnchorLands() throws {
        let documents = try documents()
        XCTAssertGreaterThanOrEqual(documents.count, 12, "the guides were not found: \(documents)")
        var problems: [String] = []
        var checked = 0
        for document in documents {
            let url = root.appendingPathComponent(document)
            let links = MarkdownLinks(try String(contentsOf: url, encoding: .utf8))
            for link in links.links {
                if link.target.hasPrefix("http://") || link.target.hasPrefix("https://") || link.target.hasPrefix("mailto:") {
                    continue
                }
                checked += 1
                if let problem = try problem(with: link.target, from: url, anchors: links.anchors) {
                    problems.append("\(document):\(link.line): \(link.target): \(problem)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 50, "too few links found: is the link reader broken?")
        XCTAssertEqual(problems, [], "links that lead nowhere:\n" + problems.joined(separator: "\n"))
    }

    func testTheReadmeIsAPageThatOpensWithMakeDemoAndMakeTest() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertLessThan(lines.count, 300, "README.md is \(lines.count) lines: move the detail into docs/")
        XCTAssertEqual(lines.first, "# ibook")
        // The first code in the file is the block of the two commands, before any section.
        guard let first = lines.firstIndex(where: { $0.hasPrefix("    ") || $0.hasPrefix("```") }) else {
            return XCTFail("README.md has no code block")
        }
        XCTAssertFalse(lines[..<first].contains { $0.hasPrefix("## ") }, "a section comes before the two commands")
        XCTAssertLessThan(first, 10, "the two commands come right after the opening paragraph")
        let block = lines[first...].prefix { !$0.isEmpty }.map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(block, ["make demo", "make test"], "README.md must open with exactly `make demo` and `make test`")
    }

    /// The reader itself: a test that trusts it must see it catch what it is for.
    func testTheLinkReaderFindsBrokenLinksAndGitHubAnchors() throws {
        let text = """
            # Title: `ibook view [BOOK]` — the reader
            ## Repeated
            ## Repeated
            ## 東京の四季 & Café_2
            See [a](#title-ibook-view-book--the-reader), ![i](pic.png "a title"), [x](other.md#part).
            Not links: `[code](nowhere.md)`, \\[escaped\\](nowhere.md), [web](https://example.org/x).
            ```
            [fenced](nowhere.md)
            # not a heading
            ```
            """
        let links = MarkdownLinks(text)
        XCTAssertEqual(links.anchors, ["title-ibook-view-book--the-reader", "repeated", "repeated-1", "東京の四季--café_2"])
        XCTAssertEqual(links.links.map(\.target), ["#title-ibook-view-book--the-reader", "pic.png", "other.md#part",
                                                   "https://example.org/x"])
        XCTAssertEqual(links.links.first?.line, 5)

        let folder = try Fixtures.temporaryDirectory("links")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "## Part\n".write(to: folder.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("page.md")
        XCTAssertNil(try problem(with: "other.md#part", from: page, anchors: []))
        XCTAssertNil(try problem(with: "#here", from: page, anchors: ["here"]))
        XCTAssertNotNil(try problem(with: "other.md#whole", from: page, anchors: []))
        XCTAssertNotNil(try problem(with: "missing.md", from: page, anchors: []))
        XCTAssertNotNil(try problem(with: "#there", from: page, anchors: ["here"]))
    }

    /// Why `target`, linked from the file at `source`, leads nowhere; nil when it lands.
    private func problem(with target: String, from source: URL, anchors: Set<String>) throws -> String? {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0].removingPercentEncoding ?? parts[0]
        let anchor = parts.count > 1 ? parts[1] : nil
        guard !path.isEmpty else {
            guard let anchor, anchors.contains(anchor) else { return "no heading here has this anchor" }
            return nil
        }
        let file = source.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else { return "no such file" }
        guard let anchor else { return nil }
        guard file.pathExtension == "md" else { return "an anchor into a file that is not Markdown" }
        let headings = MarkdownLinks(try String(contentsOf: file, encoding: .utf8)).anchors
        return headings.contains(anchor) ? nil : "no heading in \(file.lastPathComponent) has the anchor '\(anchor)'"
    }
}
