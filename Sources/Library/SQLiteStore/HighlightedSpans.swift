import BookLibrary
import Store

/// Where the library's highlights (and other text markup) sit in the pages'
/// text, so that search can say which hits fall inside one.
struct HighlightedSpans {
    private var spans: [Int: [Int: [(id: Int, span: ClosedRange<Int>)]]] = [:]

    init(database: Database) throws {
        try database.prepare("""
            SELECT b.id AS book_id, a.page, a.id, a.text_start, a.text_end FROM annotations a
            JOIN books b ON b.sha256 = a.sha256
            WHERE a.kind IN ('highlight', 'underline', 'squiggly', 'strike-out') AND a.text_start <= a.text_end
            """).forEachRow { row in
            guard let book = row.int("book_id"), let page = row.int("page"), let id = row.int("id"),
                  let start = row.int("text_start"), let end = row.int("text_end") else { return }
            spans[book, default: [:]][page, default: []].append((id, start...end))
        }
    }

    /// The id of the highlight the match overlaps on that page, if any.
    func highlight(bookID: Int, page: Int, text: String, match: Range<String.Index>) -> Int? {
        guard let onPage = spans[bookID]?[page] else { return nil }
        let start = text.distance(from: text.startIndex, to: match.lowerBound)
        let end = start + max(0, text.distance(from: match.lowerBound, to: match.upperBound) - 1)
        return onPage.first { $0.span.overlaps(start...end) }?.id
    }

    /// `highlight` for a match given as offsets into the page's UTF-8; the
    /// page is made a String (highlights count Characters) only where it has a span.
    func highlight(bookID: Int, page: Int, bytes: UnsafeBufferPointer<UInt8>, match: Range<Int>) -> Int? {
        guard spans[bookID]?[page] != nil else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let utf8 = text.utf8
        return highlight(bookID: bookID, page: page, text: text,
                         match: utf8.index(utf8.startIndex, offsetBy: match.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: match.upperBound))
    }
}
