import Store

extension Library {
    /// The language the book's stored text is in, as an ISO 639-1 code, when
    /// the text says enough to tell; nil for a scan OCR has not read (no
    /// text) or prose in a language the detector does not know. Unlike
    /// `books.language`, never the stemming fallback: a caller can tell
    /// "English" from "unknown".
    public func languageOfText(_ book: Book) throws -> String? {
        var pages: [String] = []
        var words = 0
        // The detector reads about its sample size in words: the first pages are enough.
        try database.prepare("SELECT text FROM pages WHERE book_id = ? ORDER BY page LIMIT 200")
            .forEachRow([book.id]) { row in
                guard words < LanguageDetector.sampleSize, let text = try? StoredText.decode(row["text"]) else { return }
                words += text.split(whereSeparator: \.isWhitespace).count
                pages.append(text)
            }
        return LanguageDetector.detect(pages: pages)?.rawValue
    }
}
