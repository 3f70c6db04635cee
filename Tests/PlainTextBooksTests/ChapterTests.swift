import PlainTextBooks
import XCTest

/// Headings a person would see are chapters; the word "chapter" in a sentence is not.
final class ChapterTests: XCTestCase {
    private func chapters(_ text: String) throws -> [PlainTextChapter] {
        try PlainTextBook(bytes: Array(text.utf8)).chapters
    }

    func testEnglishHeadings() throws {
        let text = """
        Preface

        Why this book was written.

        Prologue

        It began in the rain.

        PART ONE

        CHAPTER XII. THE TITLE

        Text of the twelfth chapter.

        Chapter Twelve

        More text.

        Chapter 12: The Storm

        More text.

        Part Two

        BOOK III

        Chapter Twenty-One

        Text.

        PART II

        Introduction

        Epilogue

        The end.

        """
        let found = try chapters(text)
        XCTAssertEqual(found.map(\.title), ["Preface", "Prologue", "PART ONE", "CHAPTER XII. THE TITLE", "Chapter Twelve",
                                            "Chapter 12: The Storm", "Part Two", "BOOK III", "Chapter Twenty-One", "PART II",
                                            "Introduction", "Epilogue"])
        XCTAssertEqual(found.map(\.level), [1, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1])
        let utf8 = Array(text.utf8)
        for chapter in found {
            XCTAssertTrue(utf8[chapter.offset...].starts(with: chapter.title.utf8), chapter.title)
        }
    }

    func testChapterInsideASentenceIsNotAChapter() throws {
        XCTAssertEqual(try chapters("""
        He read chapter 12 twice before he slept.

        Chapter 12 was the best one he had ever written.

        In Chapter 3 the hero dies, and nobody minds.

        CHAPTER I. \(String(repeating: "A very long title that goes on ", count: 3))

        第一章写得很好，但是第二章写得更好，他一边想一边合上了书。

        제1장은 아주 짧았다.

        """), [])
    }

    func testHeadingAtTheEndOfAWrappedParagraphIsNotAChapter() throws {
        let paragraph = BookFixtures.wrapped(String(repeating: "The committee met in the long hall and argued about the report until late. ", count: 4), at: 70)
        let text = """
        \(paragraph)

        \(paragraph)
        It was in the spring of that year that the committee finally published
        Chapter IV.

        \(paragraph)

        """
        XCTAssertEqual(try chapters(text), [])
    }

    /// Parts that each number their chapters from one (the first part without a heading of its own),
    /// after a contents line: "CHAPTER I." comes twice, and every chapter stays.
    func testChapterNumbersStartingAgainInEachPart() throws {
        let found = try chapters("""
        CONTENTS

        CHAPTER I.

        The first part begins.

        CHAPTER II.

        It goes on.

        PART TWO

        CHAPTER I.

        The second part begins.

        CHAPTER II.

        It ends.

        """)
        XCTAssertEqual(found.map(\.title), ["CHAPTER I.", "CHAPTER II.", "PART TWO", "CHAPTER I.", "CHAPTER II."])
    }

    func testGutenbergTitleFromTheStartMarker() throws {
        let book = try PlainTextBook(bytes: Array("""
        *** START OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***

        CHAPTER I.

        Down the Rabbit-Hole

        Alice was beginning to get very tired of sitting by her sister on the bank.

        *** END OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***

        """.utf8))
        XCTAssertEqual(book.title, "ALICE'S ADVENTURES IN WONDERLAND")
        XCTAssertNil(book.author)
        XCTAssertEqual(book.chapters.map(\.title), ["CHAPTER I. Down the Rabbit-Hole"])
    }

    func testMarkdownHeadingsByLevel() throws {
        let found = try chapters("# The Book\n\nText.\n\n## First Chapter ##\n\nText.\n\n### A Section\n\nText.\n\n#### Too deep\n\n#hashtag\n")
        XCTAssertEqual(found.map(\.title), ["The Book", "First Chapter", "A Section"])
        XCTAssertEqual(found.map(\.level), [0, 1, 2])
        XCTAssertEqual(found.map(\.offset), [0, 19, 47])
    }

    func testChineseNamedHeadings() throws {
        let found = try chapters("楔子\n　　很久以前。\n序章 开端\n　　故事开始了。\n正文 第1章 起程\n　　走了。\n第十二回 大结局\n　　完了。\n尾声\n　　再见。\n後記\n　　谢谢。\n")
        XCTAssertEqual(found.map(\.title), ["楔子", "序章 开端", "正文 第1章 起程", "第十二回 大结局", "尾声", "後記"])
    }

    func testTitleAndAuthorAtTheTop() throws {
        let book = try PlainTextBook(bytes: Array("The Quiet Sea\n\nby Anna Berg\n\nChapter 1\n\nThe sea was quiet.\n".utf8))
        XCTAssertEqual(book.title, "The Quiet Sea")
        XCTAssertEqual(book.author, "Anna Berg")
        XCTAssertEqual(book.chapters.map(\.title), ["Chapter 1"])
        let noTitle = try PlainTextBook(bytes: Array("It was a quiet day, and the sea was calm.\nNothing moved.\n".utf8))
        XCTAssertNil(noTitle.title)
        XCTAssertNil(noTitle.author)
    }

    func testChineseBylineAfterTheTitle() throws {
        let book = try PlainTextBook(bytes: Array("红楼梦（节选）\n曹雪芹 著\n\n第一回　甄士隐梦幻识通灵\n\n　　此开卷第一回也。\n".utf8))
        XCTAssertEqual(book.title, "红楼梦（节选）")
        XCTAssertEqual(book.author, "曹雪芹")
        XCTAssertNil(try PlainTextBook(bytes: Array("世界名著\n\n　　很久以前。\n".utf8)).author)
    }

    /// Project Gutenberg's layout of an older history: a contents list whose chapters have summaries and
    /// page numbers between them, then the chapters, each "CHAPTER I." over its title in capitals.
    func testGutenbergContentsWithPageNumbers() throws {
        let text = """
        Title: The French Revolution 1789-1795

        Author: Bertha Meriton Cordery Gardiner

        *** START OF THE PROJECT GUTENBERG EBOOK THE FRENCH REVOLUTION 1789-1795 ***

        PREFACE.


        In writing this handbook on the French Revolution, it has been my
        endeavour to give a correct and impartial account of the most important
        events of the revolutionary period.




        CONTENTS.


          CHAPTER I.

          FEUDALISM AND THE MONARCHY.

                                                                            PAGE
          The Monarchy in France                                               1
          Social condition of France                                           3


          CHAPTER II.

          FRANCE UNDER LOUIS XVI., 1774–1789.

          The Ministry of Turgot                                              18




        THE FRENCH REVOLUTION.




        CHAPTER I.

        FEUDALISM AND THE MONARCHY.


        ♦The Monarchy in France.♦

        Like the rest of Western Europe, France, in the Middle Ages, was ruled
        by a feudal nobility, holding their lands of the king. Nowhere in
        Western Europe in the tenth century was the power of the king less.


        CHAPTER II.

        FRANCE UNDER LOUIS XVI., 1774–1789.

        Louis XVI. was not yet twenty when he came to the throne, and he was
        as honest as he was weak.

        *** END OF THE PROJECT GUTENBERG EBOOK THE FRENCH REVOLUTION 1789-1795 ***

        """
        let book = try PlainTextBook(bytes: Array(text.utf8))
        XCTAssertEqual(book.chapters.map(\.title), ["PREFACE.", "CHAPTER I. FEUDALISM AND THE MONARCHY.",
                                                    "CHAPTER II. FRANCE UNDER LOUIS XVI., 1774–1789."])
        XCTAssertEqual(book.title, "The French Revolution 1789-1795")
        XCTAssertEqual(book.author, "Bertha Meriton Cordery Gardiner")
        let utf8 = Array(text.utf8)
        XCTAssertTrue(utf8[book.chapters[1].offset...].starts(with: "CHAPTER I.\n\nFEUDALISM".utf8))
    }
}
