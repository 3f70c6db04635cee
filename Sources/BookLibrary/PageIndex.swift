import Store

/// The full-text index of pages, `page_index(words, variants)` (see
/// `IndexText`): contentless, because `pages` keeps the text as printed and
/// the index is only ever asked for row ids and scores. A row is removed
/// by handing FTS5 the same input again, which the book's language and its
/// stored text determine.
package struct PageIndex {
    package static let createTable = """
        CREATE VIRTUAL TABLE page_index USING fts5(
            words, variants, content='', tokenize='unicode61 remove_diacritics 2'
        )
        """

    let database: Database

    package init(database: Database) {
        self.database = database
    }

    /// Indexes pages (row id and text) of one book in `language`.
    package func add(_ pages: [(rowID: Int64, text: String)], language: BookLanguage, onPage: (Int) -> Void = { _ in }) throws {
        let folder = try TermFolder(language: language)
        let insert = try database.prepare("INSERT INTO page_index (rowid, words, variants) VALUES (?, ?, ?)")
        for (number, page) in pages.enumerated() {
            let input = IndexText.input(of: page.text, folder: folder)
            try insert.run([page.rowID, input.words, input.variants])
            onPage(number + 1)
        }
    }

    /// Takes one book's pages out of the index.
    package func remove(bookID: Int) throws {
        let folder = try TermFolder(language: language(ofBook: bookID))
        let delete = try database.prepare(
            "INSERT INTO page_index (page_index, rowid, words, variants) VALUES ('delete', ?, ?, ?)")
        // A page whose stored text cannot be decoded is taken out with the
        // words the index holds for it, so the index stays in step.
        let index = FullTextIndex(database: database)
        try database.prepare("SELECT id, text FROM pages WHERE book_id = ?").forEachRow([bookID]) { row in
            guard let id = row.int64("id"), try index.holds(rowID: id) else { return }
            let input = try index.indexedInput(rowID: id, stored: row["text"], folder: folder)
            try delete.run([id, input.words, input.variants])
        }
    }

    /// Re-indexes one page of a book whose text changed (OCR read it): the
    /// old entry goes with the input it was indexed with.
    package func replace(rowID: Int64, bookID: Int, oldText: String, newText: String) throws {
        let folder = try TermFolder(language: language(ofBook: bookID))
        let old = IndexText.input(of: oldText, folder: folder), new = IndexText.input(of: newText, folder: folder)
        try database.execute("INSERT INTO page_index (page_index, rowid, words, variants) VALUES ('delete', ?, ?, ?)",
                             [rowID, old.words, old.variants])
        try database.execute("INSERT INTO page_index (rowid, words, variants) VALUES (?, ?, ?)",
                             [rowID, new.words, new.variants])
    }

    private func language(ofBook bookID: Int) throws -> BookLanguage {
        try database.queryRow("SELECT language FROM books WHERE id = ?", [bookID])?
            .string("language").flatMap(BookLanguage.init(rawValue:)) ?? .fallback
    }

    /// The language a book is in: the one its file declares, if a stemmer
    /// knows it, else the one its text reads as, else English.
    package static func language(declared: String?, pages: [String]) -> BookLanguage {
        if let declared, let language = BookLanguage(tag: declared) { return language }
        return LanguageDetector.detect(pages: pages) ?? .fallback
    }
}
