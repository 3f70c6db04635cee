import LeanBasics
import FoundationEssentials
import Glibc
import Postgres
import Store

/// A book as read from its PDF, ready to go into the catalog.
package struct NewBook: Sendable {
    package struct OutlineItem: Sendable {
        package var depth: Int
        package var title: String
        package var page: Int?

        package init(depth: Int, title: String, page: Int?) {
            self.depth = depth
            self.title = title
            self.page = page
        }
    }

    package var sha256: String
    package var path: String
    package var size: Int
    /// The title and author, and where each came from (MetadataChoice).
    package var choice: MetadataChoice
    package var subject: String?
    package var keywords: String?
    package var creator: String?
    package var producer: String?
    package var created: Date?
    package var modified: Date?
    /// The language the document catalog declares (`/Lang`), if any: see `LanguageChoice`.
    package var catalogLanguage: String?
    /// The language the XMP metadata declares (`dc:language`), if any.
    package var xmpLanguage: String?
    package var pageCount: Int
    package var outline: [OutlineItem]

    package init(sha256: String, path: String, size: Int, choice: MetadataChoice, pageCount: Int) {
        self.sha256 = sha256
        self.path = path
        self.size = size
        self.choice = choice
        self.pageCount = pageCount
        outline = []
    }

    /// The metadata as the library keeps it: a PDF's Info dictionary may
    /// hold escape sequences that every listing would pass to a terminal.
    package var printable: NewBook {
        var book = self
        book.choice.title = TerminalText.line(choice.title)
        book.choice.author = TerminalText.line(choice.author)
        book.subject = subject.map(TerminalText.line)
        book.keywords = keywords.map(TerminalText.line)
        book.creator = creator.map(TerminalText.line)
        book.producer = producer.map(TerminalText.line)
        book.outline = outline.map { OutlineItem(depth: $0.depth, title: TerminalText.line($0.title), page: $0.page) }
        return book
    }
}

/// One page of a new book: its text as extracted, stored deflated and indexed segmented.
package struct NewPage: Sendable {
    package var page: Int
    package var label: String?
    package var text: String

    package init(page: Int, label: String?, text: String) {
        self.page = page
        self.label = label
        self.text = text
    }
}

/// What inserting a book did.
package enum CatalogInsertion {
    case added(Book)
    /// The same content was already in the library; nothing was written.
    case alreadyPresent(Book)
}

extension Catalog {
    /// Inserts a book, its outline and its pages (stored and indexed) in one
    /// transaction: `pages` is given a function that takes each page, and the
    /// book is committed when it returns, or not at all when it throws. The
    /// importer streams pages from its spool file this way, so a big book is
    /// never held in memory.
    package func insert(_ book: NewBook, pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> CatalogInsertion {
        let book = book.printable
        let database = try local
        return try database.inTransaction {
            if let existing = try self.book(sha256: book.sha256) { return .alreadyPresent(existing) }
            try database.execute("""
                INSERT INTO books (sha256, path, size, title, author, subject, keywords, creator, producer,
                                   created, modified, page_count, added_at, title_source, author_source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [book.sha256, book.path, book.size, book.choice.title, book.choice.author, book.subject, book.keywords,
                      book.creator, book.producer, book.created, book.modified, book.pageCount, Date(),
                      book.choice.titleSource.rawValue, book.choice.authorSource.rawValue])
            let bookID = database.lastInsertRowID
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
            let choice = LanguageChoice(catalog: book.catalogLanguage, xmp: book.xmpLanguage, pages: indexed.map(\.text))
            try database.execute("UPDATE books SET language = ?, language_source = ? WHERE id = ?",
                                 [choice.language.rawValue, choice.source.rawValue, bookID])
            try SearchIndex(database: database).add(bookID: bookID, pages: indexed,
                                                    outlineTitles: book.outline.map(\.title), language: choice.language)
            try database.execute("""
                UPDATE books SET first_page_row = (SELECT min(id) FROM pages WHERE book_id = ?1),
                                 last_page_row = (SELECT max(id) FROM pages WHERE book_id = ?1)
                WHERE id = ?1
                """, [bookID])
            guard let added = try self.book(id: Int(bookID)) else {
                throw LibraryError.invalidArgument("the book just added cannot be read back")
            }
            return .added(added)
        }
    }
}

extension Library {
    /// See `Catalog.insert` (and `SharedBookWriter` on a shared library): the one way books enter the library.
    package func insert(_ book: NewBook, pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> CatalogInsertion {
        try requireWritable()
        if let shared = engine as? PostgresConnection, let sharedRoots {
            do {
                let cover = FileManager.default.contents(atPath: try thumbnailPath(sha256: book.sha256, page: 1, size: Self.coverSize))
                let outcome = try SharedBookWriter(database: shared, roots: sharedRoots)
                    .write(book, addedAt: Date(), language: nil, cover: cover.map { [UInt8]($0) }, pages: pages)
                // Added now, or by another client meanwhile: either way it is there to read back.
                guard let stored = try Catalog(database: engine).book(sha256: book.sha256) else {
                    throw LibraryError.invalidArgument("the book just added cannot be read back")
                }
                return outcome == .alreadyPresent ? .alreadyPresent(stored) : .added(stored)
            } catch {
                throw describing(error)
            }
        }
        do {
            return try Catalog(database: database).insert(book, pages: pages)
        } catch let error as DatabaseError {
            // The book that did not fit was rolled back, but its pages still
            // fill the write-ahead log: truncating it gives the disk back, so
            // the library can still be written (a bookmark, a smaller book).
            if error.isDiskFull { _ = try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
            throw describing(error)
        }
    }

    /// The book with this content, if the library has it.
    package func book(sha256: String) throws -> Book? {
        try Catalog(database: engine).book(sha256: sha256)
    }

    /// Points a book at another copy of its file (same content); on a
    /// shared library, relative to this machine's root that holds it.
    package func setPath(_ path: String, of book: Book) throws {
        if let sharedRoots {
            let file = sharedRoots.stored(path)
            try engine.execute("UPDATE books SET root = ?, path = ? WHERE id = ?", [file.root, file.path, book.id])
            return
        }
        try Catalog(database: database).setPath(path, of: book)
    }

    /// Makes a book the open one.
    package func setOpenBook(_ book: Book) throws {
        try ReadingState(database: engine).setOpenBook(book)
    }

    /// Throws unless this person may add books: the library can be
    /// written, and on a shared library their role is an editor's.
    public func requireMayAddBooks() throws {
        try requireWritable()
        guard isShared else { return }
        if try engine.scalar("SELECT has_table_privilege('books', 'INSERT')") != .integer(1) {
            throw LibraryError.sharedLibraryDenied("permission denied for table books")
        }
    }

    /// Whether `error` means the shared library's server went away (a lost
    /// connection, a server restart): nothing more can be written in this run.
    public func isConnectionLost(_ error: Error) -> Bool {
        (error as? PostgresError)?.kind == .connectionLost
    }
}
