import Documents
import FoundationEssentials
import Glibc
import LeanBasics
import Store
import TextSearch

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
    /// What the file says of itself: subject, keywords, creator, producer and dates are
    /// kept as declared, the languages decide the stemming one (`LanguageChoice`).
    package var declared = DeclaredMetadata()
    package var pageCount: Int
    package var outline: [OutlineItem]
    package var format: BookFormat = .pdf
    /// What an EPUB or FB2 declares beyond title and authors (publisher,
    /// series, ISBN, description), kept as the book's details.
    package var declaredDetails: [BookDetails.Field: String] = [:]

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
        book.declared = declared.mapText(TerminalText.line)
        book.outline = outline.map { OutlineItem(depth: $0.depth, title: TerminalText.line($0.title), page: $0.page) }
        book.declaredDetails = declaredDetails.mapValues(TerminalText.line)
        return book
    }
}

extension NewBook {
    /// The book's declared details, in the book's own transaction.
    package func writeDeclaredDetails(bookID: Int64, to engine: SQLEngine) throws {
        for (field, value) in declaredDetails.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !value.isEmpty {
            try engine.execute("INSERT INTO book_fields (book_id, field, value) VALUES (?, ?, ?)",
                               [Int(bookID), field.rawValue, value])
        }
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


extension Library {
    /// See `Catalog.insert` (and `PostgresBookWriter` on a shared library): the one way books enter the library.
    package func insert(_ book: NewBook, pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> CatalogInsertion {
        try requireWritable()
        do {
            let cover = FileManager.default.contents(atPath: try thumbnailPath(sha256: book.sha256, page: 1, size: Self.coverSize))
            return try store.insert(book, cover: cover.map { [UInt8]($0) }, pages: pages)
        } catch {
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
        try Catalog(database: engine).setPath(path, of: book, roots: sharedRoots)
    }

    /// Makes a book the open one.
    package func setOpenBook(_ book: Book) throws {
        try ReadingState(database: engine).setOpenBook(book)
    }

    /// Throws unless this person may add books: the library can be
    /// written, and on a shared library their role is an editor's.
    public func requireMayAddBooks() throws {
        try requireWritable()
        try store.requireMayAddBooks()
    }

    /// Whether `error` means the shared library's server went away (a lost
    /// connection, a server restart): nothing more can be written in this run.
    public func isConnectionLost(_ error: Error) -> Bool {
        (error as? any StoreFailure)?.isConnectionLost == true
    }
}
