import LeanBasics
import TextSearch

/// Orders the books a search looks in, from what the book index says of
/// them (each store asks its own: `BookIndexRanking`, `PostgresSearch`):
/// no page is read or scored to rank them. Books whose title matches come
/// first, then books with a matching outline entry, then by bm25 computed
/// over text parts instead of words (a part counts once, however often it
/// holds the words; long books are weighed by how many parts they have;
/// parts with the words as typed weigh as the page index weighs `words`,
/// parts with only their stems as it weighs `variants`), then by id.
package enum BookRanking {
    /// Which books may be ranked.
    package enum Candidates {
        case all
        case one(Int)
        case some(Set<Int>)
    }

    /// bm25's usual constants: how fast repeated matches stop adding, and how much length counts.
    package static let saturation = 1.2
    package static let lengthWeight = 0.75

    /// Confirms title and outline matches with `matchers`, scores the books
    /// and sorts them, best first; `outlineMayMatch[i]` says whether book i's
    /// outline holds the words, and `outline` gives a book's entries in order.
    /// The one ranking of both engines (see `PostgresSearch`).
    package static func order(_ books: [RankedBook], outlineMayMatch: [Bool], matchers: inout TextMatchers,
                      outline: (Int) throws -> OutlineTitles) throws -> [RankedBook] {
        var books = books
        let averageParts = Double(books.map(\.partsWithPages).reduce(0, +)) / Double(max(books.count, 1))
        for index in books.indices {
            let language = books[index].language
            books[index].titleMatches = !matchers.matches(in: books[index].title, language: language).isEmpty
            if outlineMayMatch[index] {
                let titles = try outline(books[index].id)
                var pages: [Int] = []
                for entry in matchingEntries(titles, matchers: &matchers, language: language) {
                    guard let page = titles.pages[entry], !pages.contains(page) else { continue }
                    pages.append(page)
                }
                books[index].outlinePages = pages
            }
            let length = Double(books[index].partsWithPages) / max(averageParts, 1)
            func bm25(_ parts: UInt64) -> Double {
                let matching = Double(parts.nonzeroBitCount)
                return matching * (Self.saturation + 1)
                    / (matching + Self.saturation * (1 - Self.lengthWeight + Self.lengthWeight * length))
            }
            books[index].score = SearchQuery.bm25Weights.words * bm25(books[index].exactParts)
                + SearchQuery.bm25Weights.variants * bm25(books[index].parts)
        }
        return books.sorted { a, b in
            if a.titleMatches != b.titleMatches { return a.titleMatches }
            if a.outlinePages.isEmpty != b.outlinePages.isEmpty { return !a.outlinePages.isEmpty }
            if a.score != b.score { return a.score > b.score }
            return a.id < b.id
        }
    }

    /// The indices of the titles that hold the query, in order. The titles
    /// are searched as one text, a line each: a book's outline has hundreds
    /// of entries, and searching each alone cost a search more than its
    /// matching of the pages. A match that runs from one title into the next
    /// (a phrase, a hyphen at a title's end) is no match of either, and may
    /// hide one in the title it ends in, so the titles it touches are
    /// searched again alone.
    package static func matchingEntries(_ titles: OutlineTitles, matchers: inout TextMatchers, language: BookLanguage?) -> [Int] {
        var matching = Set<Int>(), again = Set<Int>()
        let matches = titles.text.withUnsafeBufferPointer { matchers.matches(in: $0, language: language) }
        for match in matches {
            let first = titles.entry(at: match.start), last = titles.entry(at: max(match.start, match.end - 1))
            if first == last { matching.insert(first) } else { again.formUnion(first...last) }
        }
        for index in again.subtracting(matching)
        where !titles.title(index).withUnsafeBufferPointer({ matchers.matches(in: $0, language: language) }).isEmpty {
            matching.insert(index)
        }
        return matching.sorted()
    }
}
