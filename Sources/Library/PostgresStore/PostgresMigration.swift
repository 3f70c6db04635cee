import BookLibrary
import FoundationEssentials
import Glibc
import Postgres
import Store

/// What `ibook migrate` copied: `--to` into a shared library, `--from` out of one.
public struct PostgresMigrationReport: Codable, Sendable {
    public var library: String
    /// Books copied by this run, and books the shared library had already (by content hash).
    public var booksCopied: Int
    public var booksAlreadyThere: Int
    public var pagesCopied: Int
    public var covers: Int
    /// Bookmarks and history entries (the running role's own) now in the shared library.
    public var bookmarks: Int
    public var historyEntries: Int
    /// Books left out because their content hash is not a SHA-256 digest
    /// (a row written by hand): it would name a file in the cache.
    public var booksRefused = 0
}

/// Copies a local library into a shared one: books with their pages'
/// text, outline, page index (`PostgresPageIndex`) and cover, then the bookmarks and history, which become
/// the rows of the role that runs it. Each book is copied in one
/// transaction and books already there (same content hash) are skipped,
/// so a run that was interrupted resumes where it stopped and a second run
/// copies nothing.
struct PostgresMigration {
    let local: Database
    let shared: PostgresConnection
    /// Files under this machine's roots are stored relative to them.
    let roots: MachineRoots
    let coverPath: (Book) throws -> String

    private var writer: PostgresBookWriter { PostgresBookWriter(database: shared, roots: roots) }

    func run(shownAs shown: String, progress: (_ done: Int, _ total: Int) -> Void) throws -> PostgresMigrationReport {
        let books = try Catalog(database: local).books(orderedBy: .id)
        var report = PostgresMigrationReport(library: shown, booksCopied: 0, booksAlreadyThere: 0, pagesCopied: 0,
                                           covers: 0, bookmarks: 0, historyEntries: 0)
        for (index, book) in books.enumerated() {
            if !SHA256.isHexDigest(book.sha256) {
                report.booksRefused += 1
            } else if try shared.count("SELECT count(*) FROM books WHERE sha256 = ?", [book.sha256]) > 0 {
                report.booksAlreadyThere += 1
            } else if let (pages, cover) = try copy(book) {
                report.booksCopied += 1
                report.pagesCopied += pages
                report.covers += cover ? 1 : 0
            } else {
                report.booksAlreadyThere += 1
            }
            progress(index + 1, books.count)
        }
        try shared.transaction {
            try copyBookmarks()
            try copyHistory()
            try copyCuration()
        }
        report.bookmarks = try shared.count("SELECT count(*) FROM bookmarks WHERE \(shared.dialect.ownRows())")
        report.historyEntries = try shared.count("SELECT count(*) FROM history WHERE \(shared.dialect.ownRows())")
        return report
    }

    /// Nil when another client added the same content meanwhile.
    private func copy(_ book: Book) throws -> (pages: Int, cover: Bool)? {
        let copy = try BookCopy(book, from: local)
        let cover = FileManager.default.contents(atPath: try coverPath(book)).map { [UInt8]($0) }
        let outcome = try writer.write(copy.entry, addedAt: book.addedAt, language: copy.language, cover: cover) { add in
            for row in try local.query("SELECT page, label, text FROM pages WHERE book_id = ? ORDER BY page", [book.id]) {
                let page = try row.required("page", Row.int)
                do {
                    try add(NewPage(page: page, label: row.string("label"), text: try StoredText.decode(row["text"])))
                } catch let error as StoredTextError {
                    throw LibraryError.damagedPageText(book: "#\(book.id) \(book.title)", page: page, reason: error.reason)
                }
            }
        }
        switch outcome {
        case .added(_, let pages, let cover): return (pages, cover)
        case .alreadyPresent: return nil
        }
    }

    /// A bookmark already in the shared library keeps its note there.
    private func copyBookmarks() throws {
        for row in try local.query("""
            SELECT k.sha256, k.page, k.note, k.created_at, k.updated_at FROM bookmarks k
            JOIN books b ON b.sha256 = k.sha256
            """) {
            try shared.execute("""
                INSERT INTO bookmarks (sha256, page, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (owner, sha256, page) DO NOTHING
                """, [row["sha256"], row["page"], row["note"], row["created_at"], row["updated_at"]])
        }
    }

    /// Edited fields, tags, collections and saved searches; see `CurationCopy`.
    private func copyCuration() throws {
        try CurationCopy(source: local, target: shared).run()
    }

    /// The later of the two positions in a book wins.
    private func copyHistory() throws {
        for row in try local.query("SELECT h.sha256, h.page, h.read_at FROM history h JOIN books b ON b.sha256 = h.sha256") {
            try shared.execute("""
                INSERT INTO history (sha256, page, read_at) VALUES (?, ?, ?)
                ON CONFLICT (owner, sha256) DO UPDATE SET page = excluded.page, read_at = excluded.read_at
                WHERE history.read_at < excluded.read_at
                """, [row["sha256"], row["page"], row["read_at"]])
        }
    }
}

extension Library {
    /// Copies this (local) library into the shared library at `url`; see `PostgresMigration`.
    public func migrate(to url: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in })
        throws -> PostgresMigrationReport
    {
        let shown = withoutPassword(url)
        let roots = try MachineRoots.load()
        let shared = try PostgresSchema.open(url, shownAs: shown, roots: roots)
        return try PostgresMigration(local: try database, shared: shared, roots: roots) { book in
            try self.thumbnailPath(sha256: book.sha256, page: 1, size: Self.coverSize)
        }.run(shownAs: shown, progress: progress)
    }
}
