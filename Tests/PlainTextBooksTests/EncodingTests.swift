import PlainTextBooks
import XCTest

/// The same books in every encoding they come in: detected, decoded to the same text, with their chapters.
final class EncodingTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try BookFixtures.makeFolder() }
    override func tearDown() { if !folder.isEmpty { BookFixtures.remove(folder) } }

    private func book(_ bytes: [UInt8], named name: String) throws -> PlainTextBook {
        let path = folder + "/" + name
        BookFixtures.write(bytes, to: path)
        return try PlainTextBook(path: path)
    }

    private let chineseSentence = "　　天色渐渐暗了下来，城门外的小路上行人稀少。李青云背着一个旧布包，慢慢地走进了这座陌生的城市。\n"

    func testChineseInUnicodeAndChineseEncodings() throws {
        let text = BookFixtures.chinese
        let cases: [(name: String, bytes: [UInt8], expected: String)] = [
            ("utf8.txt", Array(text.utf8), "UTF-8"),
            ("utf8-bom.txt", [0xEF, 0xBB, 0xBF] + Array(text.utf8), "UTF-8"),
            ("utf16le.txt", [0xFF, 0xFE] + BookFixtures.encode(text, as: "UTF-16LE"), "UTF-16LE"),
            ("utf16be.txt", [0xFE, 0xFF] + BookFixtures.encode(text, as: "UTF-16BE"), "UTF-16BE"),
            ("utf32le.txt", [0xFF, 0xFE, 0, 0] + BookFixtures.encode(text, as: "UTF-32LE"), "UTF-32LE"),
            ("utf32be.txt", [0, 0, 0xFE, 0xFF] + BookFixtures.encode(text, as: "UTF-32BE"), "UTF-32BE"),
            ("gb18030.txt", BookFixtures.encode(text, as: "GB18030"), "GB18030"),
            // GBK is GB18030's subset, and GB18030 is what it is read as.
            ("gbk.txt", BookFixtures.encode(text, as: "GBK"), "GB18030"),
        ]
        for (name, bytes, expected) in cases {
            let book = try book(bytes, named: name)
            XCTAssertEqual(book.encoding, expected, name)
            XCTAssertEqual(book.text, text, name)
            XCTAssertTrue(book.text.contains(chineseSentence), name)
            XCTAssertEqual(book.chapters.map(\.title), ["第一章 风起云涌", "第二章 夜雨", "第三卷 京城", "第三章 故人", "第一节 重逢", "后记"], name)
            XCTAssertEqual(book.chapters.map(\.level), [1, 1, 0, 1, 2, 1], name)
            assertOffsetsPointAtHeadings(book, name)
            XCTAssertEqual(book.title, "青云志", name)
            XCTAssertEqual(book.author, "李明", name)
        }
    }

    func testBig5() throws {
        let book = try book(BookFixtures.encode(BookFixtures.traditional, as: "BIG5"), named: "big5.txt")
        XCTAssertEqual(book.encoding, "BIG5")
        XCTAssertTrue(book.text.contains("　　夜裡下起了雨。客棧的老闆娘端來一碗熱湯，笑著說：「客官，趁熱喝吧。」\n"))
        XCTAssertEqual(book.chapters.map(\.title), ["第一章 風起雲湧", "第二章 夜雨"])
        assertOffsetsPointAtHeadings(book, "big5")
        XCTAssertEqual(book.title, "青雲志")
    }

    func testJapanese() throws {
        for (charset, name) in [("SHIFT_JIS", "sjis.txt"), ("EUC-JP", "eucjp.txt")] {
            let book = try book(BookFixtures.encode(BookFixtures.japanese, as: charset), named: name)
            XCTAssertEqual(book.encoding, charset)
            XCTAssertEqual(book.text, BookFixtures.japanese, charset)
            XCTAssertTrue(book.text.contains("　「ようこそ」と小さな声が聞こえた。"), charset)
            XCTAssertEqual(book.chapters.map(\.title), ["第一話 春の始まり", "第3章 夏祭り"], charset)
            XCTAssertEqual(book.chapters.map(\.level), [1, 1], charset)
            assertOffsetsPointAtHeadings(book, charset)
        }
    }

    func testKorean() throws {
        let book = try book(BookFixtures.encode(BookFixtures.korean, as: "EUC-KR"), named: "euckr.txt")
        XCTAssertEqual(book.encoding, "EUC-KR")
        XCTAssertEqual(book.text, BookFixtures.korean)
        XCTAssertEqual(book.chapters.map(\.title), ["제1장 시작", "제2장 여름"])
        assertOffsetsPointAtHeadings(book, "EUC-KR")
    }

    func testGutenbergInWindows1252() throws {
        let text = BookFixtures.gutenberg(title: "The Test Book", paragraphs: BookFixtures.windows1252Paragraphs)
        let book = try book(BookFixtures.encode(text, as: "WINDOWS-1252"), named: "cp1252.txt")
        XCTAssertEqual(book.encoding, "WINDOWS-1252")
        XCTAssertEqual(book.text, text)
        XCTAssertTrue(book.text.contains("“Well,” said Alice, “I don’t think so.” It was a very long time before\n"))
        XCTAssertEqual(book.chapters.map(\.title), ["CHAPTER I. The Beginning", "CHAPTER II. The Middle"])
        XCTAssertEqual(book.chapters.map(\.level), [1, 1])
        assertOffsetsPointAtHeadings(book, "cp1252", prefix: "CHAPTER I")
        XCTAssertEqual(book.title, "The Test Book")
        XCTAssertEqual(book.author, "Jane Doe")
        // The licence stays in the text, out of the chapters.
        XCTAssertTrue(book.text.contains("CHAPTER 99\n\nSection 1. General Terms"))
    }

    func testGutenbergInLatin1() throws {
        let text = BookFixtures.gutenberg(title: "Le Café", paragraphs: BookFixtures.latin1Paragraphs)
        let book = try book(BookFixtures.encode(text, as: "ISO-8859-1"), named: "latin1.txt")
        XCTAssertEqual(book.encoding, "ISO-8859-1")
        XCTAssertEqual(book.text, text)
        XCTAssertTrue(book.text.contains("Señor Muñoz ordered a smørrebrød"))
        XCTAssertEqual(book.chapters.map(\.title), ["CHAPTER I. The Beginning", "CHAPTER II. The Middle"])
        XCTAssertEqual(book.title, "Le Café")
    }

    /// One sentence is enough: uchardet's guess for Central European, Cyrillic and Greek is kept, and the
    /// WINDOWS-1250 it gives Western text with curly quotes is read as WINDOWS-1252.
    func testShortSentencesInEuropeanCharsets() throws {
        let russian = "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.\n"
        let polish = "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig. Litwo! Ojczyzno moja! ty jesteś jak zdrowie.\n"
        let samples: [(text: String, charset: String)] = [
            (russian, "WINDOWS-1251"), (russian, "KOI8-R"), (polish, "WINDOWS-1250"), (polish, "ISO-8859-2"),
            ("Der Bär läuft über die Straße, und die Kinder schauen zu. Größer als gedacht, aber schön.\n", "ISO-8859-1"),
            ("L’été dernier, nous sommes allés à la mer… C’était «magnifique».\n", "WINDOWS-1252"),
            ("Ο γρήγορος καφέ αλεπού πηδά πάνω από το τεμπέλικο σκυλί. Καλημέρα σας, φίλοι μου.\n", "ISO-8859-7"),
        ]
        for (text, charset) in samples {
            let book = try PlainTextBook(bytes: BookFixtures.encode(text, as: charset))
            XCTAssertEqual(book.encoding, charset)
            XCTAssertEqual(book.text, text, charset)
        }
    }

    func testUTF16WithoutByteOrderMark() throws {
        let text = BookFixtures.gutenberg(title: "The Test Book", paragraphs: BookFixtures.windows1252Paragraphs)
        for charset in ["UTF-16LE", "UTF-16BE"] {
            let book = try book(BookFixtures.encode(text, as: charset), named: "\(charset)-nobom.txt")
            XCTAssertEqual(book.encoding, charset)
            XCTAssertEqual(book.text, text)
        }
    }

    /// A truncated or stray multibyte sequence, in every encoding: U+FFFD where it was, the rest decoded as before.
    func testBrokenSequencesBecomeReplacementCharacters() throws {
        let cases: [(charset: String, text: String, broken: [UInt8], expected: String)] = [
            ("UTF-8", BookFixtures.chinese, [0xE4, 0xB8], "UTF-8"),
            ("GB18030", BookFixtures.chinese, [0x81], "GB18030"),
            ("GBK", BookFixtures.chinese, [0xB0], "GB18030"),
            ("BIG5", BookFixtures.traditional, [0xA4], "BIG5"),
            ("SHIFT_JIS", BookFixtures.japanese, [0x82], "SHIFT_JIS"),
            ("EUC-JP", BookFixtures.japanese, [0xA4], "EUC-JP"),
            ("EUC-KR", BookFixtures.korean, [0xB0], "EUC-KR"),
            ("WINDOWS-1252", BookFixtures.gutenberg(title: "T", paragraphs: BookFixtures.windows1252Paragraphs), [0x81], "WINDOWS-1252"),
        ]
        for (charset, text, broken, expected) in cases {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let head = lines[..<4].joined(separator: "\n"), tail = lines[4...].joined(separator: "\n")
            // A sequence cut short in the middle of the file, and another at its very end.
            let bytes = BookFixtures.encode(head, as: charset) + broken + BookFixtures.encode("\n" + tail, as: charset) + broken
            let book = try book(bytes, named: "broken-\(charset).txt")
            XCTAssertEqual(book.encoding, expected, charset)
            XCTAssertEqual(book.text, head + "\u{FFFD}\n" + tail + "\u{FFFD}", charset)
            XCTAssertFalse(book.chapters.isEmpty, charset)
        }
        // One sequence in twenty broken, too many for UTF-8 to be taken on sight; uchardet still says UTF-8.
        let lines = BookFixtures.chinese.split(separator: "\n", omittingEmptySubsequences: false)
        var damaged: [UInt8] = []
        for line in lines {
            damaged += Array(line.utf8) + (line.isEmpty ? [] : [0xE9]) + [0x0A]
        }
        let mostlyUTF8 = try book(damaged, named: "damaged-utf8.txt")
        XCTAssertEqual(mostlyUTF8.encoding, "UTF-8")
        XCTAssertTrue(mostlyUTF8.text.contains(chineseSentence.dropLast() + "\u{FFFD}\n"), mostlyUTF8.text)
        let utf16 = try book([0xFF, 0xFE] + BookFixtures.encode(BookFixtures.chinese, as: "UTF-16LE") + [0x41], named: "odd.txt")
        XCTAssertEqual(utf16.text, BookFixtures.chinese + "\u{FFFD}")
        let lone = try book([0xFF, 0xFE] + BookFixtures.encode("AB", as: "UTF-16LE") + [0x00, 0xD8] + BookFixtures.encode("CD", as: "UTF-16LE"),
                            named: "surrogate.txt")
        XCTAssertTrue(lone.text.hasPrefix("AB") && lone.text.hasSuffix("CD") && lone.text.contains("\u{FFFD}"), lone.text)
    }

    func testLineEndsControlsAndNormalisation() throws {
        let bytes = Array("Title\r\n\r\nOne line\rtwo\u{7}\u{0} lines\ttab\r\nCafe\u{301} and \u{212B}\n".utf8)
        let book = try PlainTextBook(bytes: bytes)
        XCTAssertEqual(book.encoding, "UTF-8")
        XCTAssertEqual(book.text, "Title\n\nOne line\ntwo lines\ttab\nCafé and Å\n")
        XCTAssertEqual(book.title, "Title")
    }

    private func assertOffsetsPointAtHeadings(_ book: PlainTextBook, _ name: String, prefix: String? = nil,
                                              file: StaticString = #filePath, line: UInt = #line) {
        let utf8 = Array(book.text.utf8)
        for chapter in book.chapters {
            let start = prefix ?? String(chapter.title.prefix(2))
            let at = String(decoding: utf8[chapter.offset...].prefix(start.utf8.count), as: UTF8.self)
            XCTAssertEqual(at, start, "\(name): \(chapter.title)", file: file, line: line)
            XCTAssertTrue(chapter.offset == 0 || utf8[chapter.offset - 1] == 0x0A, "\(name): \(chapter.title) starts a line", file: file, line: line)
        }
    }
}
