import Documents
import TextSearch

/// A book that holds every word of a query, and where.
package struct RankedBook {
    package var id: Int
    package var title: String
    package var language: BookLanguage?
    /// Whether its hits have a chapter to name (a laid-out book) or only a page (a PDF).
    package var format: BookFormat
    /// The book's pages are the rows firstRow...lastRow of `pages`, in page order.
    package var firstRow: Int64
    package var lastRow: Int64
    /// Bit k: text part k (see SearchIndex) holds every word of the query
    /// (or of one of its alternatives). No page outside these parts can match.
    package var parts: UInt64
    /// The parts that hold the words as typed, not only their stems.
    var exactParts: UInt64
    var titleMatches = false
    /// Pages that outline entries matching the query point to, in outline order.
    package var outlinePages: [Int] = []
    /// bm25 over the book's text parts; higher is better.
    var score = 0.0

    package init(id: Int, title: String, language: BookLanguage?, format: BookFormat, firstRow: Int64, lastRow: Int64,
                 parts: UInt64, exactParts: UInt64) {
        self.id = id
        self.title = title
        self.language = language
        self.format = format
        self.firstRow = firstRow
        self.lastRow = lastRow
        self.parts = parts
        self.exactParts = exactParts
    }

    package var pageCount: Int { Int(lastRow - firstRow + 1) }
    var partsWithPages: Int { min(BookTextParts.count, pageCount) }

    /// Where a book's matching pages are looked for.
    package enum Route {
        /// Read the pages of the parts that hold every word: as cheap as
        /// reading the matching pages when parts are a page or two, or
        /// when the words are on most pages (common words, whose page
        /// index lookups are the expensive ones).
        case scanParts
        /// Ask the page index which pages match, and read only those.
        case pageIndex
    }

    package var route: Route {
        // Parts of one or two pages: reading them is reading the matching pages.
        if pageCount <= 2 * BookTextParts.count { return .scanParts }
        // Words in (nearly) every part are on a good share of the pages.
        return parts.nonzeroBitCount * 20 >= partsWithPages * 19 ? .scanParts : .pageIndex
    }

    /// The rows of the parts that hold every word, adjacent parts joined.
    package var partRows: [ClosedRange<Int64>] {
        var ranges: [ClosedRange<Int64>] = []
        for part in 0..<BookTextParts.count where parts & (1 << UInt64(part)) != 0 {
            let positions = BookTextParts.pagePositions(ofPart: part, pageCount: pageCount)
            guard !positions.isEmpty else { continue }
            let rows = (firstRow + Int64(positions.lowerBound))...(firstRow + Int64(positions.upperBound - 1))
            if let last = ranges.last, last.upperBound + 1 == rows.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound...rows.upperBound
            } else {
                ranges.append(rows)
            }
        }
        return ranges
    }
}
