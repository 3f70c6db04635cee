import Documents
import FoundationEssentials
import Glibc
import Store

/// How a page's text came from OCR: shown by `read` and `info`.
public struct PageOCR: Codable, Equatable, Sendable {
    /// Tesseract's mean word confidence, 0–100.
    public var confidence: Double
    /// The languages it was read with, such as "eng" or "chi_sim+eng".
    public var languages: String
    /// Clockwise quarter turns the scan needed to be upright.
    public var rotation: Int

    public init(confidence: Double, languages: String, rotation: Int) {
        self.confidence = confidence
        self.languages = languages
        self.rotation = rotation
    }
}

/// OCR across a book, for `info`.
public struct OCRSummary: Codable, Equatable, Sendable {
    /// Pages whose text is OCR (blank pages that were looked at included).
    public var pages: Int
    /// Mean of the per-page confidences of pages where words were found.
    public var meanConfidence: Double?
    public var languages: [String]
}

/// The OCR side of the page store: which pages need it, and storing what it
/// read so that search, `read` and `info` see it like extracted text.
package struct OCRPages {
    let store: any LocalLibraryStore
    var database: Database { store.database }

    package init(store: any LocalLibraryStore) { self.store = store }

    /// Fewer visible characters than this and a page counts as having no
    /// text layer: scans often carry a stamp, a page number or a stray glyph.
    static let sparseTextLimit = 16

    /// Page numbers, in order, that OCR should read: those with (almost) no
    /// text that were never OCR'd; with `force`, OCR'd ones again too; with
    /// `everyPage`, all of them.
    func pagesNeedingOCR(_ book: Book, within selection: Set<Int>? = nil, force: Bool = false,
                         everyPage: Bool = false) throws -> [Int] {
        var pages: [Int] = []
        try database.prepare("""
            SELECT p.page, p.text, o.page_id IS NOT NULL AS done FROM pages p
            LEFT JOIN ocr_pages o ON o.page_id = p.id WHERE p.book_id = ? ORDER BY p.page
            """).forEachRow([book.id]) { row in
            guard let page = row.int("page"), selection?.contains(page) ?? true else { return }
            let done = row.int("done") == 1
            if done && !force { return }
            if everyPage || done || Self.isSparse(row["text"]) { pages.append(page) }
        }
        return pages
    }

    static func isSparse(_ stored: SQLValue) -> Bool {
        // Deflated text is at least `StoredText.threshold` bytes long: not sparse in any real page.
        guard case .text(let text) = stored else { return false }
        var visible = 0
        for character in text where !character.isWhitespace {
            visible += 1
            if visible >= sparseTextLimit { return false }
        }
        return true
    }

    /// Stores what OCR read as the page's text, in the page store and the
    /// index, in one transaction. The page's own few characters (a page
    /// number, a stamp, a short caption the PDF does have) stay in front,
    /// unless `replacing` (OCR of every page, for broken text layers).
    func store(_ book: Book, page: Int, text: String, ocr: PageOCR, words: [PageWord], replacing: Bool) throws {
        let wordsJSON = String(decoding: try JSONEncoder().encode(words), as: UTF8.self)
        try database.inTransaction {
            guard let row = try database.queryRow("""
                SELECT p.id, p.text, o.own_text FROM pages p LEFT JOIN ocr_pages o ON o.page_id = p.id
                WHERE p.book_id = ? AND p.page = ?
                """, [book.id, page]), let id = row.int64("id") else {
                throw LibraryError.pageOutOfRange(page, pageCount: book.pageCount)
            }
            let oldText = try StoredText.decode(row["text"])
            // Read before: the page's own text is what it had before the first reading.
            let ownText = row.string("own_text") ?? oldText
            let hasOwn = ownText.contains { !$0.isWhitespace }
            let found = text.contains { !$0.isWhitespace }
            let newText = !found ? ownText : replacing || !hasOwn ? text : ownText + "\n\n" + text
            if newText != oldText {
                try store.reindexPage(rowID: id, bookID: book.id, newText: newText)
                try database.execute("UPDATE pages SET text = ? WHERE id = ?", [StoredText.encode(newText), id])
            }
            try database.execute("""
                INSERT OR REPLACE INTO ocr_pages (page_id, confidence, languages, rotation, words, own_text, recognized_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [id, ocr.confidence, ocr.languages, ocr.rotation, StoredText.encode(wordsJSON), ownText, Date()])
        }
    }

    package func ocr(_ book: Book, page: Int) throws -> PageOCR? {
        guard let row = try database.queryRow("""
            SELECT o.confidence, o.languages, o.rotation FROM ocr_pages o JOIN pages p ON p.id = o.page_id
            WHERE p.book_id = ? AND p.page = ?
            """, [book.id, page]) else { return nil }
        return PageOCR(confidence: try row.required("confidence", Row.double), languages: try row.required("languages", Row.string),
                       rotation: try row.required("rotation", Row.int))
    }

    func words(_ book: Book, page: Int) throws -> [PageWord] {
        guard let value = try database.scalar("""
            SELECT o.words FROM ocr_pages o JOIN pages p ON p.id = o.page_id WHERE p.book_id = ? AND p.page = ?
            """, [book.id, page]) else { return [] }
        return (try? JSONDecoder().decode([PageWord].self, from: Data(StoredText.decode(value).utf8))) ?? []
    }

    func summary(_ book: Book) throws -> OCRSummary? {
        let rows = try database.query("""
            SELECT o.confidence, o.languages, o.confidence > 0 AS read FROM ocr_pages o
            JOIN pages p ON p.id = o.page_id WHERE p.book_id = ?
            """, [book.id])
        guard !rows.isEmpty else { return nil }
        let confidences = rows.filter { $0.int("read") == 1 }.compactMap { $0.double("confidence") }
        var languages: [String] = []
        for row in rows {
            for code in try row.required("languages", Row.string).split(separator: "+").map(String.init) where !languages.contains(code) {
                languages.append(code)
            }
        }
        return OCRSummary(pages: rows.count,
                          meanConfidence: confidences.isEmpty ? nil : confidences.reduce(0, +) / Double(confidences.count),
                          languages: languages)
    }
}

extension Library {
    /// See `OCRPages.pagesNeedingOCR`.
    public func pagesNeedingOCR(_ book: Book, within selection: Set<Int>? = nil, force: Bool = false,
                                everyPage: Bool = false) throws -> [Int] {
        try OCRPages(store: try localStore).pagesNeedingOCR(book, within: selection, force: force, everyPage: everyPage)
    }

    /// Stores what OCR read on a page; see `OCRPages.store`.
    public func storeOCR(_ book: Book, page: Int, text: String, ocr: PageOCR, words: [PageWord],
                         replacing: Bool = false) throws {
        try OCRPages(store: try localStore).store(book, page: page, text: text, ocr: ocr, words: words, replacing: replacing)
    }

    /// The word boxes OCR found on a page; empty for pages with a text layer.
    public func ocrWords(_ book: Book, page: Int) throws -> [PageWord] {
        try OCRPages(store: try localStore).words(book, page: page)
    }

    /// How OCR read a page; nil for a page it never read.
    public func ocrReading(_ book: Book, page: Int) throws -> PageOCR? {
        try OCRPages(store: try localStore).ocr(book, page: page)
    }

    public func ocrSummary(_ book: Book) throws -> OCRSummary? {
        try OCRPages(store: try localStore).summary(book)
    }
}
