import Store

/// The full-text index of pages, `page_index(words, variants)` (see
/// `IndexText`): contentless, because `pages` keeps the text as printed and
/// the index is only ever asked for row ids and scores. A row is removed
/// by handing FTS5 the same input again, which the book's language and its
/// stored text determine. `SearchIndex` writes it together with the book index.
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
        for (number, page) in pages.enumerated() {
            try insert(rowID: page.rowID, SearchIndex.indexedText(page.text, folder: folder))
            onPage(number + 1)
        }
    }

    /// Adds one page's row.
    func insert(rowID: Int64, _ input: IndexText.Input) throws {
        try database.cachedStatement("INSERT INTO page_index (rowid, words, variants) VALUES (?, ?, ?)")
            .run([rowID, input.words, input.variants])
    }

    /// Removes one page's row, given the input it was indexed with.
    func delete(rowID: Int64, _ input: IndexText.Input) throws {
        try database.cachedStatement("INSERT INTO page_index (page_index, rowid, words, variants) VALUES ('delete', ?, ?, ?)")
            .run([rowID, input.words, input.variants])
    }

    /// The language a book is in: the one its file declares, if a stemmer
    /// knows it, else the one its text reads as, else English.
    package static func language(declared: String?, pages: [String]) -> BookLanguage {
        if let declared, let language = BookLanguage(tag: declared) { return language }
        return LanguageDetector.detect(pages: pages) ?? .fallback
    }
}
