import BookLibrary
import FoundationEssentials
import Glibc
import LeanBasics
import Postgres
import Store
import TextSearch

/// Writes books into a shared library, for `add` and `migrate --to` alike.
/// Each book goes in ONE transaction — its row, every page's text, its
/// outline, its search index (`PostgresPageIndex`) and its cover PNG — so a lost connection or a server restart
/// leaves the whole book or none of it, and the next run adds what is missing.
///
/// Two clients adding the same content at once give one book: the row is
/// inserted `ON CONFLICT (sha256) DO NOTHING`, which waits for the other
/// client's transaction and then finds its book; a unique violation
/// (SQLSTATE 23505) that gets past it means the same.
struct PostgresBookWriter {
    let database: PostgresConnection
    /// Where the files are stored relative to (see `MachineRoots.stored`).
    let roots: MachineRoots

    enum Outcome: Equatable {
        case added(id: Int, pages: Int, cover: Bool)
        /// A book with this content is in the library already (perhaps just added by another client).
        case alreadyPresent
    }

    /// Pages go to the server this many at a time, in one statement.
    private static let pagesPerStatement = 64

    /// Writes `book` with the pages `pages` hands to its `add`. `language`
    /// is the book's language when already known (a copied book); nil to
    /// choose it from the PDF's declarations and the pages' text, as a local add does.
    func write(_ book: NewBook, addedAt: Date, language: LanguageChoice?, cover: [UInt8]?,
               pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> Outcome
    {
        do {
            // The book's one transaction: everything of it is written inside it.
            return try database.transaction {
                try writeBook(book, addedAt: addedAt, language: language, cover: cover, pages: pages)
            }
        } catch let error as PostgresError where error.sqlState == "23505" {
            return .alreadyPresent
        }
    }

    private func writeBook(_ book: NewBook, addedAt: Date, language: LanguageChoice?, cover: [UInt8]?,
                           pages: (_ add: (NewPage) throws -> Void) throws -> Void) throws -> Outcome
    {
        var book = book.printable
        book.declared = book.declared.mapText(Self.clean)
        let file = roots.stored(book.path)
        guard let id = try database.queryRow("""
            INSERT INTO books (sha256, root, path, size, title, author, subject, keywords, creator, producer,
                created, modified, page_count, added_at, language, language_source, title_source, author_source, format)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (sha256) DO NOTHING RETURNING id
            """, [book.sha256, file.root, file.path, book.size, Self.clean(book.choice.title), Self.clean(book.choice.author),
                  book.declared.subject, book.declared.keywords, book.declared.creator, book.declared.producer,
                  book.declared.created, book.declared.modified, book.pageCount, addedAt,
                  (language?.language ?? .fallback).rawValue, (language?.source ?? .fallback).rawValue,
                  book.choice.titleSource.rawValue,
                  book.choice.authorSource.rawValue, book.format.rawValue])?.int("id")
        else { return .alreadyPresent }
        try book.writeDeclaredDetails(bookID: Int64(id), to: database)
        for (position, entry) in book.outline.enumerated() {
            try database.execute("INSERT INTO outline (book_id, position, depth, title, page) VALUES (?, ?, ?, ?, ?)",
                                 [id, position, entry.depth, Self.clean(entry.title), entry.page])
        }
        var waiting: [NewPage] = []
        var texts: [String] = []
        var pageCount = 0
        func flush() throws {
            guard !waiting.isEmpty else { return }
            let rows = Array(repeating: "(?, ?, ?, ?)", count: waiting.count).joined(separator: ", ")
            try database.execute("INSERT INTO pages (book_id, page, label, text) VALUES \(rows)",
                                 waiting.flatMap { [id, $0.page, $0.label.map(Self.clean), Self.clean($0.text)] as [SQLBindable] })
            waiting.removeAll(keepingCapacity: true)
        }
        try pages { page in
            waiting.append(page)
            if language == nil { texts.append(page.text) }
            pageCount += 1
            if waiting.count == Self.pagesPerStatement { try flush() }
        }
        try flush()
        var stemmedIn = language?.language ?? .fallback
        if language == nil {
            let choice = LanguageChoice(catalog: book.declared.catalogLanguage, xmp: book.declared.language, pages: texts)
            try database.execute("UPDATE books SET language = ?, language_source = ? WHERE id = ?",
                                 [choice.language.rawValue, choice.source.rawValue, id])
            stemmedIn = choice.language
        }
        try PostgresPageIndex(connection: database).index(bookID: id, language: stemmedIn)
        if let cover {
            try database.execute("INSERT INTO covers (sha256, size, png) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING",
                                 [book.sha256, Library.coverSize, cover])
        }
        return .added(id: id, pages: pageCount, cover: cover != nil)
    }

    /// PostgreSQL text cannot hold NUL, which a PDF's text layer sometimes has; it means nothing to a reader.
    private static func clean(_ text: String) -> String {
        text.contains("\u{0}") ? text.replacingEvery("\u{0}", with: "") : text
    }
}
