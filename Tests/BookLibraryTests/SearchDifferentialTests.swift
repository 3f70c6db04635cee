import BookIndexing
@testable import BookLibrary
import Foundation
import TestSupport
import XCTest

/// Search compared page for page with `ReferenceMatcher`, which states the
/// documented rules again without the engine's code, over the text ibook
/// stored for each page (so that a difference is matching, not
/// extraction): queries drawn from the pages themselves in eight classes,
/// on generated books (line-end hyphenation over two to four lines, books
/// searched part by part and through the page index, ligatures, accents,
/// CJK, Cyrillic, letters of their own) and, where the machine has it, the
/// real-world corpus. Any page either side finds alone fails the test.
final class SearchDifferentialTests: ScratchLibraryTestCase {
    override class var folderName: String { "differential" }

    private struct PageKey: Hashable, Comparable, CustomStringConvertible {
        var book: Int
        var page: Int
        static func < (a: PageKey, b: PageKey) -> Bool { (a.book, a.page) < (b.book, b.page) }
        var description: String { "#\(book) p. \(page)" }
    }

    private enum QueryClass: String, CaseIterable {
        case common, rare, prefix, phrase, hyphenated, accented, cjk, cyrillic
    }

    private func addAll(_ paths: [String]) {
        var options = AddOptions()
        options.ocrMode = .never
        _ = library.add(paths: paths, options: options, onResult: { _ in })
    }

    /// Every page's reference words, by book and page.
    private func referencePages() throws -> [PageKey: ReferenceMatcher.Page] {
        var pages: [PageKey: ReferenceMatcher.Page] = [:]
        for book in try library.list() {
            for page in 1...max(1, book.pageCount) {
                let text = try library.pageText(book, page: page).text
                pages[PageKey(book: book.id, page: page)] = ReferenceMatcher.page(text)
            }
        }
        return pages
    }

    /// Queries of each class, drawn with a fixed seed from the pages' own words.
    private func queries(from pages: [PageKey: ReferenceMatcher.Page], perClass: Int) -> [(QueryClass, String)] {
        var generator = SeededGenerator(seed: 37)
        var counts: [String: Int] = [:]
        let ordered = pages.keys.sorted()
        for key in ordered { for word in pages[key]!.joined { counts[word, default: 0] += 1 } }
        let vocabulary = counts.keys.sorted()
        func letters(_ word: String) -> Bool { word.count >= 3 && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic } }
        func isLatin(_ word: String) -> Bool { word.unicodeScalars.allSatisfy { $0.value < 0x250 } }
        func pick(_ candidates: [String]) -> [String] {
            guard !candidates.isEmpty else { return [] }
            var chosen: Set<String> = []
            for _ in 0..<(perClass * 4) where chosen.count < perClass { chosen.insert(candidates.randomElement(using: &generator)!) }
            return chosen.sorted()
        }
        var result: [(QueryClass, String)] = []
        let latin = vocabulary.filter { letters($0) && isLatin($0) }
        let common = latin.sorted { counts[$0]! > counts[$1]! }.prefix(200)
        result += pick(Array(common)).map { (.common, $0) }
        result += pick(latin.filter { counts[$0]! <= 2 }).map { (.rare, $0) }
        result += pick(latin.filter { $0.count >= 7 }).map { (.prefix, String($0.prefix(Int.random(in: 4...6, using: &generator)))) }
        var phrases: [String] = []
        for key in ordered {
            let words = pages[key]!.parts
            for index in words.indices.dropLast() where letters(words[index]) && letters(words[index + 1]) && index % 17 == 0 {
                phrases.append(words[index] + " " + words[index + 1])
            }
        }
        result += pick(phrases).map { (.phrase, $0) }
        var joinedOnly: Set<String> = []
        for key in ordered {
            let page = pages[key]!
            joinedOnly.formUnion(Set(page.joined).subtracting(page.parts).filter(letters))
        }
        // Whole, and by their beginning, which must reach across the hyphen.
        let hyphenated = pick(joinedOnly.sorted())
        result += hyphenated.map { (.hyphenated, $0) }
        result += hyphenated.filter { $0.count >= 8 }.map { (.hyphenated, String($0.prefix($0.count - 2))) }
        result += pick(vocabulary.filter { letters($0) && !$0.unicodeScalars.allSatisfy(\.isASCII) && isLatin($0) })
            .map { (.accented, $0) }
        var bigrams: [String] = []
        for key in ordered {
            let words = pages[key]!.parts
            for index in words.indices.dropLast() where index % 5 == 0 {
                let pair = [words[index], words[index + 1]]
                if pair.allSatisfy({ $0.unicodeScalars.first.map(ReferenceMatcher.isCJK) ?? false }) { bigrams.append(pair.joined()) }
            }
        }
        result += pick(bigrams).map { (.cjk, $0) }
        result += pick(vocabulary.filter { letters($0) && $0.unicodeScalars.allSatisfy { (0x400...0x4FF).contains($0.value) } })
            .map { (.cyrillic, $0) }
        return result
    }

    /// The query's words, as the reference reads a query: its words folded.
    private func referenceTerms(_ query: String) -> [String] {
        ReferenceMatcher.words(query).map(ReferenceMatcher.fold)
    }

    private func compare(perClass: Int) throws {
        let pages = try referencePages()
        XCTAssertGreaterThan(pages.count, 300)
        let drawn = queries(from: pages, perClass: perClass)
        var report: [String] = []
        var perClassCounts: [QueryClass: Int] = [:]
        for (kind, query) in drawn {
            perClassCounts[kind, default: 0] += 1
            var found: Set<PageKey> = []
            _ = try library.search(query, scope: .all, exact: true) { found.insert(PageKey(book: $0.bookID, page: $0.page)) }
            let terms = referenceTerms(query)
            let expected = Set(pages.filter { ReferenceMatcher.finds(terms, on: $0.value) }.keys)
            let missed = expected.subtracting(found).sorted(), extra = found.subtracting(expected).sorted()
            if !missed.isEmpty || !extra.isEmpty {
                report.append("\(kind.rawValue) '\(query)': missed \(missed.prefix(5)) of \(expected.count), "
                              + "found alone \(extra.prefix(5)) of \(found.count)")
            }
            XCTAssertFalse(expected.isEmpty, "\(kind.rawValue) '\(query)' is drawn from the pages: the reference finds it")
        }
        XCTAssertTrue(report.isEmpty, "\(report.count) of \(drawn.count) queries differ:\n" + report.joined(separator: "\n"))
        for kind in QueryClass.allCases where kind != .cyrillic {
            XCTAssertGreaterThan(perClassCounts[kind] ?? 0, 0, "queries of class \(kind.rawValue)")
        }
    }

    func testGeneratedBooksMatchTheReferencePageForPage() throws {
        var paths = [try HyphenatedBook.make("hyphenated-small", pageCount: 60, in: root),
                     try HyphenatedBook.make("hyphenated-large", pageCount: 300, in: root)]
        for book in TypesetBooks.Book.allCases { paths.append(try TypesetBooks.make(book, in: root)) }
        paths += ["lighthouses.pdf", "cafe-culture.pdf", "cjk-seasons.pdf", "long-history.pdf"].map(Fixtures.sampleBook)
        addAll(paths)
        try compare(perClass: 25)
    }

    func testTheRealCorpusMatchesTheReferencePageForPage() throws {
        let corpus = try Fixtures.requireCorpus("its real-world PDFs")
        addAll([corpus.appendingPathComponent("real").path])
        try compare(perClass: 30)
    }
}
