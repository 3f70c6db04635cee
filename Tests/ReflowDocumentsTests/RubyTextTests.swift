@testable import ReflowDocuments
import TestSupport
import XCTest

/// Ruby, which MuPDF lays out inline after its base in smaller type, is set off in 《》 where a page is
/// read as text; the stored text keeps MuPDF's.
final class RubyTextTests: XCTestCase {
    private func run(_ text: String, size: Double) -> ReflowTextBlock.Run {
        ReflowTextBlock.Run(text: text, bold: false, italic: false, monospaced: false, size: size, baseline: 100)
    }

    private func block(_ lines: [[ReflowTextBlock.Run]]) -> ReflowTextBlock {
        ReflowTextBlock(left: 0, right: 400, lines: lines.enumerated().map { index, runs in
            ReflowTextBlock.Line(left: 0, right: 400, top: Double(index) * 20, runs: runs)
        })
    }

    private func texts(_ blocks: [ReflowTextBlock]) -> [String] {
        blocks.flatMap { $0.lines.map { $0.runs.map(\.text).joined() } }
    }

    func testSmallKanaAfterKanjiIsAReading() {
        let page = [block([[run("山路", size: 14), run("やまみち", size: 7), run("を登りながら、", size: 14)],
                           // The base ends one line, its reading starts the next.
                           [run("情", size: 14)], [run("じょう", size: 7), run("に棹", size: 14), run("さお", size: 7), run("させば", size: 14)]])]
        XCTAssertEqual(texts(RubyText.bracketed(page)), ["山路《やまみち》を登りながら、", "情", "《じょう》に棹《さお》させば"])
        XCTAssertEqual(RubyText.bracketed(page)[0].lines[0].runs[1].size, 14, "a reading no longer looks like a footnote's marker")
    }

    func testOtherSmallTypeIsLeftAlone() {
        // A footnote's number, small kana after kana, small type after Latin words, text of the same size.
        let page = [block([[run("a note", size: 12), run("1", size: 7), run(" and more", size: 12)],
                           [run("ひらがな", size: 14), run("かな", size: 7)],
                           [run("Tokyo", size: 14), run("とうきょう", size: 7)],
                           [run("山路", size: 14), run("やまみち", size: 14)]])]
        XCTAssertEqual(texts(RubyText.bracketed(page)), ["a note1 and more", "ひらがなかな", "Tokyoとうきょう", "山路やまみち"])
    }

    /// Kusamakura (IDPF's vertical Japanese sample) has <ruby> throughout: its first chapter's first line.
    func testKusamakuraReadsWithItsReadingsInBrackets() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let path = corpus.appendingPathComponent("epub/kusamakura-japanese-vertical-writing.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the corpus has no epub/kusamakura-japanese-vertical-writing.epub") }
        let book = try ReflowDocument(path: path)
        let page = try XCTUnwrap((1...book.pageCount).first { book.pageText($0).contains("山路やまみちを登りながら") })
        let lines = try book.textBlocks(page).flatMap { $0.lines.map { $0.runs.map(\.text).joined() } }
        XCTAssertTrue(lines.contains { $0.contains("山路《やまみち》を登りながら、こう考えた。") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("智《ち》に働けば角《かど》が立つ。") }, lines.joined(separator: "\n"))
        XCTAssertFalse(lines.joined().contains("山路やまみち"))
        // A reading MuPDF put at the start of the next line, which its text gives as a block of its own.
        XCTAssertTrue(lines.joined().contains("向う三軒両隣《りょうどな》りにちらちら"), lines.joined(separator: "\n"))
    }
}
