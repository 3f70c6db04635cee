import FileNames
import FoundationEssentials
import Glibc
import Store
// Search results carry its types (Snippet, BookLanguage), so importing the library brings them.
@_exported import TextSearch

/// Opens the store of a shared library at `url` (a `postgresql://` URL), with this machine's roots.
package typealias SharedStoreOpener = (_ url: String, _ location: LibraryLocation, _ roots: MachineRoots) throws -> any LibraryStore
/// Opens the store of a library in a folder of this machine, creating it on first use.
package typealias LocalStoreOpener = (_ location: LibraryLocation, _ onUpgrade: ((UpgradeProgress) -> Void)?) throws -> OpenedStore

/// The catalog of books and the entry point to every service. Owns the one
/// database connection of this process.
public final class Library {
    public let location: LibraryLocation
    /// What the library is kept in: an SQLite file, or a PostgreSQL server.
    let store: any LibraryStore
    /// The SQL both engines speak (the catalog, reading state, curation) is
    /// this module's, run through the store's engine; the rest is each store's.
    var engine: any SQLEngine { store.engine }
    /// Where this machine mounts a shared library's roots; nil for a local library.
    var sharedRoots: MachineRoots? { store.roots }
    /// The SQLite database of a local library, for the operations that do
    /// not work on a shared library yet: they fail with `notOnSharedLibrary`.
    package var database: Database {
        get throws { try localStore.database }
    }
    /// The store of a local library, for what a shared one cannot do yet.
    var localStore: any LocalLibraryStore {
        get throws {
            guard let local = store.local else { throw LibraryError.notOnSharedLibrary("this operation") }
            return local
        }
    }
    /// What this library's storage can do (see `LibraryCapabilities`).
    public var capabilities: LibraryCapabilities { store.capabilities }
    /// The library's folder or file cannot be written (a read-only mount, a
    /// `chmod -w` folder): it is open read-only, reading works, and every
    /// operation that writes fails with `LibraryError.readOnly`.
    public let isReadOnly: Bool
    /// What opening did that the person should hear of (a library made private).
    public private(set) var notices: [String] = []

    /// Opens the library, creating it on first use. A file that is not an
    /// ibook library, or one written by a newer ibook, is refused untouched.
    /// A library made by an older ibook is upgraded in place, reporting how
    /// far it has got to `onUpgrade`.
    ///
    /// Opening writes nothing unless something must be written (a new
    /// library, a pending migration): a library on a read-only medium (a
    /// mounted archive, a `chmod -w` folder, a backup) is opened read-only,
    /// and can be listed, read and searched.
    ///
    /// A folder's library is opened by `localStore` (`SQLiteStore.open`), a
    /// `postgresql://` one by `sharedStore` (`PostgresStore.open`), which the
    /// caller that links PostgreSQL support hands in: this module knows the
    /// stores only through `LibraryStore`.
    package init(location: LibraryLocation, localStore: LocalStoreOpener, sharedStore: SharedStoreOpener?,
                 onUpgrade: ((UpgradeProgress) -> Void)? = nil) throws {
        self.location = location
        if let url = location.sharedURL {
            guard let sharedStore else { throw LibraryError.notALibrary(location.directory, reason: "this program cannot open a shared library") }
            store = try sharedStore(url, location, try MachineRoots.load())
            isReadOnly = false
            return
        }
        let opened = try localStore(location, onUpgrade)
        store = opened.store
        isReadOnly = opened.isReadOnly
        notices = opened.notices
    }

    /// A database error in the library's own words, where it has them: a
    /// full disk or a read-only medium is about the library, not about SQL.
    public func describing(_ error: Error) -> Error {
        StorageFailure.libraryError(for: error, at: location)
    }

    /// Throws `LibraryError.readOnly` unless the library can be written:
    /// called first by every operation that writes.
    public func requireWritable() throws {
        if isReadOnly { throw LibraryError.readOnly(location.directory) }
    }

    /// The longer side, in pixels, of the cover thumbnail made when a book is added.
    public static let coverSize = 256

    /// Where the cache keeps a page's image. The hash comes from the
    /// library, which on a shared one anybody with a role may have written:
    /// only a real digest becomes part of a file name.
    public func thumbnailPath(sha256: String, page: Int, size: Int) throws -> String {
        guard SHA256.isHexDigest(sha256) else { throw LibraryError.invalidContentHash(sha256) }
        return "\(location.thumbnailDirectory)/\(sha256)-p\(page)-\(size).png"
    }

    /// On a shared library, brings the book's cover from the database into
    /// this machine's thumbnail cache (where a local library's add put it).
    public func fetchSharedCover(of book: Book) throws {
        try store.materialiseCover(of: book, at: try thumbnailPath(sha256: book.sha256, page: 1, size: Self.coverSize))
    }

    /// Verifies the database file with SQLite's own check.
    public func integrityCheck() throws -> [String] {
        try database.integrityCheck()
    }
}

// MARK: - Catalog operations

extension Library {
    public func list(sort: BookSort = .id) throws -> [Book] {
        try Catalog(database: engine).books(orderedBy: sort)
    }

    /// The book named by id, path or title; with no name, the open book.
    public func book(named name: String?) throws -> Book {
        if let name { return try Catalog(database: engine).resolve(name) }
        guard let book = try ReadingState(database: engine).openBook() else {
            if try engine.count("SELECT count(*) FROM books") == 0 { throw LibraryError.emptyLibrary }
            throw LibraryError.noOpenBook
        }
        return book
    }

    public func info(_ book: Book) throws -> BookInfo {
        let labels = try engine.query("SELECT page, label FROM pages WHERE book_id = ? ORDER BY page", [book.id])
        let hasRealLabels = try labels.contains { PageLabel.distinct($0.string("label"), page: try $0.required("page", Row.int)) != nil }
        let thumbnail = try? thumbnailPath(sha256: book.sha256, page: 1, size: Self.coverSize)
        if thumbnail != nil { try fetchSharedCover(of: book) }
        // OCR is done on a local library only: a shared one has no OCR rows.
        return BookInfo(
            book: book,
            outlineEntries: try Catalog(database: engine).outlineCount(bookID: book.id),
            labelledPages: hasRealLabels ? labels.map { $0.string("label") ?? "" } : nil,
            thumbnail: thumbnail.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil },
            isOpen: try ReadingState(database: engine).openBook()?.id == book.id,
            fileExists: FileName.exists(book.path),
            details: try details(book), tags: try tags(of: book), collections: try collections(of: book),
            stemming: try stemmingLanguage(of: book),
            ocr: try store.local.flatMap { try OCRPages(store: $0).summary(book) })
    }

    /// The language search stems the book's words in, and where it came from.
    public func stemmingLanguage(of book: Book) throws -> StemmingLanguage? {
        guard let row = try engine.queryRow("SELECT language, language_source FROM books WHERE id = ?", [book.id]),
              let code = row.string("language") else { return nil }
        // Stored as `pdf` for any book whose file declares its language (LanguageSource); for a
        // book that is not a PDF that was its package's metadata (an EPUB's dc:language), not a /Lang.
        let source = row.string("language_source")
        return StemmingLanguage(code: code, source: source == "pdf" && book.format != .pdf ? "metadata" : source)
    }

    @discardableResult
    public func open(_ name: String) throws -> Book {
        try requireWritable()
        let book = try Catalog(database: engine).resolve(name)
        try ReadingState(database: engine).setOpenBook(book)
        return book
    }

    @discardableResult
    public func remove(_ name: String) throws -> Book {
        try requireWritable()
        let catalog = Catalog(database: engine)
        let book = try catalog.resolve(name)
        try catalog.remove(book, removingIndexedText: store.removeIndexedText(ofBook:))
        return book
    }
}
