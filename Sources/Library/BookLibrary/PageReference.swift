import FoundationEssentials
import Glibc
import LeanBasics
import Store

/// How a person names a page: a physical number, or a label printed on it
/// ("iv", "A-3"). A plain number always means the physical page.
public enum PageReference: Equatable, Sendable {
    case number(Int)
    case label(String)

    /// "12" is page 12; anything else is a label.
    public init(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        if let number = Int(trimmed) { self = .number(number) } else { self = .label(trimmed) }
    }
}

/// Page labels as people are shown them.
public enum PageLabel {
    /// The label when it tells something the page number does not: nil
    /// when there is none or it only repeats the number (documents without
    /// page labels report "1", "2", …).
    public static func distinct(_ label: String?, page: Int) -> String? {
        guard let label, label != String(page) else { return nil }
        return label
    }
}

/// A page of a book with its label, as shown to people.
public struct PageLocation: Codable, Equatable, Sendable {
    public var page: Int
    public var label: String?
}

/// Turns page references into physical pages using the labels stored at add time.
struct PageResolver {
    let database: any SQLEngine

    func resolve(_ reference: PageReference, in book: Book) throws -> PageLocation {
        switch reference {
        case .number(let page):
            guard (1...max(1, book.pageCount)).contains(page), book.pageCount > 0 else {
                throw LibraryError.pageOutOfRange(page, pageCount: book.pageCount)
            }
            return PageLocation(page: page, label: try label(of: page, in: book))
        case .label(let label):
            let rows = try database.query(
                "SELECT page FROM pages WHERE book_id = ? AND label = ? ORDER BY page LIMIT 1", [book.id, label])
            if let page = rows.first?.int("page") { return PageLocation(page: page, label: label) }
            let folded = try database.query(
                "SELECT page, label FROM pages WHERE book_id = ? AND \(database.dialect.sameName("label")) ORDER BY page LIMIT 1",
                [book.id, label])
            guard let row = folded.first, let page = row.int("page") else { throw LibraryError.unknownPageLabel(label) }
            return PageLocation(page: page, label: row.string("label"))
        }
    }

    func label(of page: Int, in book: Book) throws -> String? {
        try database.queryRow("SELECT label FROM pages WHERE book_id = ? AND page = ?", [book.id, page])?.string("label")
    }
}
