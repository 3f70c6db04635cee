import Foundation
import TestSupport
import XCTest

/// Kusamakura, IDPF's sample of vertical Japanese (writing-mode: vertical-rl), which MuPDF lays out
/// horizontally: `read` shows it in reading order, its paragraphs whole, its ruby in 《》 after the
/// words it reads, while the stored text and search keep MuPDF's text.
final class VerticalJapaneseReadTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let book = corpus.appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path
        guard FileManager.default.fileExists(atPath: book) else { throw XCTSkip("the corpus has no epub/kusamakura-japanese-vertical-writing.epub") }
        library = try TestLibrary("vertical-japanese")
        let add = try library.ibook("add", book)
        XCTAssertEqual(add.status, 0, add.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    func testReadShowsParagraphsWholeWithTheirReadings() throws {
        let search = try library.ibook("search", "--json", "山路")
        XCTAssertEqual(search.status, 0, search.stderr)
        let page = try XCTUnwrap(search.stdoutLines.first.flatMap { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["page"] as? Int
        })
        let read = try library.ibook("read", String(page))
        XCTAssertEqual(read.status, 0, read.stderr)
        let lines = read.stdoutLines
        XCTAssertTrue(lines.contains("山路《やまみち》を登りながら、こう考えた。"), read.stdout)
        // The paragraph MuPDF cuts after 通せば, at the page's edge, goes on on the next line, not after a gap.
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("智《ち》に働けば角《かど》が立つ。") }, read.stdout)
        XCTAssertTrue(lines[first + 1].hasPrefix("通《とお》せば窮屈《きゅうくつ》だ。とかくに人の世は住みにくい。"), read.stdout)
        XCTAssertFalse(read.stdout.contains("やまみちを"), "no reading run into the sentence")
        // What is stored (and searched) is MuPDF's text of the page.
        let json = try library.ibook("read", String(page), "--json")
        XCTAssertTrue(json.stdout.contains("山路やまみちを登りながら"), json.stdout)
    }
}
