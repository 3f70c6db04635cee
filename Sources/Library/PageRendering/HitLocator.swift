import BookOpening
import ReflowDocuments

/// Finds the view pages the library's search hits are on. The library knows
/// a hit's reference page only, and a reference page can run over several
/// view pages; the letters before each occurrence of the query on its page,
/// added to where the page starts, give the hit's place in the book (in
/// `ReflowPosition` terms), which the view page holding it is found by.
enum HitLocator {
    static func places(of query: String, referencePages: [Int], reference: ReflowBook, view: ReflowBook, map: PageMap) -> [HitPlace] {
        var seen: [Int: Int] = [:]
        var referenceOffsets: [Int: [UInt64]] = [:]
        var viewOffsets: [Int: [UInt64]] = [:]
        return referencePages.map { page in
            let rank = seen[page, default: 0]
            seen[page] = rank + 1
            let fallback = HitPlace(page: map.viewPage(ofReference: page), occurrence: rank)
            guard (1...map.referencePageCount).contains(page) else { return fallback }
            let offsets = referenceOffsets[page] ?? occurrences(of: query, in: reference.pageText(page))
            referenceOffsets[page] = offsets
            // The library's stemmed search and this literal one can disagree: then the hit stays where its page starts.
            guard rank < offsets.count else { return fallback }
            let place = map.referencePositions[page - 1] + offsets[rank]
            let viewPage = map.viewPage(holding: place)
            let onView = viewOffsets[viewPage] ?? occurrences(of: query, in: view.pageText(viewPage))
            viewOffsets[viewPage] = onView
            let start = map.position(ofView: viewPage)
            guard let nearest = onView.indices.min(by: {
                distance(start + onView[$0], place) < distance(start + onView[$1], place)
            }) else { return HitPlace(page: viewPage, occurrence: 0) }
            return HitPlace(page: viewPage, occurrence: nearest)
        }
    }

    private static func distance(_ a: UInt64, _ b: UInt64) -> UInt64 { a > b ? a - b : b - a }

    /// The letters before each occurrence of `query` in `text`, ignoring case, with any run of
    /// white space matching any other (a line break in the page, a space in the query). Letters
    /// are what positions count: everything but white space.
    static func occurrences(of query: String, in text: String) -> [UInt64] {
        let needle = folded(query).scalars
        guard !needle.isEmpty else { return [] }
        let (haystack, lettersBefore) = folded(text)
        var found: [UInt64] = []
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index..<index + needle.count].elementsEqual(needle) {
                found.append(lettersBefore[index])
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    private static func folded(_ text: String) -> (scalars: [Unicode.Scalar], lettersBefore: [UInt64]) {
        var scalars: [Unicode.Scalar] = []
        var lettersBefore: [UInt64] = []
        var letters: UInt64 = 0
        var afterSpace = true
        for scalar in text.lowercased().unicodeScalars {
            if ReflowText.isLetter(scalar) {
                scalars.append(scalar)
                lettersBefore.append(letters)
                letters += 1
                afterSpace = false
            } else if !afterSpace {
                scalars.append(" ")
                lettersBefore.append(letters)
                afterSpace = true
            }
        }
        if scalars.last == " " {
            scalars.removeLast()
            lettersBefore.removeLast()
        }
        return (scalars, lettersBefore)
    }
}
