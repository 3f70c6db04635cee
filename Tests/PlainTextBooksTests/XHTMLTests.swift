import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PlainTextBooks
import XCTest

/// The XHTML another module lays out: well-formed, headings with their ids, paragraphs as a reader sees them.
final class XHTMLTests: XCTestCase {
    private func document(_ text: String, encoding: String = "UTF-8", file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let bytes = encoding == "UTF-8" ? Array(text.utf8) : BookFixtures.encode(text, as: encoding)
        let xhtml = try PlainTextBook(bytes: bytes).xhtml()
        assertWellFormed(xhtml, file: file, line: line)
        return String(decoding: xhtml, as: UTF8.self)
    }

    private func assertWellFormed(_ xhtml: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let parser = XMLParser(data: Data(xhtml))
        XCTAssertTrue(parser.parse(), "not well-formed: \(String(describing: parser.parserError))", file: file, line: line)
    }

    func testGutenbergParagraphsAreJoined() throws {
        let xhtml = try document(BookFixtures.gutenberg(title: "The Test Book", paragraphs: BookFixtures.windows1252Paragraphs),
                                 encoding: "WINDOWS-1252")
        XCTAssertTrue(xhtml.contains("<title>The Test Book</title>"))
        XCTAssertTrue(xhtml.contains("<h2 id=\"c1\">CHAPTER I.<br/>The Beginning</h2>"), xhtml)
        XCTAssertTrue(xhtml.contains("<h2 id=\"c2\">CHAPTER II.<br/>The Middle</h2>"))
        XCTAssertTrue(xhtml.contains("<p>\(BookFixtures.windows1252Paragraphs[0][0].replacingOccurrences(of: "\"", with: "&quot;"))</p>"), xhtml)
        XCTAssertTrue(xhtml.contains("<p>\(BookFixtures.windows1252Paragraphs[1][1])</p>"))
        XCTAssertFalse(xhtml.contains("xml:lang"))
    }

    func testChineseIndentedParagraphs() throws {
        let xhtml = try document(BookFixtures.chinese, encoding: "GB18030")
        XCTAssertTrue(xhtml.contains("<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"zh\">"))
        XCTAssertTrue(xhtml.contains("<title>青云志</title>"))
        XCTAssertTrue(xhtml.contains("<h1 class=\"title\">《青云志》</h1>\n<p class=\"author\">作者：李明</p>"), xhtml)
        XCTAssertTrue(xhtml.contains("<h2 id=\"c1\">第一章 风起云涌</h2>"))
        XCTAssertTrue(xhtml.contains("<h1 id=\"c3\">第三卷 京城</h1>\n<h2 id=\"c4\">第三章 故人</h2>"))
        XCTAssertTrue(xhtml.contains("<h3 id=\"c5\">第一节 重逢</h3>"))
        XCTAssertTrue(xhtml.contains("<p>天色渐渐暗了下来，城门外的小路上行人稀少。李青云背着一个旧布包，慢慢地走进了这座陌生的城市。</p>\n<p>他已经三天没有吃饭了，"), xhtml)
        XCTAssertTrue(try document(BookFixtures.japanese, encoding: "SHIFT_JIS").contains("xml:lang=\"ja\""))
        XCTAssertTrue(try document(BookFixtures.korean, encoding: "EUC-KR").contains("xml:lang=\"ko\""))
    }

    /// Chinese hard-wrapped at 30 characters: a paragraph's lines joined with no space, a new one at each 　　.
    func testHardWrappedChineseIsJoinedWithoutSpaces() throws {
        let paragraphs = ["天色渐渐暗了下来，城门外的小路上行人稀少。李青云背着一个旧布包，慢慢地走进了这座陌生的城市。他已经三天没有吃饭了。",
                          "可是心里却一点也不着急。师父说过，到了京城，自然会有人来接他。夜里下起了雨，客栈的老板娘端来一碗热汤。"]
        var text = "第一章 开始\n"
        for _ in 0..<3 {
            for paragraph in paragraphs {
                var characters = Array("　　" + paragraph)
                while !characters.isEmpty {
                    text += String(characters.prefix(30)) + "\n"
                    characters.removeFirst(min(30, characters.count))
                }
            }
        }
        let xhtml = try document(text)
        XCTAssertTrue(xhtml.contains("<h2 id=\"c1\">第一章 开始</h2>\n<p>\(paragraphs[0])</p>\n<p>\(paragraphs[1])</p>"), xhtml)
    }

    func testShortLinesStayLineByLine() throws {
        let paragraph = "This is a long line that holds a whole paragraph of a book written with one paragraph on every line, as many are."
        let xhtml = try document("\(paragraph)\n\(paragraph)\nRoses are red,\nViolets are blue,\nSugar is sweet.\n\(paragraph)\n")
        XCTAssertTrue(xhtml.contains("<p>\(paragraph)</p>\n<p>\(paragraph)</p>\n<p>Roses are red,<br/>Violets are blue,<br/>Sugar is sweet.</p>\n<p>\(paragraph)</p>"), xhtml)
    }

    func testVerseInsideAHardWrappedBook() throws {
        let prose = BookFixtures.wrapped(String(repeating: "The committee met in the long hall and argued about the report until late. ", count: 4), at: 70)
        let xhtml = try document("\(prose)\n\nRoses are red,\nViolets are blue.\n\n\(prose)\n\n\(prose)\n")
        XCTAssertTrue(xhtml.contains("<p>Roses are red,<br/>Violets are blue.</p>"))
        XCTAssertTrue(xhtml.contains("<p>\(String(repeating: "The committee met in the long hall and argued about the report until late. ", count: 4).dropLast())</p>"), xhtml)
    }

    func testMarkupIsEscaped() throws {
        let xhtml = try document("Tom & Jerry <b>\"quoted\"</b>\n\nAnd a \u{FFFF} noncharacter.\n")
        XCTAssertTrue(xhtml.contains("Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot;&lt;/b&gt;"))
        XCTAssertTrue(xhtml.contains("And a \u{FFFD} noncharacter."))
    }

    /// A 20 MB book is decoded, split into chapters and written out in seconds, not minutes.
    func testTwentyMegabytesInSeconds() throws {
        var chapter = ""
        for paragraph in 0..<40 { chapter += "　　第\(paragraph)段。天色渐渐暗了下来，城门外的小路上行人稀少。李青云背着一个旧布包，慢慢地走进了这座陌生的城市。\n" }
        var text = ""
        text.reserveCapacity(21_000_000)
        var number = 0
        while text.utf8.count < 20_000_000 {
            number += 1
            text += "第\(number)章 夜雨\n\n" + chapter + "\n"
        }
        let bytes = BookFixtures.encode(text, as: "GB18030")
        let start = Date()
        let book = try PlainTextBook(bytes: bytes)
        let decoded = Date()
        let xhtml = book.xhtml()
        let written = Date()
        XCTAssertEqual(book.encoding, "GB18030")
        XCTAssertEqual(book.chapters.count, number)
        XCTAssertEqual(book.text.utf8.count, text.utf8.count)
        XCTAssertGreaterThan(xhtml.count, text.utf8.count)
        print("20 MB: decoded in \(decoded.timeIntervalSince(start)) s, XHTML in \(written.timeIntervalSince(decoded)) s")
        XCTAssertLessThan(written.timeIntervalSince(start), 30)
    }

    /// The same for a hard-wrapped English book in WINDOWS-1252: uchardet's path and every line joined.
    func testTwentyMegabytesOfEnglishInSeconds() throws {
        var chapter = ""
        for paragraph in BookFixtures.windows1252Paragraphs.joined() { chapter += BookFixtures.wrapped(paragraph, at: 70) + "\n\n" }
        var text = ""
        text.reserveCapacity(21_000_000)
        var number = 0
        while text.utf8.count < 20_000_000 {
            number += 1
            // Headings number at most four digits; a 20 MB test book has more chapters than that.
            text += "CHAPTER \(number % 9999 + 1).\n\n" + chapter
        }
        let bytes = BookFixtures.encode(text, as: "WINDOWS-1252")
        let start = Date()
        let book = try PlainTextBook(bytes: bytes)
        let decoded = Date()
        let xhtml = book.xhtml()
        let written = Date()
        XCTAssertEqual(book.encoding, "WINDOWS-1252")
        XCTAssertEqual(book.chapters.count, number)
        XCTAssertTrue(String(decoding: xhtml.suffix(2000), as: UTF8.self).contains("<p>\(BookFixtures.windows1252Paragraphs[1][1])</p>"))
        print("20 MB English: decoded in \(decoded.timeIntervalSince(start)) s, XHTML in \(written.timeIntervalSince(decoded)) s")
        XCTAssertLessThan(written.timeIntervalSince(start), 30)
    }
}
