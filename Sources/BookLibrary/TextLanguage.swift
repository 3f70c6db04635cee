import Store

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

    /// What the book's stored text reads as, from its first pages.
    func languageToldFromText(bookID: Int) throws -> BookLanguage? {
        var pages: [String] = []
        var words = 0
        // The detector reads about its sample size in words: the first pages are enough.
        try database.prepare("SELECT text FROM pages WHERE book_id = ? ORDER BY page LIMIT 200")
            .forEachRow([bookID]) { row in
                guard words < LanguageDetector.sampleSize, let text = try? StoredText.decode(row["text"]) else { return }
                words += text.split(whereSeparator: \.isWhitespace).count
                pages.append(text)
            }
        return LanguageDetector.detect(pages: pages)
    }
}
