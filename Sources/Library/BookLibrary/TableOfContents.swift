import LeanBasics
import FoundationEssentials
import Glibc
import Store

/// One entry of a book's outline, flattened in document order, with its
/// target page and that page's label.
public struct TOCEntry: Codable, Sendable {
    public var title: String
    public var depth: Int
    public var page: Int?
    public var label: String?
    /// Where the entry starts on its page, as a fraction of the page's height
    /// from the top; not stored, so nil unless the reader read it from the PDF.
    public var top: Double?

    public init(title: String, depth: Int, page: Int?, label: String?, top: Double? = nil) {
        self.title = title
        self.depth = depth
        self.page = page
        self.label = label
        self.top = top
    }
}

/// The outline stored at add time, answered without opening the PDF.
struct TableOfContents {
    let database: any SQLEngine

    /// Entries in document order, down to `maxDepth` levels (1 = top level only).
    func flat(_ book: Book, maxDepth: Int?) throws -> [TOCEntry] {
        let depthLimit = (maxDepth ?? Int(Int32.max)) - 1
        return try database.query("""
            SELECT o.title, o.depth, o.page, p.label FROM outline o
            LEFT JOIN pages p ON p.book_id = o.book_id AND p.page = o.page
            WHERE o.book_id = ? AND o.depth <= ? ORDER BY o.position
            """, [book.id, depthLimit]).map { row in
            TOCEntry(title: TerminalText.line(try row.required("title", Row.string)), depth: try row.required("depth", Row.int),
                     page: row.int("page"), label: row.string("label"))
        }
    }
}

extension Library {
    /// The outline of a book; looking at it counts as reading the book.
    public func tableOfContents(_ book: Book, maxDepth: Int? = nil) throws -> [TOCEntry] {
        let entries = try TableOfContents(database: engine).flat(book, maxDepth: maxDepth)
        try History(database: engine).record(book, page: nil)
        return entries
    }

}
