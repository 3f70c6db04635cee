import Foundation
import Postgres
import Store

/// What `ibook migrate` copied: `--to` into a shared library, `--from` out of one.
public struct SharedMigrationReport: Codable, Sendable {
    public var library: String
    /// Books copied by this run, and books the shared library had already (by content hash).
    public var booksCopied: Int
    public var booksAlreadyThere: Int
    public var pagesCopied: Int
    public var covers: Int
    /// Bookmarks and history entries (the running role's own) now in the shared library.
    public var bookmarks: Int
    public var historyEntries: Int
}

/// Copies a local library into a shared one: books with their pages'
/// text, outline, page index (`SharedPageIndex`) and cover, then the bookmarks and history, which become
/// the rows of the role that runs it. Each book is copied in one
/// transaction and books already there (same content hash) are skipped,
/// so a run that was interrupted resumes where it stopped and a second run
/// copies nothing.
struct SharedMigration {
    let local: Database
    let shared: PostgresConnection
    let coverPath: (Book) -> String

    func run(shownAs shown: String, progress: (_ done: Int, _ total: Int) -> Void) throws -> SharedMigrationReport {
        let books = try Catalog(database: local).books(orderedBy: .id)
        var report = SharedMigrationReport(library: shown, booksCopied: 0, booksAlreadyThere: 0, pagesCopied: 0,
                                           covers: 0, bookmarks: 0, historyEntries: 0)
        for (index, book) in books.enumerated() {
            if try shared.count("SELECT count(*) FROM books WHERE sha256 = ?", [book.sha256]) > 0 {
                report.booksAlreadyThere += 1
            } else {
                let (pages, cover) = try copy(book)
                report.booksCopied += 1
                report.pagesCopied += pages
                report.covers += cover ? 1 : 0
            }
            progress(index + 1, books.count)
        }
        try shared.transaction {
            try copyBookmarks()
            try copyHistory()
            try copyCuration()
        }
        report.bookmarks = try shared.count("SELECT count(*) FROM bookmarks WHERE owner = current_user")
        report.historyEntries = try shared.count("SELECT count(*) FROM history WHERE owner = current_user")
        return report
    }

    private func copy(_ book: Book) throws -> (pages: Int, cover: Bool) {
        let language = try local.queryRow("SELECT language, language_source FROM books WHERE id = ?", [book.id])
        return try shared.transaction {
            guard let id = try shared.queryRow("""
                INSERT INTO books (sha256, path, size, title, author, subject, keywords, creator, producer,
                    created, modified, page_count, added_at, language, language_source, title_source, author_source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """, [book.sha256, book.path, book.size, book.title, book.author, book.subject, book.keywords,
                      book.creator, book.producer, book.created, book.modified, book.pageCount, book.addedAt,
                      language?["language"] ?? .text(BookLanguage.fallback.rawValue),
                      language?["language_source"] ?? .text(LanguageSource.fallback.rawValue), book.titleSource.rawValue, book.authorSource.rawValue])?.int("id")
            else { throw LibraryError.invalidArgument("the server gave no id for \(book.title)") }
            var pages = 0
            for row in try local.query("SELECT page, label, text FROM pages WHERE book_id = ? ORDER BY page", [book.id]) {
                let page = row.int("page") ?? 0
                let text: String
                do {
                    text = try StoredText.decode(row["text"])
                } catch let error as StoredTextError {
                    throw LibraryError.damagedPageText(book: "#\(book.id) \(book.title)", page: page, reason: error.reason)
                }
                // PostgreSQL text cannot hold NUL, which a PDF's text layer sometimes has; it means nothing to a reader.
                try shared.execute("INSERT INTO pages (book_id, page, label, text) VALUES (?, ?, ?, ?)",
                                   [id, page, row.string("label"), text.replacingOccurrences(of: "\u{0}", with: "")])
                pages += 1
            }
            for row in try local.query("SELECT position, depth, title, page FROM outline WHERE book_id = ? ORDER BY position",
                                       [book.id]) {
                try shared.execute("INSERT INTO outline (book_id, position, depth, title, page) VALUES (?, ?, ?, ?, ?)",
                                   [id, row["position"], row["depth"],
                                    (row.string("title") ?? "").replacingOccurrences(of: "\u{0}", with: ""), row["page"]])
            }
            let stemmedIn = language?.string("language").flatMap(BookLanguage.init(rawValue:)) ?? .fallback
            try SharedPageIndex(connection: shared).index(bookID: id, language: stemmedIn)
            var hasCover = false
            if let png = FileManager.default.contents(atPath: coverPath(book)) {
                try shared.execute("INSERT INTO covers (sha256, size, png) VALUES (?, ?, ?)",
                                   [book.sha256, Library.coverSize, [UInt8](png)])
                hasCover = true
            }
            return (pages, hasCover)
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
    /// Copies this (local) library into the shared library at `url`; see `SharedMigration`.
    public func migrate(to url: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in })
        throws -> SharedMigrationReport
    {
        let shown = withoutPassword(url)
        let shared = try SharedSchema.open(url, shownAs: shown)
        return try SharedMigration(local: try database, shared: shared) { book in
            self.thumbnailPath(sha256: book.sha256, page: 1, size: Self.coverSize)
        }.run(shownAs: shown, progress: progress)
    }
}
