import BookLibrary
import Foundation
import PDF
import Store

/// Moves one extracted book from its spool file into the library, in a
/// single transaction: a kill at any moment leaves either the whole book or
/// none of it.
struct BookImporter {
    let database: Database

    enum Outcome {
        case added(Book)
        case alreadyPresent(Book)
        case failed(String)
    }

    /// Returns what happened and what poppler said about the file.
    func importBook(spoolPath: String, path: String, sha256: String, size: Int,
                    onPage: (Int) -> Void) throws -> (Outcome, diagnostics: [String])
    {
        guard let reader = SpoolReader(path: spoolPath) else { return (.failed("could not be read (no output)"), []) }
        guard case .document(let document)? = reader.next() else {
            return (.failed("could not be read (parser crashed)"), [])
        }
        return try database.inTransaction {
            if let existing = try Catalog(database: database).book(sha256: sha256) {
                return (.alreadyPresent(existing), [])
            }
            let metadata = document.metadata
            let chosen = MetadataChoice.choose(from: document.candidates(path: path))
            try database.execute("""
                INSERT INTO books (sha256, path, size, title, author, subject, keywords, creator, producer,
                                   created, modified, page_count, added_at, title_source, author_source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [sha256, path, size, chosen.title, chosen.author, metadata.subject, metadata.keywords,
                      metadata.creator, metadata.producer, metadata.created, metadata.modified,
                      document.pageCount, Date(), chosen.titleSource.rawValue, chosen.authorSource.rawValue])
            let bookID = database.lastInsertRowID

            let insertOutline = try database.prepare(
                "INSERT INTO outline (book_id, position, depth, title, page) VALUES (?, ?, ?, ?, ?)")
            for (position, entry) in document.outline.enumerated() {
                try insertOutline.run([bookID, position, entry.depth, entry.title, entry.page])
            }

            let insertPage = try database.prepare("INSERT INTO pages (book_id, page, label, text) VALUES (?, ?, ?, ?)")
            // The index waits for the last page: the book's language, which
            // its words are stemmed in, is told from its text.
            var indexed: [(rowID: Int64, text: String)] = []
            var pagesSeen = 0
            var annotations: [NewAnnotation] = []
            var end: EndRecord?
            while let record = reader.next() {
                switch record {
                case .page(let page):
                    try insertPage.run([bookID, page.page, page.label, StoredText.encode(page.text)])
                    indexed.append((database.lastInsertRowID, page.text))
                    annotations += page.annotations ?? []
                    pagesSeen += 1
                    onPage(pagesSeen)
                case .end(let record):
                    end = record
                case .document, .failure:
                    break
                }
            }
            guard let end, pagesSeen == document.pageCount else {
                throw ImportAbort.incomplete
            }
            try Annotations(database: database).replaceFromPDF(sha256: sha256, annotations)
            let language = PageIndex.language(declared: metadata.language, pages: indexed.map(\.text))
            try database.execute("UPDATE books SET language = ? WHERE id = ?", [language.rawValue, bookID])
            try PageIndex(database: database).add(indexed, language: language)
            try database.execute("""
                UPDATE books SET first_page_row = (SELECT min(id) FROM pages WHERE book_id = ?1),
                                 last_page_row = (SELECT max(id) FROM pages WHERE book_id = ?1)
                WHERE id = ?1
                """, [bookID])
            guard let book = try Catalog(database: database).book(id: Int(bookID)) else {
                throw ImportAbort.incomplete
            }
            return (.added(book), end.diagnostics)
        }
    }

    enum ImportAbort: Error { case incomplete }
}
