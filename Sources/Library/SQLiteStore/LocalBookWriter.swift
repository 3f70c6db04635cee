import BookLibrary
import FoundationEssentials
import Store
import TextSearch

/// Adds a book to a local library: the SQLite counterpart of `PostgresBookWriter`.
struct LocalBookWriter {
    let database: Database

    /// Inserts a book, its outline and its pages (stored and indexed) in one
    /// transaction: `pages` is given a function that takes each page, and the
    /// book is committed when it returns, or not at all when it throws. The
    /// importer streams pages from its spool file this way, so a big book is
    /// never held in memory.
    func write(_ book: NewBook, pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> CatalogInsertion {
        let book = book.printable
        return try database.inTransaction {
            let catalog = Catalog(database: database)
            if let existing = try catalog.book(sha256: book.sha256) { return .alreadyPresent(existing) }
            try database.execute("""
                INSERT INTO books (sha256, path, size, title, author, subject, keywords, creator, producer,
                                   created, modified, page_count, added_at, title_source, author_source, format)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [book.sha256, book.path, book.size, book.choice.title, book.choice.author, book.declared.subject,
                      book.declared.keywords, book.declared.creator, book.declared.producer, book.declared.created,
                      book.declared.modified, book.pageCount, Date(),
                      book.choice.titleSource.rawValue, book.choice.authorSource.rawValue, book.format.rawValue])
            let bookID = database.lastInsertRowID
            try book.writeDeclaredDetails(bookID: bookID, to: database)
            let insertOutline = try database.prepare(
                "INSERT INTO outline (book_id, position, depth, title, page) VALUES (?, ?, ?, ?, ?)")
            for (position, entry) in book.outline.enumerated() {
                try insertOutline.run([bookID, position, entry.depth, entry.title, entry.page])
            }
            let insertPage = try database.prepare("INSERT INTO pages (book_id, page, label, text) VALUES (?, ?, ?, ?)")
            // The index waits for the last page: the book's language, which
            // its words are stemmed in, is told from its text.
            var indexed: [(rowID: Int64, text: String)] = []
            try pages { page in
                try insertPage.run([bookID, page.page, page.label, StoredText.encode(page.text)])
                indexed.append((database.lastInsertRowID, page.text))
            }
            let choice = LanguageChoice(catalog: book.declared.catalogLanguage, xmp: book.declared.language, pages: indexed.map(\.text))
            try database.execute("UPDATE books SET language = ?, language_source = ? WHERE id = ?",
                                 [choice.language.rawValue, choice.source.rawValue, bookID])
            try SearchIndex(database: database).add(bookID: bookID, pages: indexed,
                                                    outlineTitles: book.outline.map(\.title), language: choice.language)
            try database.execute("""
                UPDATE books SET first_page_row = (SELECT min(id) FROM pages WHERE book_id = ?1),
                                 last_page_row = (SELECT max(id) FROM pages WHERE book_id = ?1)
                WHERE id = ?1
                """, [bookID])
            guard let added = try catalog.book(id: Int(bookID)) else {
                throw LibraryError.invalidArgument("the book just added cannot be read back")
            }
            return .added(added)
        }
    }
}
