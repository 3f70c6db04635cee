import Store
import TextSearch

extension Library {
    /// The language of the book's words, as an ISO 639-1 code: the one the
    /// library settled on when it was added or edited (declared by the PDF or
    /// told from its text), else what its stored text reads as now; nil for a
    /// scan OCR has not read (no text) or prose in a language the detector
    /// does not know. Unlike `books.language`, never the stemming fallback: a
    /// caller can tell "English" from "unknown".
    public func languageOfText(_ book: Book) throws -> String? {
        // Told or declared when the book was added (or edited): no need to read its pages again.
        if let row = try database.queryRow("SELECT language, language_source FROM books WHERE id = ?", [book.id]),
           let source = row.string("language_source").flatMap(LanguageSource.init(rawValue:)), source != .fallback,
           let language = row.string("language"), !language.isEmpty {
            return language
        }
        return try languageToldFromText(bookID: book.id)?.rawValue
    }

    /// What the book's stored text reads as, from the pages the detector
    /// samples (`LanguageDetector.samplePageIndexes`): only those are read.
    func languageToldFromText(bookID: Int) throws -> BookLanguage? {
        let count = try database.scalar("SELECT count(*) FROM pages WHERE book_id = ?", [bookID])?.integer.map(Int.init) ?? 0
        let wanted = LanguageDetector.samplePageIndexes(pageCount: count).map { String($0 + 1) }.joined(separator: ",")
        var pages: [String] = []
        try database.prepare("SELECT text FROM pages WHERE book_id = ? AND page IN (\(wanted)) ORDER BY page")
            .forEachRow([bookID]) { row in
                if let text = try? StoredText.decode(row["text"]) { pages.append(text) }
            }
        return LanguageDetector.detect(pages: pages)
    }
}
