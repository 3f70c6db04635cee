@testable import BookLibrary
@testable import TextSearch
import XCTest

/// The language a book is indexed in, told from its text where the PDF
/// declares none: Chinese, Japanese and Korean by their scripts, the others
/// by their commonest words, read from pages spread over the book; languages
/// Snowball has no stemmer for are matched as written.
final class LanguageDetectionTests: XCTestCase {
    private func told(_ sentence: String, times: Int = 4) -> BookLanguage? {
        LanguageDetector.detect(pages: [String(repeating: sentence + " ", count: times)])
    }

    func testVietnameseAndPolishAreTold() {
        XCTAssertEqual(told("Đây là một cuốn sách của người Việt và nó được viết cho những người không biết đọc khi còn nhỏ."),
                       .vietnamese)
        XCTAssertEqual(told("To jest książka, która nie ma końca, ale może być czytana przez wszystkich i dla każdego, kto się uczy."),
                       .polish)
        XCTAssertEqual(told("A könyv nem csak egy történet, hanem az is, hogy mit gondolunk, és mert ez van, azt is meg kell érteni."),
                       .hungarian)
    }

    func testChineseJapaneseAndKoreanAreToldByTheirScripts() {
        let english = "Run apt-get install with the package name. "
        XCTAssertEqual(told("这是一本关于计算机网络的书，介绍了如何配置服务器和安装软件包。" + english), .chinese)
        XCTAssertEqual(told("これはコンピュータネットワークについての本で、サーバーの設定方法を説明します。" + english), .japanese)
        XCTAssertEqual(told("이 책은 데비안 시스템의 설치와 설정에 대해 설명합니다. 패키지를 설치하는 방법을 배웁니다. " + english), .korean)
        XCTAssertNil(LanguageDetector.detect(pages: ["図書館 123"]), "too little to tell")
    }

    func testAnEnglishLicenceUpFrontDoesNotMakeAHungarianManualEnglish() {
        let licence = String(repeating: "This manual is free software; you can redistribute it and/or modify it under the terms "
                             + "of the GNU General Public License as published by the Free Software Foundation. ", count: 70)
        let hungarian = String(repeating: "A csomagot az apt paranccsal lehet telepíteni, és ha nem sikerül, akkor azt is meg kell nézni, "
                               + "hogy mi van a naplóban, mert ez segít. ", count: 8)
        let pages = Array(repeating: licence, count: 12) + Array(repeating: hungarian, count: 300)
        XCTAssertEqual(LanguageDetector.detect(pages: pages), .hungarian)
        XCTAssertEqual(LanguageDetector.samplePageIndexes(pageCount: 312).count, LanguageDetector.samplePages)
        XCTAssertEqual(LanguageDetector.samplePageIndexes(pageCount: 5), [0, 1, 2, 3, 4])
    }

    func testLanguagesWithoutAStemmerAreMatchedAsWritten() throws {
        for language in [BookLanguage.polish, .vietnamese, .chinese, .japanese, .korean] {
            XCTAssertFalse(language.isStemmed, language.name)
            XCTAssertNil(try TermFolder(language: language).stemmer, language.name)
            XCTAssertEqual(BookLanguage(tag: language.name), language)
        }
        XCTAssertNotNil(try TermFolder(language: .hungarian).stemmer)
        XCTAssertEqual(BookLanguage(tag: "vi-VN"), .vietnamese)
        XCTAssertEqual(BookLanguage(tag: "zh-Hans"), .chinese)
        let matcher = TextMatcher(query: "książki", language: .polish)
        var polish = try XCTUnwrap(matcher)
        XCTAssertEqual(polish.matches(in: "Dwie książki i jedna książka.").count, 1, "no Polish stemmer: książka is another word")
    }
}
