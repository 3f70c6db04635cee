import Documents
import Store
import TextSearch

/// A book as one library holds it, made ready to go into another (`migrate
/// --to`, `migrate --from`): its catalog fields, its outline, and the
/// language it was stemmed in there and where that came from.
package struct BookCopy {
    package var entry: NewBook
    package var language: LanguageChoice

    /// Reads `book`'s outline and language from `source`, the library it is copied from.
    package init(_ book: Book, from source: any SQLEngine) throws {
        entry = NewBook(sha256: book.sha256, path: book.path, size: book.size,
                        choice: MetadataChoice(title: book.title, titleSource: book.titleSource,
                                               author: book.author, authorSource: book.authorSource),
                        pageCount: book.pageCount)
        entry.declared = DeclaredMetadata(subject: book.subject, keywords: book.keywords, creator: book.creator,
                                          producer: book.producer, created: book.created, modified: book.modified)
        entry.format = book.format
        entry.outline = try source.query("SELECT depth, title, page FROM outline WHERE book_id = ? ORDER BY position",
                                         [book.id]).map { row in
            NewBook.OutlineItem(depth: try row.required("depth", Row.int), title: try row.required("title", Row.string),
                                page: row.int("page"))
        }
        let row = try source.queryRow("SELECT language, language_source FROM books WHERE id = ?", [book.id])
        language = LanguageChoice(
            language: row?.string("language").flatMap(BookLanguage.init(rawValue:)) ?? .fallback,
            source: row?.string("language_source").flatMap(LanguageSource.init(rawValue:)) ?? .fallback)
    }
}
