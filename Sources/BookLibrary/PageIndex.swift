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
        let language = try database.queryRow("SELECT language FROM books WHERE id = ?", [bookID])?
            .string("language").flatMap(BookLanguage.init(rawValue:)) ?? .fallback
        let folder = try TermFolder(language: language)
        let delete = try database.prepare(
            "INSERT INTO page_index (page_index, rowid, words, variants) VALUES ('delete', ?, ?, ?)")
        try database.prepare("SELECT id, text FROM pages WHERE book_id = ?").forEachRow([bookID]) { row in
            let input = IndexText.input(of: StoredText.decode(row["text"]), folder: folder)
            try delete.run([row.int64("id"), input.words, input.variants])
        }
    }

    /// The language a book is in: the one its file declares, if a stemmer
    /// knows it, else the one its text reads as, else English.
    package static func language(declared: String?, pages: [String]) -> BookLanguage {
        if let declared, let language = BookLanguage(tag: declared) { return language }
        return LanguageDetector.detect(pages: pages) ?? .fallback
    }
}
