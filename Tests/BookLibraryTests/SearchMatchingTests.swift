import BookIndexing
@testable import BookLibrary
@testable import SQLiteStore
@testable import TextSearch
import Foundation
import Store
import TestSupport
import XCTest

/// What search matches, on PDFs typeset the way books are (see `TypesetBooks`).
final class SearchMatchingTests: ScratchLibraryTestCase {
    override class var folderName: String { "matching" }

    @discardableResult
    private func add(_ books: TypesetBooks.Book...) throws -> [Book] {
        let paths = try books.map { try TypesetBooks.make($0, in: root) }
        var results: [AddResult] = []
        _ = library.add(paths: paths, options: AddOptions(), onResult: { results.append($0) })
        XCTAssertEqual(results.map(\.status), Array(repeating: .added, count: books.count))
        return try library.list()
    }

    /// (book title, match as shown) of every hit.
    private func search(_ query: String, exact: Bool = false) throws -> [(String, String)] {
        var hits: [(String, String)] = []
        _ = try library.search(query, scope: .all, exact: exact) { hits.append(($0.bookTitle, $0.snippet.match)) }
        return hits
    }

    private func matches(_ query: String, exact: Bool = false) throws -> [String] {
        try search(query, exact: exact).map(\.1)
    }

    func testLigaturesAndFullWidthDigitsAreFoundAndShownAsPrinted() throws {
        try add(.english)
        XCTAssertEqual(try matches("first"), ["ﬁrst"])
        XCTAssertEqual(try matches("floor"), ["ﬂoor"])
        XCTAssertEqual(try matches("libreoffice"), ["LibreOﬀice"])
        XCTAssertEqual(try matches("office"), ["oﬃce"])
        XCTAssertEqual(try matches("affluent"), ["aﬄuent"])
        XCTAssertEqual(try matches("123"), ["１２３"])
        XCTAssertEqual(try matches("１２３"), ["１２３"])
    }

    /// A kana and its voicing mark written apart, ｶﾞ in half-width katakana or か + U+3099 in
    /// decomposed text (as WeasyPrint's PDFs give が back), are the one kana NFKC makes of them.
    func testKanaWithTheirVoicingMarksApartAreFoundAsOneKana() throws {
        try add(.japanese)
        let text = try library.pageText(try library.list()[0], page: 1).text
        XCTAssertTrue(text.unicodeScalars.contains("\u{3099}"), "the PDF's text has が decomposed: \(text)")
        XCTAssertEqual(try matches("ガイドブック"), ["ｶﾞｲﾄﾞﾌﾞｯｸ", "ガイドブック"])
        XCTAssertEqual(try matches("ｶﾞｲﾄﾞ"), ["ｶﾞｲﾄﾞ", "ガイド"])
        XCTAssertEqual(try matches("パン"), ["ﾊﾟﾝ", "パン"])
        XCTAssertEqual(try matches("ﾊﾞﾝ"), ["バン"], "a voiced kana is not its unvoiced one")
        XCTAssertEqual(try matches("ハン"), ["ハン"])
        XCTAssertEqual(try matches("かがみ"), ["かがみ"])
        XCTAssertEqual(try matches("がみ"), ["がみ", "がみ"])
        XCTAssertEqual(try matches("かかみ"), [])
    }

    /// Migration 14: a library indexed before the word scanner took a kana and its voicing
    /// mark as one (here: its indexes emptied, as if they had missed those pages) is re-indexed
    /// from the stored text when a page has such a mark, and left as it is when none has.
    func testALibraryWithVoicingMarksApartIsReindexedAndOneWithoutIsLeftAlone() throws {
        try add(.japanese)
        func reopenAsBefore() throws {
            try library.database.execute("""
                INSERT INTO page_index (page_index) VALUES ('delete-all');
                INSERT INTO book_index (book_index) VALUES ('delete-all');
                DELETE FROM index_variants;
                DELETE FROM schema_migrations WHERE id = '14-kana-voicing-marks';
                """)
            let location = library.location
            library = nil
            library = try Library(location: location)
        }
        try reopenAsBefore()
        XCTAssertEqual(try matches("ガイドブック"), ["ｶﾞｲﾄﾞﾌﾞｯｸ", "ガイドブック"])
        XCTAssertEqual(try library.checkIndex().problems.count, 0)

        let english = try TypesetBooks.make(.english, in: root)
        _ = try library.remove(String(try library.list()[0].id))
        _ = library.add(paths: [english], options: AddOptions(), onResult: { _ in })
        XCTAssertEqual(try matches("first"), ["ﬁrst"])
        try reopenAsBefore()
        XCTAssertEqual(try matches("first"), [], "no page has a voicing mark: the index is not rebuilt")
    }

    /// Migration 14 reads pages a batch at a time and stops at the first with a mark.
    func testVoicingMarksAreLookedForABatchAtATimeUntilOneIsFound() throws {
        try add(.english, .german)
        var progress: [Int] = []
        XCTAssertEqual(try IndexInputChange.kanaVoicingMarks(library.database, batchSize: 1).reindexIfPresent { done, _ in progress.append(done) }, 0)
        XCTAssertEqual(progress, [0, 1, 2], "two pages, one a batch, none with a mark")
        // The Japanese book's page comes first by row once the other two are added again after it.
        for book in try library.list() { _ = try library.remove(String(book.id)) }
        try add(.japanese)
        try add(.english, .german)
        progress = []
        XCTAssertEqual(try IndexInputChange.kanaVoicingMarks(library.database, batchSize: 1).reindexIfPresent { done, _ in progress.append(done) }, 3)
        XCTAssertEqual(progress, [0, 3], "a mark on the first page read: no other is read, every page is indexed again")
        XCTAssertEqual(try matches("ガイドブック"), ["ｶﾞｲﾄﾞﾌﾞｯｸ", "ガイドブック"])
    }

    func testLettersWithAStrokeAreLettersOfTheirOwn() throws {
        try add(.lettersOfTheirOwn)
        XCTAssertEqual(try matches("đỡ"), ["đỡ"])
        XCTAssertEqual(try matches("ĐÁNG"), ["đáng"], "case folds, the stroke stays")
        XCTAssertEqual(try matches("dang"), ["dangling"], "not đáng")
        XCTAssertEqual(try matches("do", exact: true), ["document", "doorway"], "not đỡ")
        XCTAssertEqual(try matches("łódź"), ["Łódź"])
        XCTAssertEqual(try matches("lodz"), ["Lodz"])
        XCTAssertEqual(try matches("ørsted"), ["Ørsted"])
        XCTAssertEqual(try matches("orsted"), ["Orsted"])
        XCTAssertEqual(try matches("ışık"), ["Işık"], "the dotless i is I lowercased in Turkish: still i")
    }

    /// Migration 15: a library indexed when ø ł đ folded to o l d is indexed again when a page has one.
    func testALibraryWithLettersOnceFoldedIsReindexed() throws {
        try add(.lettersOfTheirOwn)
        try library.database.execute("""
            INSERT INTO page_index (page_index) VALUES ('delete-all');
            INSERT INTO book_index (book_index) VALUES ('delete-all');
            DELETE FROM index_variants;
            DELETE FROM schema_migrations WHERE id = '15-letters-and-hyphen-chains';
            """)
        let location = library.location
        library = nil
        library = try Library(location: location)
        XCTAssertEqual(try matches("łódź"), ["Łódź"])
        XCTAssertEqual(try library.checkIndex().problems.count, 0)
    }

    func testWordsHyphenatedAtALineEndAreFoundJoinedAndByTheirHalves() throws {
        let book = try add(.english)[0]
        XCTAssertEqual(try matches("copyright"), ["copyright"], "a word broken at a soft hyphen")
        XCTAssertEqual(try matches("copy"), ["copyright"], "the last word is a prefix: of the joined word")
        XCTAssertEqual(try matches("right"), ["right"])
        XCTAssertEqual(try matches("well-known"), ["well-known"])
        XCTAssertEqual(try matches("wellknown"), ["wellknown"])

        // Every word the justified paragraph broke at a line end is found whole, and shown whole.
        let text = try library.pageText(book, page: 1).text
        let broken = try NSRegularExpression(pattern: "(\\p{L}+)\u{AD}?[-\u{2010}]\\n(\\p{L}+)")
            .matches(in: text, range: NSRange(text.startIndex..., in: text))
            .map { match in (1...2).map { String(text[Range(match.range(at: $0), in: text)!]) }.joined() }
        XCTAssertGreaterThanOrEqual(broken.count, 5, "the paragraph is hyphenated: \(text)")
        for word in broken {
            XCTAssertEqual(try matches(word, exact: true), [word], word)
        }
    }

    func testAWordFindsItsInflectionsExactFirstUnlessExact() throws {
        try add(.english, .englishInflected)
        let hits = try search("configure")
        XCTAssertEqual(Set(hits.map { $0.1.precomposedStringWithCompatibilityMapping }), ["configuration", "configured"])
        // As typed, the word is still a prefix (configured) but no longer a stem (configuration).
        XCTAssertEqual(Set(try matches("configure", exact: true).map(\.precomposedStringWithCompatibilityMapping)),
                       ["configured"])
        let exactFirst = try search("configuration")
        XCTAssertEqual(exactFirst.first?.0, "english", "the book with the word as typed ranks first")
        XCTAssertEqual(Set(exactFirst.map(\.0)), ["english", "englishInflected"])
        XCTAssertEqual(try search("configuration", exact: true).map(\.0), ["english"])
        // The stem of `representations` is `represent`, a word whose own stem is `repres`: still an inflection.
        XCTAssertEqual(try matches("representations"), ["represent"])
        XCTAssertEqual(try matches("representations", exact: true), [])
    }

    func testStemmingFollowsEachBooksLanguage() throws {
        try add(.german, .french, .russian)
        let languages = try library.database.query("SELECT title, language FROM books ORDER BY title")
            .map { "\($0.string("title") ?? ""):\($0.string("language") ?? "")" }
        XCTAssertEqual(languages, ["french:fr", "german:de", "russian:ru"])
        XCTAssertEqual(try matches("strasse"), ["Straße"], "ß is ss")
        XCTAssertEqual(try matches("STRASSE"), ["Straße"])
        XCTAssertEqual(Set(try matches("Häuser")), ["Häuser", "Haus"])
        XCTAssertEqual(Set(try matches("national")), ["nationaux", "nationale"])
        XCTAssertEqual(try matches("nationaux", exact: true), ["nationaux"])
        XCTAssertEqual(try matches("книга"), ["книги", "книги"])
    }

    private func languages() throws -> [String] {
        try library.database.query("SELECT title, language, language_source FROM books ORDER BY title")
            .map { "\($0.string("title") ?? ""):\($0.string("language") ?? ""):\($0.string("language_source") ?? "")" }
    }

    func testThePDFsLangDecidesWhereTheTextIsTooShortToTell() throws {
        try add(.germanShort, .germanShortUndeclared)
        XCTAssertEqual(try languages(), ["germanShort:de:pdf", "germanShortUndeclared:en:fallback"])
        XCTAssertEqual(try search("Häuser").map { "\($0.0):\($0.1)" }.sorted(),
                       ["germanShort:Haus", "germanShort:Häuser", "germanShortUndeclared:Häuser"])
    }

    func testTheLanguageWrittenInTheDocumentComesBeforeXMPAndTheText() {
        let german = ["Die Häuser sind alt."]
        XCTAssertEqual(LanguageChoice(catalog: "de-DE", xmp: "fr", pages: german),
                       LanguageChoice(language: .german, source: .pdf))
        XCTAssertEqual(LanguageChoice(catalog: "x-none", xmp: "fr", pages: german),
                       LanguageChoice(language: .french, source: .xmp), "a tag no stemmer knows is passed over")
        let prose = [String](repeating: "Der Markt und die Kirche sind im Zentrum, und es ist nicht weit zu der Brücke.", count: 3)
        XCTAssertEqual(LanguageChoice(catalog: nil, xmp: nil, pages: prose), LanguageChoice(language: .german, source: .detected))
        XCTAssertEqual(LanguageChoice(catalog: nil, xmp: nil, pages: german), LanguageChoice(language: .english, source: .fallback))
    }

    func testAnEditedLanguageDrivesStemmingFromThenOn() throws {
        let book = try add(.germanShortUndeclared)[0]
        XCTAssertEqual(try matches("Häuser"), ["Häuser"])
        var edit = BookEdit()
        edit.language = "German"
        try library.edit(book, edit)
        XCTAssertEqual(try languages(), ["germanShortUndeclared:de:edited"])
        XCTAssertEqual(Set(try matches("Häuser")), ["Häuser", "Haus"])
        XCTAssertEqual(try matches("Häuser", exact: true), ["Häuser"])
        XCTAssertTrue(try library.checkIndex().isInStep, "both indexes hold the book as stemmed in German")
        edit.language = "en"
        try library.edit(book, edit)
        XCTAssertEqual(try matches("Häuser"), ["Häuser"])
        XCTAssertTrue(try library.checkIndex().isInStep)
    }

    func testRefreshReadsTheDeclaredLanguageAgainAndKeepsAnEditedOne() throws {
        let books = try add(.germanShort, .germanShortUndeclared)
        let declared = try XCTUnwrap(books.first { $0.title == "germanShort" })
        XCTAssertEqual(try library.stemmingLanguage(of: declared), StemmingLanguage(code: "de", source: "pdf"))
        XCTAssertEqual(try library.info(declared).stemming?.name, "German")
        // As a library from before /Lang was read has it: stemmed in English, the default.
        try SearchIndex(database: library.database).reindex(bookID: declared.id, language: .english)
        try library.database.execute("UPDATE books SET language_source = 'fallback' WHERE id = ?", [declared.id])
        XCTAssertEqual(try matches("Häuser"), ["Häuser", "Häuser"])

        var results: [RefreshResult] = []
        library.refreshMetadata(try library.list(), options: AddOptions()) { results.append($0) }
        XCTAssertEqual(try languages(), ["germanShort:de:pdf", "germanShortUndeclared:en:fallback"])
        let changed = try XCTUnwrap(results.first { $0.book?.id == declared.id })
        XCTAssertEqual(changed.previousStemming?.name, "English")
        XCTAssertEqual(changed.stemming, StemmingLanguage(code: "de", source: "pdf"))
        XCTAssertNil(results.first { $0.book?.id != declared.id }?.stemming, "nothing declared, nothing changed")
        XCTAssertEqual(Set(try matches("Häuser")), ["Häuser", "Haus"])
        XCTAssertTrue(try library.checkIndex().isInStep)

        var edit = BookEdit()
        edit.language = "French"
        try library.edit(declared, edit)
        library.refreshMetadata(try library.list(), options: AddOptions()) { _ in }
        XCTAssertEqual(try languages(), ["germanShort:fr:edited", "germanShortUndeclared:en:fallback"], "an edit outlives refresh")
    }
}
