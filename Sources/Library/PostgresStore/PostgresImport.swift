import BookLibrary
import FoundationEssentials
import Glibc
import Postgres
import Store

/// Copies a shared library into a local one (`ibook migrate --from`):
/// books with their pages' text (stored and indexed as a local add does,
/// in the book's language), outline and cover, then the running role's own
/// bookmarks and history, and the curation (`CurationCopy`). Each book is
/// copied in one local transaction and books already here (same content
/// hash) are skipped, so an interrupted run resumes and a second run copies
/// nothing.
struct PostgresImport {
    let shared: PostgresConnection
    let library: Library

    func run(shownAs shown: String, progress: (_ done: Int, _ total: Int) -> Void) throws -> PostgresMigrationReport {
        let local = try library.database
        let books = try Catalog(database: shared).books(orderedBy: .id)
        var report = PostgresMigrationReport(library: shown, booksCopied: 0, booksAlreadyThere: 0, pagesCopied: 0,
                                           covers: 0, bookmarks: 0, historyEntries: 0)
        for (index, book) in books.enumerated() {
            guard SHA256.isHexDigest(book.sha256) else {
                report.booksRefused += 1
                progress(index + 1, books.count)
                continue
            }
            if try Catalog(database: local).book(sha256: book.sha256) != nil {
                report.booksAlreadyThere += 1
            } else {
                report.pagesCopied += try copy(book, into: local)
                report.booksCopied += 1
            }
            if try fetchCover(of: book) { report.covers += 1 }
            progress(index + 1, books.count)
        }
        try local.inTransaction {
            try copyBookmarks(into: local)
            try copyHistory(into: local)
            try CurationCopy(source: shared, target: local).run()
        }
        report.bookmarks = try local.count("SELECT count(*) FROM bookmarks")
        report.historyEntries = try local.count("SELECT count(*) FROM history")
        return report
    }

    /// The book as the shared library has it; returns its pages.
    private func copy(_ book: Book, into local: Database) throws -> Int {
        let copy = try BookCopy(book, from: shared)
        var new = copy.entry
        // Given as the declared language, so that the pages are indexed (stemmed) in the book's language.
        new.declared.catalogLanguage = copy.language.language.rawValue
        let pages = try shared.query("SELECT page, label, text FROM pages WHERE book_id = ? ORDER BY page", [book.id])
        return try local.inTransaction {
            guard case .added(let added) = try library.insert(new, pages: { add in
                for row in pages {
                    try add(NewPage(page: try row.required("page", Row.int), label: row.string("label"),
                                    text: try row.required("text", Row.string)))
                }
            }) else { return 0 }
            // When it was added to the library is when it was added to the shared one; its language came from where it did there.
            try local.execute("UPDATE books SET added_at = ?, language_source = ? WHERE id = ?",
                              [book.addedAt, copy.language.source.rawValue, added.id])
            return pages.count
        }
    }

    /// The cover into this machine's thumbnail cache, unless it is there already.
    private func fetchCover(of book: Book) throws -> Bool {
        let path = try library.thumbnailPath(sha256: book.sha256, page: 1, size: Library.coverSize)
        guard !FileManager.default.fileExists(atPath: path) else { return false }
        try PostgresCovers(database: shared).materialise(book, at: path)
        return FileManager.default.fileExists(atPath: path)
    }

    /// The running role's bookmarks; a bookmark already here keeps its note.
    private func copyBookmarks(into local: Database) throws {
        for row in try shared.query("""
            SELECT sha256, page, note, created_at, updated_at FROM bookmarks WHERE \(shared.dialect.ownRows())
            """) {
            try local.execute("""
                INSERT INTO bookmarks (sha256, page, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (sha256, page) DO NOTHING
                """, [row["sha256"], row["page"], row["note"], row["created_at"], row["updated_at"]])
        }
    }

    /// The later of the two positions in a book wins.
    private func copyHistory(into local: Database) throws {
        for row in try shared.query("SELECT sha256, page, read_at FROM history WHERE \(shared.dialect.ownRows())") {
            try local.execute("""
                INSERT INTO history (sha256, page, read_at) VALUES (?, ?, ?)
                ON CONFLICT (sha256) DO UPDATE SET page = excluded.page, read_at = excluded.read_at
                WHERE history.read_at < excluded.read_at
                """, [row["sha256"], row["page"], row["read_at"]])
        }
    }
}

extension Library {
    /// Copies the shared library at `url` into this (local) library; see `PostgresImport`.
    public func migrate(from url: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in })
        throws -> PostgresMigrationReport
    {
        try requireWritable()
        let shown = withoutPassword(url)
        // Books are copied with their files where this machine mounts their roots.
        let shared = try PostgresSchema.open(url, shownAs: shown, roots: try MachineRoots.load())
        return try PostgresImport(shared: shared, library: self).run(shownAs: shown, progress: progress)
    }
}
