@testable import BookLibrary
@testable import TextSearch
import Foundation
import PDF
import TestSupport
import XCTest

final class TextMatcherTests: XCTestCase {
    private func found(_ query: String, in text: String, exact: Bool = false, language: BookLanguage? = nil) -> [String] {
        guard var matcher = TextMatcher(query: query, exact: exact, language: language) else { return [] }
        return matcher.matches(in: text).map { String(text[$0.range]) }
    }

    func testWhitespaceIsUnicodesWhiteSpace() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if WordScanner.isWhitespace(value) != scalar.properties.isWhitespace {
                XCTFail("U+\(String(value, radix: 16, uppercase: true)): \(WordScanner.isWhitespace(value))")
            }
        }
        // Snippets squeeze such spaces as they do ASCII ones.
        let text = "lamp\u{2003}\u{2003}keeper\u{00A0}\u{00A0}said"
        var matcher = TextMatcher(query: "keeper")!
        let snippet = TextMatcher.snippet(text, matcher.matches(in: text)[0])
        XCTAssertEqual(snippet.before + snippet.match + snippet.after, "lamp keeper said")
    }

    func testCaseAndDiacriticsFoldLikeAFindBox() {
        XCTAssertEqual(found("resume", in: "Her Résumé and a RESUME."), ["Résumé", "RESUME"])
        XCTAssertEqual(found("übermass", in: "kein Übermass hier"), ["Übermass"])
        XCTAssertEqual(found("CAFÉ", in: "le cafe, le café"), ["cafe", "café"])
    }

    func testPhrasesCrossLineBreaksAndTheLastWordIsAPrefix() {
        XCTAssertEqual(found("quiet harbour lights", in: "the quiet\nharbour   lights shone"), ["quiet\nharbour   lights"])
        XCTAssertEqual(found("licen", in: "license, licensed and licensing; not a lichen"), ["license", "licensed", "licensing"])
        XCTAssertEqual(found("harbour lights", in: "harbour keeper lights"), [])
    }

    func testCJKMatchesAsSubstrings() {
        XCTAssertEqual(found("図書", in: "市立図書館と大学図書館"), ["図書", "図書"])
        XCTAssertEqual(found("北京", in: "我在北京图书馆"), ["北京"])
    }

    func testQuerySyntaxIsJustWords() {
        XCTAssertEqual(found("\"harbour AND (lights", in: "harbour and lights"), ["harbour and lights"])
        XCTAssertNil(TextMatcher(query: "\"*^:()"))
    }

    func testSnippetCollapsesWhitespaceAndMarksCuts() {
        let text = String(repeating: "word ", count: 40) + "the needle\nin   the haystack " + String(repeating: "more ", count: 40)
        var matcher = TextMatcher(query: "needle")!
        let snippet = TextMatcher.snippet(text, matcher.matches(in: text)[0].range)
        XCTAssertEqual(snippet.match, "needle")
        XCTAssertTrue(snippet.before.hasPrefix("…") && snippet.before.hasSuffix("the "), snippet.before)
        XCTAssertTrue(snippet.after.hasPrefix(" in the haystack") && snippet.after.hasSuffix("…"), snippet.after)
        XCTAssertFalse(snippet.after.contains("  "))
    }

    func testIndexTextHoldsFoldedWordsAndTheirVariants() throws {
        let folder = try TermFolder(language: .english)
        XCTAssertEqual(IndexText.input(of: "東京Tower", folder: folder).words, "東 京 tower")
        let input = IndexText.input(of: "The LibreOﬀice copy-\nright, conﬁgured by Müller", folder: folder)
        XCTAssertEqual(input.words, "the libreoffice copy right configured by muller")
        XCTAssertEqual(input.variants, "libreoffic copyright configur")
    }

    func testEveryNormalisationMatchesAndTheSnippetShowsThePrint() {
        XCTAssertEqual(found("difficult", in: "a diﬃcult case"), ["diﬃcult"])
        XCTAssertEqual(found("strasse", in: "die Straße, die STRASSE, die STRAẞE"), ["Straße", "STRASSE", "STRAẞE"])
        XCTAssertEqual(found("straße", in: "die Strasse"), ["Strasse"])
        XCTAssertEqual(found("2024", in: "ｙｅａｒ ２０２４"), ["２０２４"])
        XCTAssertEqual(found("year", in: "ｙｅａｒ ２０２４"), ["ｙｅａｒ"])
        XCTAssertEqual(found("copyright", in: "the copyright¹ notice"), ["copyright"], "a footnote mark is its own word")
        XCTAssertEqual(found("database", in: "a data\u{AD}base and a data\u{200B}base and a data\u{FEFF}base"),
                       ["data\u{AD}base", "data\u{200B}base", "data\u{FEFF}base"])
        XCTAssertEqual(found("don't", in: "I don’t, you donʼt, we don't"), ["don’t", "donʼt", "don't"])
        XCTAssertEqual(found("“quoted”", in: "a \"quoted\" word"), ["quoted"])
        XCTAssertEqual(found("oeuvre", in: "son œuvre"), ["œuvre"])
        XCTAssertEqual(found("copyright", in: "1 Introduction 2Copyright 3 Usage"), ["Copyright"], "a glued section number")
        XCTAssertEqual(found("x86", in: "on x86 and 3D and 2nd"), ["x86"])
        XCTAssertEqual(found("3D", in: "on x86 and 3D and 2nd"), ["3D"])
        XCTAssertEqual(found("2nd", in: "on x86 and 3D and 2nd"), ["2nd"])
    }

    func testLineEndHyphenationJoinsInMatchesAndSnippets() {
        let text = "the copy-\nright notice, a well\u{2010}\n  known fact, an inter\u{AD}\u{2010}\nnational body"
        XCTAssertEqual(found("copyright", in: text), ["copy-\nright"])
        XCTAssertEqual(found("copyright notice", in: text), ["copy-\nright notice"])
        XCTAssertEqual(found("right notice", in: text), ["right notice"])
        XCTAssertEqual(found("well-known", in: text), ["well\u{2010}\n  known"])
        XCTAssertEqual(found("wellknown", in: text), ["well\u{2010}\n  known"])
        XCTAssertEqual(found("international", in: text), ["inter\u{AD}\u{2010}\nnational"])
        XCTAssertEqual(found("copy", in: "a copy-paste and a copy-\n42"), ["copy", "copy"], "no join before a digit")
        XCTAssertEqual(found("copyright", in: "copy- right on one line"), [])

        var matcher = TextMatcher(query: "copyright")!
        XCTAssertEqual(TextMatcher.snippet(text, matcher.matches(in: text)[0]).match, "copyright")
        matcher = TextMatcher(query: "well-known")!
        let wellKnown = TextMatcher.snippet(text, matcher.matches(in: text)[0])
        XCTAssertEqual(wellKnown.match, "well-known")
        XCTAssertEqual(wellKnown.before, "the copyright notice, a ")
        matcher = TextMatcher(query: "right")!
        XCTAssertEqual(TextMatcher.snippet(text, matcher.matches(in: text)[0]).before, "the copy")
    }

    func testStemsAreTheBooksLanguage() {
        XCTAssertEqual(found("configure", in: "configured, configuration, configurable, figure", language: .english),
                       ["configured", "configuration", "configurable"])
        XCTAssertEqual(found("configure", in: "configuration", exact: true, language: .english), [])
        XCTAssertEqual(found("книга", in: "много книги и книгой", language: .russian), ["книги", "книгой"])
        XCTAssertEqual(found("nationale", in: "les musées nationaux", language: .french), ["nationaux"])
        XCTAssertEqual(found("configure", in: "configuration", language: nil), [], "no stemmer, no stems")
        XCTAssertEqual(found("configure the", in: "configured the", language: .english), [], "phrases stay exact")
        XCTAssertEqual(found("lie", in: "lying, lied, belie, lies", language: .english), ["lying", "lied", "lies"],
                       "Porter2's own exceptions: lying is lie")
        XCTAssertEqual(found("impliquer", in: "implications, impliqué", language: .french), ["implications", "impliqué"])
    }

    /// A word is stemmed only when it shares all but `stemRewriteLimit`
    /// letters of the query's stem: the limit holds for every ASCII word of
    /// the sample books and the real corpus, and for English inflections.
    func testStemsDepartFromTheirWordsOnlyInTheirLastLetters() throws {
        var words: Set<String> = ["lying", "dying", "tying", "skis", "idly", "gently", "ugly", "early", "only", "singly",
                                  "possibility", "happiness", "cried", "conflating", "hopping", "analogies", "radically",
                                  "configuration", "generalizations", "activities", "sensibilities", "ponies", "agreed"]
        var paths = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sampleBooks.path)
            .filter { $0.hasSuffix(".pdf") }.map { Fixtures.sampleBook($0) }
        if let corpus = Fixtures.corpus?.appendingPathComponent("real") {
            paths += try FileManager.default.contentsOfDirectory(atPath: corpus.path)
                .filter { $0.hasSuffix(".pdf") }.map { corpus.appendingPathComponent($0).path }
        }
        for path in paths {
            guard let document = try? PDFDocument(path: path) else { continue }
            for index in 0..<document.pageCount {
                guard let text = document.page(at: index)?.text else { continue }
                for word in text.lowercased().split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
                    words.insert(String(word))
                }
            }
        }
        XCTAssertGreaterThan(words.count, 1_000)
        for language in BookLanguage.allCases {
            guard let limit = language.stemRewriteLimit else { continue }
            let stemmer = try Stemmer(language: language)
            for word in words {
                let stem = stemmer.stem(word)
                let shared = zip(word.utf8, stem.utf8).prefix { $0 == $1 }.count
                XCTAssertLessThanOrEqual(stem.utf8.count - shared, limit, "\(language): \(word) → \(stem)")
            }
        }
    }

    func testTheLanguageIsToldFromTheText() {
        XCTAssertEqual(LanguageDetector.detect(pages: [String(repeating: "Le chat est sur la table et il ne dort pas. ", count: 3)]), .french)
        XCTAssertEqual(LanguageDetector.detect(pages: [String(repeating: "Der Hund ist nicht auf dem Tisch, und die Katze schläft. ", count: 3)]), .german)
        XCTAssertEqual(LanguageDetector.detect(pages: [String(repeating: "The cat is on the table and it is not asleep. ", count: 3)]), .english)
        XCTAssertNil(LanguageDetector.detect(pages: ["図書館 123"]))
        XCTAssertEqual(BookLanguage(tag: "de-CH"), .german)
        XCTAssertEqual(BookLanguage(tag: "nb_NO"), .norwegian)
        XCTAssertNil(BookLanguage(tag: "x-klingon"))
    }

    func testTheASCIIPathFindsWhatTheUnicodePathFinds() {
        var generator = SeededGenerator(seed: 5)
        let words = ["the", "The", "lighthouse", "Lighthouse", "keeper", "keepers", "KEEPER", "a", "harbour", "l1ght", "x"]
        for _ in 0..<200 {
            let text = (0..<80).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: [" ", "\n", "  ", ", ", "-"].randomElement(using: &generator)!)
            for query in ["lighthouse keeper", "the", "keep", "the lighthouse k", "a harbour", "l1ght x"] {
                var fast = TextMatcher(query: query)!
                var slow = TextMatcher(query: query)!
                let ascii = fast.matches(in: text).map { text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound) }
                let widened = text + " é"   // one non-ASCII character sends the page down the Unicode path
                let unicode = slow.matches(in: widened).map { widened.utf8.distance(from: widened.startIndex, to: $0.range.lowerBound) }
                XCTAssertEqual(ascii, unicode, "\(query) in \(text)")
            }
        }
    }

    func testASCIIWordsAreTheWordsTheUnicodePathFinds() {
        // Each ASCII letter made a two-byte Latin letter of the same case sends
        // the text through the Unicode path; the words must be the same ones.
        var generator = SeededGenerator(seed: 11)
        let pieces = ["the", "Copy", "right", "2Copyright", "x86", "3D", "2nd", "a", "BC", "-", "-\n", "- \n  ", "\n", " ", "\t",
                      ",", "’", "\u{AD}\n", "42", "é", "東", "²"]
        for _ in 0..<300 {
            let text = (0..<40).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var widened: [UInt8] = [], offsets: [Int] = []
            for byte in text.utf8 {
                offsets.append(widened.count)
                if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A {
                    // À… for A…, à… for a…, stepping over × and ÷, which are not letters.
                    let index = UInt32((byte | 0x20) - 0x61)
                    let letter = (byte < 0x61 ? 0xC0 : 0xE0) + index + (index >= 0x17 ? 1 : 0)
                    widened.append(contentsOf: Array(String(UnicodeScalar(letter)!).utf8))
                } else {
                    widened.append(byte)
                }
            }
            offsets.append(widened.count)
            let ascii = WordScanner.words(in: text).map { [offsets[$0.start], offsets[$0.end], $0.joinsNext ? 1 : 0] }
            let unicode = WordScanner.words(in: String(decoding: widened, as: UTF8.self)).map { [$0.start, $0.end, $0.joinsNext ? 1 : 0] }
            XCTAssertEqual(ascii, unicode, text.debugDescription)
        }
    }

    func testUnifiedIdeographsFoldToThemselvesAsFoundationFoldsThem() {
        func isUnifiedIdeographs(_ word: String) -> Bool {
            var word = word
            return word.withUTF8 { TermFolding.isUnifiedIdeographs($0) }
        }
        // TermFolder passes them over without asking Foundation: it must agree.
        var checked = 0
        for value in Array(0x3400...0x4DBF) + Array(0x4E00...0x9FFF) {
            let word = String(Unicode.Scalar(UInt32(value))!)
            XCTAssertTrue(isUnifiedIdeographs(word))
            let caseFolded = TermFolding.caseFolded(word)
            XCTAssertEqual(caseFolded, word, "U+\(String(value, radix: 16))")
            XCTAssertEqual(TermFolding.stripped(caseFolded), word, "U+\(String(value, radix: 16))")
            checked += 1
        }
        XCTAssertEqual(checked, 27_584)
        XCTAssertFalse(isUnifiedIdeographs("東京の"), "kana fold on their own path")
        XCTAssertFalse(isUnifiedIdeographs(""), "no word")
        XCTAssertFalse(isUnifiedIdeographs("\u{F900}"), "a compatibility ideograph is folded")
    }

    func testByteSnippetsAreTheSnippetsOfTheCharacterPath() {
        var generator = SeededGenerator(seed: 12)
        let pieces = ["the", "lighthouse", "keeper", "copy-\nright", "well-\n known", "a", "x86", " ", "  ", "\n", "\t", " \n ",
                      ", ", "\r\n", "é", "东", "©", "’s", "\u{A0}", "e\u{301}", "ﬁle", "\u{3000}", "한국", "👍🏽", "ｋｅｅｐｅｒ",
                      "\u{200D}", "x\u{20DD}"]
        var compared = 0
        for round in 0..<300 {
            let text = (0..<(20 + round % 60)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
            for query in ["lighthouse keeper", "the", "copyright", "well-known", "a"] {
                var matcher = TextMatcher(query: query)!
                for match in matcher.matches(in: text) {
                    XCTAssertEqual(TextMatcher.snippet(text, match), TextMatcher.characterSnippet(text, match),
                                   "\(query) in \(text.debugDescription)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        // Printable ASCII with tabs and line breaks, and hyphens: inside words
        // (the plain path) and at line ends (which join words: not plain).
        let plainPieces = ["the", "lighthouse", "keeper", "a", "x86", " ", "  ", "\n", "\t", " \n ", ", ", ".", "(1)", "\u{0B}", "\u{0C}",
                           "well-known", "2000-2022", "a--b", "-x", "keeper-", "light-\nhouse", "the--\nkeeper", "-- \n"]
        var plainCompared = 0
        for round in 0..<300 {
            var words = (0..<(20 + round % 80)).map { _ in plainPieces.randomElement(using: &generator)! }
            if round % 4 == 0 { words.append("well-\nknown") }
            let text = words.joined(separator: round % 2 == 0 ? " " : "")
            for query in ["lighthouse keeper", "the", "a", "x86"] {
                var matcher = TextMatcher(query: query)!
                for match in matcher.matches(in: text) {
                    XCTAssertEqual(TextMatcher.snippet(text, match), TextMatcher.characterSnippet(text, match),
                                   "\(query) in \(text.debugDescription)")
                    plainCompared += 1
                }
            }
        }
        XCTAssertGreaterThan(plainCompared, 2000)
    }

    func testWordStartsFindWhatReadingEveryWordFinds() throws {
        // Pages of ASCII words with punctuation (searched from word starts),
        // and the same with a word that is not ASCII (read word by word).
        var generator = SeededGenerator(seed: 21)
        let pieces = ["the", "The", "THE", "lighthouse", "Lighthouse", "LIGHTHOUSE", "keeper", "keepers", "Keeper", "light-\nhouse",
                      "light- \n  house", "lighthouse-\nkeeper", "keep-\ners", "copy-\nright", "copy", "right", "Copyright", "2Copyright",
                      "x86", "3D", "2nd", "configured", "configuration", "con-\nfigure", "Configure", "well-known", "well-\nknown",
                      "wellknown", "a", "A", "lighthouses", "light", "house", "-", "--", ",", ".", "’", "“", "”", "—", "\u{A0}", "©",
                      "…", "(", "12", "l1ght", "x"]
        let notASCII = ["é", "ﬁle", "東京", "e\u{301}", "data\u{AD}base", "copy\u{AD}\nright", "x²", "ｋｅｅｐｅｒ", "well\u{2010}\nknown",
                        "Ünter", "œuvre", "Straße", "light\u{200B}house", "configuré", "con-\nfiguré", "light-\n  hoüse", "ﬁgure-\nkeeper",
                        "keeper\u{AD}\n\nlight", "Copyright²", "2Ümlaut", "東the", "the東", "“léger”", "ǅebian", "keep\u{301}er", "Lighthouse’s"]
        let separators = [" ", "\n", "  ", ", ", "-", "\r\n", "\t", " - ", "\n\n"]
        let queries = ["lighthouse keeper", "the", "keep", "copyright", "configure", "well-known", "light", "x86", "2nd", "3d",
                       "a lighthouse", "c", "house keeper", "the lighthouse k"]
        // One search per query and language for every page, as a book's
        // pages are searched: what it learnt of a word must hold on the next page.
        var searches: [(query: String, alternatives: [[[UInt8]]], stem: [UInt8]?, folder: TermFolder, search: WordStartSearch)] = []
        for query in queries {
            for language in [nil, BookLanguage.english] {
                let parsed = try XCTUnwrap(SearchQuery(query))
                let folder = try TermFolder(language: parsed.stems ? language : nil)
                let alternatives = parsed.alternatives.map { $0.map { Array($0.utf8) } }
                let stem = parsed.stem(in: folder).map { Array($0.utf8) }
                searches.append((query, alternatives, stem, folder, try XCTUnwrap(
                    WordStartSearch(alternatives, stem: stem, stemRewriteLimit: folder.stemmer?.language.stemRewriteLimit), query)))
            }
        }
        var fromWordStarts = 0, wordByWord = 0, matched = 0, mixedFromWordStarts = 0, mixedMatched = 0
        for round in 0..<400 {
            var words = (0..<(10 + round % 50)).map { _ in pieces.randomElement(using: &generator)! }
            for _ in 0..<(round % 3 == 0 ? 1 + round % 4 : 0) {
                words.insert(notASCII.randomElement(using: &generator)!, at: Int.random(in: 0...words.count, using: &generator))
            }
            let text = words.map { $0 + separators.randomElement(using: &generator)! }.joined()
            var page = text
            for index in searches.indices {
                let (query, alternatives, stem, folder, _) = searches[index]
                page.withUTF8 { bytes in
                    var everyWordSearch = PageSearch(bytes: bytes, words: WordScanner.words(in: bytes), folder: folder)
                    let everyWord = everyWordSearch.find(alternatives, stem: stem)
                    matched += everyWord.count
                    if let found = searches[index].search.find(in: bytes, alternatives: alternatives, stem: stem, folder: folder) {
                        fromWordStarts += 1
                        XCTAssertEqual(found, everyWord, "\(query) in \(text.debugDescription)")
                        if text.unicodeScalars.contains(where: { $0.value >= 0x80 && !WordScanner.separates($0.value) }) {
                            mixedFromWordStarts += 1
                            mixedMatched += found.count
                        }
                    } else {
                        wordByWord += 1
                        XCTAssertTrue(text.unicodeScalars.contains { $0.value >= 0x80 && !WordScanner.separates($0.value) }
                                      && alternatives.contains { $0.count > 1 },
                                      "only a word that is not ASCII, for a query of more words than one, sends a page word by word: \(text.debugDescription)")
                    }
                    for match in everyWord {
                        let asText = TextMatcher.Match(
                            range: text.utf8.index(text.startIndex, offsetBy: match.start)..<text.utf8.index(text.startIndex, offsetBy: match.end),
                            keepsLineEndHyphen: match.keepsLineEndHyphen)
                        XCTAssertEqual(TextMatcher.snippet(bytes, match), TextMatcher.characterSnippet(text, asText),
                                       "\(query) in \(text.debugDescription)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(fromWordStarts, 8000)
        XCTAssertGreaterThan(wordByWord, 1000)
        XCTAssertGreaterThan(mixedFromWordStarts, 1000, "one-word queries on pages with words that are not ASCII")
        XCTAssertGreaterThan(mixedMatched, 1000)
        XCTAssertGreaterThan(matched, 5000)
    }

    /// Search compares a kana word's first byte without folding it: every
    /// hiragana and katakana letter folds to a term with the same first byte.
    func testKanaFoldToKana() {
        for value in Array(UInt32(0x3041)...0x3096) + Array(UInt32(0x30A1)...0x30FA) {
            let word = String(Unicode.Scalar(value)!)
            let term = TermFolding.stripped(TermFolding.caseFolded(word))
            XCTAssertEqual(term.utf8.first, word.utf8.first, "U+\(String(value, radix: 16)) folds to \(term)")
        }
        XCTAssertEqual(found("かがみ", in: "鏡は かがみ、カガミ"), ["かがみ"])
        XCTAssertEqual(found("カカシ", in: "かかし、カカシ、ｶｶｼ"), ["カカシ", "ｶｶｼ"])
        XCTAssertEqual(found("皇居", in: "ひがしの皇居、こうきょ"), ["皇居"])
    }

    /// A kana and its voicing mark written apart are one word, the kana NFKC composes;
    /// a voicing mark after no kana is no word at all.
    func testAKanaAndItsVoicingMarkAreOneWord() {
        let words = WordScanner.words(in: "ｶﾞｲ か\u{3099}み \u{FF9E}ア")
        XCTAssertEqual(words.map(\.kind), [.cjk, .cjk, .cjk, .cjk, .cjk])
        let text = Array("ｶﾞｲ か\u{3099}み \u{FF9E}ア".utf8)
        XCTAssertEqual(words.map { String(decoding: text[$0.start..<$0.end], as: UTF8.self).unicodeScalars.count }, [2, 1, 2, 1, 1])
        XCTAssertEqual(found("ガイ", in: "ｶﾞｲ と ｶｲ"), ["ｶﾞｲ"])
        XCTAssertEqual(found("がみ", in: "か\u{3099}み と かみ"), ["が" + "み"])
        XCTAssertEqual(found("ぱ", in: "は\u{309A} と は"), ["ぱ"])
        XCTAssertEqual(found("ア", in: "\u{FF9E}ア"), ["ア"])
    }

    func testNonASCIIQueriesAreReadWordByWord() {
        XCTAssertNil(WordStartSearch([[Array("東".utf8)]], stem: nil, stemRewriteLimit: nil))
        XCTAssertNil(WordStartSearch([[Array("café".utf8)]], stem: nil, stemRewriteLimit: nil))
        XCTAssertNotNil(WordStartSearch([[Array("cafe".utf8)]], stem: Array("caf".utf8), stemRewriteLimit: 2))
        XCTAssertEqual(found("cafe", in: "a café, a cafe"), ["café", "cafe"])
        XCTAssertEqual(found("keeper", in: "the ｋｅｅｐｅｒ and the keeper"), ["ｋｅｅｐｅｒ", "keeper"])
    }
}
