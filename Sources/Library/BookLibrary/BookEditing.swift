import FoundationEssentials
import Glibc
import LeanBasics
import Store
import TextSearch

extension Library {
    /// Applies an edit in one transaction; the title and author it sets are
    /// marked `edited`, so that `refresh` keeps them. A language a stemmer
    /// knows re-indexes the book's pages in it, so that its words find
    /// their inflections in that language from then on.
    @discardableResult
    public func edit(_ book: Book, _ edit: BookEdit) throws -> Book {
        guard !edit.isEmpty else { throw CurationError.nothingToEdit }
        let values = try edit.fieldValues()
        return try engine.transaction {
            for (field, value) in values {
                if let value {
                    try engine.execute("""
                        INSERT INTO book_fields (book_id, field, value) VALUES (?, ?, ?)
                        ON CONFLICT (book_id, field) DO UPDATE SET value = excluded.value
                        """, [book.id, field.rawValue, value])
                } else {
                    try engine.execute("DELETE FROM book_fields WHERE book_id = ? AND field = ?", [book.id, field.rawValue])
                }
            }
            // Subject and keywords live beside what the PDF says; the edited values win.
            for (field, value) in values where field == .subject || field == .keywords {
                try engine.execute("UPDATE books SET \(field.rawValue) = ? WHERE id = ?", [value, book.id])
            }
            if let title = values.first(where: { $0.0 == .title })?.1 {
                try engine.execute("UPDATE books SET title = ?, title_source = 'edited' WHERE id = ?", [title, book.id])
            }
            if let authors = values.first(where: { $0.0 == .authors }) {
                let names = authors.1.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
                if names.isEmpty {
                    // Cleared: the next refresh derives it again.
                    try engine.execute("UPDATE books SET author = ?, author_source = 'none' WHERE id = ?",
                                         [MetadataChoice.unknownAuthor, book.id])
                } else {
                    try engine.execute("UPDATE books SET author = ?, author_source = 'edited' WHERE id = ?",
                                         [names.joined(separator: ", "), book.id])
                }
            }
            // Both indexes are stemmed in the book's language: a language a stemmer knows re-indexes the book.
            if let tag = values.first(where: { $0.0 == .language })?.1, let language = BookLanguage(tag: tag) {
                try store.reindex(bookID: book.id, language: language)
                try engine.execute("UPDATE books SET language_source = ? WHERE id = ?",
                                   [LanguageSource.edited.rawValue, book.id])
            }
            return try Catalog(database: engine).book(id: book.id) ?? book
        }
    }

    /// What `ibook edit` stored about the book.
    public func details(_ book: Book) throws -> BookDetails {
        try details(bookIDs: [book.id])[book.id] ?? BookDetails()
    }

    /// Details of many books at once, for listings.
    func details(bookIDs: [Int]?) throws -> [Int: BookDetails] {
        var fields: [Int: [String: String]] = [:]
        let rows = bookIDs?.count == 1
            ? try engine.query("SELECT book_id, field, value FROM book_fields WHERE book_id = ?", [bookIDs![0]])
            : try engine.query("SELECT book_id, field, value FROM book_fields", [])
        let wanted = bookIDs.map(Set.init)
        for row in rows {
            guard let id = row.int("book_id"), wanted?.contains(id) ?? true else { continue }
            // Written by `edit` without controls, but a shared library's rows may be written by hand.
            fields[id, default: [:]][try row.required("field", Row.string)] = row.string("value").map(TerminalText.lines)
        }
        return fields.mapValues(BookDetails.init(fields:))
    }
}
