import FoundationEssentials
import Glibc
import Store

/// Which page `read` shows.
public enum PageRequest: Equatable, Sendable {
    /// Where the reader stopped, or the first page.
    case resume
    case page(PageReference)
    case next
    case previous
}

/// A page's text as `ibook read` prints it.
public struct PageText: Codable, Sendable {
    public var bookID: Int
    public var bookTitle: String
    public var page: Int
    public var label: String?
    public var pageCount: Int
    public var text: String
    /// No extractable text: most likely a scanned image.
    public var hasText: Bool
    /// Set when the text was read from the page image by OCR.
    public var ocr: PageOCR?
}

/// Reads pages from the text stored at add time and records the position in
/// the history.
struct PageReader {
    let store: any LibraryStore
    private var database: any SQLEngine { store.engine }

    func read(_ book: Book, _ request: PageRequest) throws -> PageText {
        let resolver = PageResolver(database: database)
        let history = History(database: database)
        let location: PageLocation
        switch request {
        case .page(let reference):
            location = try resolver.resolve(reference, in: book)
        case .resume:
            location = try resolver.resolve(.number(min(try history.lastPage(of: book) ?? 1, book.pageCount)), in: book)
        case .next, .previous:
            let current = try history.lastPage(of: book)
            let target: Int
            if request == .next {
                target = current.map { $0 + 1 } ?? 1
                guard target <= book.pageCount else { throw LibraryError.noNextPage }
            } else {
                target = (current ?? 1) - 1
                guard target >= 1 else { throw LibraryError.noPreviousPage }
            }
            location = try resolver.resolve(.number(target), in: book)
        }
        try history.record(book, page: location.page)
        return try text(of: book, at: location)
    }

    func text(of book: Book, at location: PageLocation) throws -> PageText {
        let stored = try database.queryRow(
            "SELECT text FROM pages WHERE book_id = ? AND page = ?", [book.id, location.page])?["text"] ?? .null
        let text: String
        do {
            text = try StoredText.decode(stored)
        } catch let error as StoredTextError {
            throw LibraryError.damagedPageText(book: "#\(book.id) \(book.title)", page: location.page, reason: error.reason)
        }
        let hasText = text.contains { !$0.isWhitespace }
        return PageText(bookID: book.id, bookTitle: book.title, page: location.page, label: location.label,
                        pageCount: book.pageCount, text: text, hasText: hasText,
                        ocr: try store.ocr(of: book, page: location.page))
    }
}

extension Library {
    public func read(_ book: Book, _ request: PageRequest) throws -> PageText {
        try PageReader(store: store).read(book, request)
    }

    /// A page's stored text, without moving the reading position.
    public func pageText(_ book: Book, page: Int) throws -> PageText {
        let location = try PageResolver(database: engine).resolve(.number(page), in: book)
        return try PageReader(store: store).text(of: book, at: location)
    }

    /// Records that the reader is on `page` now: what `history`, `read` and `view` resume from.
    public func recordReading(_ book: Book, page: Int) throws {
        try History(database: engine).record(book, page: page)
    }

    /// The page where the reader stopped, if the book was read before.
    public func lastPage(of book: Book) throws -> Int? {
        try History(database: engine).lastPage(of: book)
    }

    /// Resolves a page number or label of a book.
    public func locate(_ reference: PageReference, in book: Book) throws -> PageLocation {
        try PageResolver(database: engine).resolve(reference, in: book)
    }
}
