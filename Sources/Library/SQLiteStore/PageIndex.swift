import BookLibrary
import Store
import TextSearch

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

    /// Every term some page holds among its `variants`. FTS5 answers
    /// `variants : term` from the term's whole doclist, the pages holding it
    /// as a word included, so asking whether `the` is ever a variant read most
    /// of the index; this list answers from one key. It may keep a term whose
    /// pages are gone: a search then only looks for a variant no page has.
    package static let createVariantTerms = "CREATE TABLE index_variants (term TEXT PRIMARY KEY) WITHOUT ROWID"

    let database: Database

    package init(database: Database) {
        self.database = database
    }

    /// Indexes pages (row id and text) of one book in `language`; without
    /// `listingVariants`, `index_variants` is left alone (a migration older than it).
    package func add(_ pages: [(rowID: Int64, text: String)], language: BookLanguage, listingVariants: Bool = true,
                     onPage: (Int) -> Void = { _ in }) throws {
        let folder = try TermFolder(language: language)
        var rows: [(rowID: Int64, input: IndexText.Input)] = []
        rows.reserveCapacity(pages.count)
        for (number, page) in pages.enumerated() {
            rows.append((page.rowID, SearchIndex.indexedText(page.text, folder: folder)))
            onPage(number + 1)
        }
        try insert(rows, listingVariants: listingVariants)
    }

    /// Adds pages' rows, and their variants to the list of variant terms.
    func insert(_ rows: [(rowID: Int64, input: IndexText.Input)], listingVariants: Bool = true) throws {
        let insert = try database.cachedStatement("INSERT INTO page_index (rowid, words, variants) VALUES (?, ?, ?)")
        var variants: Set<Substring> = []
        for row in rows {
            try insert.run([row.rowID, row.input.words, row.input.variants])
            if listingVariants { variants.formUnion(row.input.variants.split(separator: " ")) }
        }
        guard listingVariants else { return }
        let record = try database.cachedStatement("INSERT OR IGNORE INTO index_variants (term) VALUES (?)")
        for term in variants { try record.run([String(term)]) }
    }

    /// Whether some page may hold `term` among its variants (see
    /// `createVariantTerms`); with `prefix`, a term that begins with `term`.
    func hasVariant(_ term: String, prefix: Bool = false) throws -> Bool {
        guard prefix else {
            return try database.cachedStatement("SELECT 1 FROM index_variants WHERE term = ?").rows([term]).first != nil
        }
        // A range of the key, in its binary order: every term that begins with `term` sorts below term + U+10FFFF.
        return try database.cachedStatement("SELECT 1 FROM index_variants WHERE term >= ? AND term < ? LIMIT 1")
            .rows([term, term + "\u{10FFFF}"]).first != nil
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
