import Documents
import FoundationEssentials
import Glibc
import TextSearch

/// What reading a book's file again says about it.
public struct DerivedMetadata: Sendable {
    public var candidates: MetadataCandidates
    public var declared: DeclaredMetadata

    public init(candidates: MetadataCandidates, declared: DeclaredMetadata) {
        self.candidates = candidates
        self.declared = declared
    }
}

/// One book's title and author before and after `refresh`.
public struct RefreshResult: Codable, Sendable {
    public var path: String
    public var book: Book?
    public var previousTitle: String?
    public var previousAuthor: String?
    public var changed: Bool
    /// The stemming language before and after, when the file now declares another one.
    public var previousStemming: StemmingLanguage?
    public var stemming: StemmingLanguage?
    /// With the text read again: how many pages' stored text changed.
    public var pagesWithNewText: Int?
    /// Why the text was not read again, when it was asked for.
    public var textNotRead: String?
    public var reason: String?

    public init(path: String, book: Book? = nil, previousTitle: String? = nil, previousAuthor: String? = nil,
                changed: Bool = false, previousStemming: StemmingLanguage? = nil, stemming: StemmingLanguage? = nil,
                pagesWithNewText: Int? = nil, textNotRead: String? = nil, reason: String? = nil) {
        self.pagesWithNewText = pagesWithNewText
        self.textNotRead = textNotRead
        self.previousStemming = previousStemming
        self.stemming = stemming
        self.path = path
        self.book = book
        self.previousTitle = previousTitle
        self.previousAuthor = previousAuthor
        self.changed = changed
        self.reason = reason
    }
}

extension Library {
    /// Stores what was derived again from a book's file; a title or author a
    /// person edited stays as it is. Bookmarks, history, tags stay too.
    @discardableResult
    public func applyDerived(_ derived: DerivedMetadata, to book: Book) throws -> Book {
        let choice = MetadataChoice.choose(from: derived.candidates)
        return try database.inTransaction {
            var title = choice.title, titleSource = choice.titleSource.rawValue
            var author = choice.author, authorSource = choice.authorSource.rawValue
            let current = try Catalog(database: database).book(id: book.id) ?? book
            if current.titleSource == .edited { (title, titleSource) = (current.title, MetadataSource.edited.rawValue) }
            if current.authorSource == .edited { (author, authorSource) = (current.author, MetadataSource.edited.rawValue) }
            let edited = try database.query("SELECT field, value FROM book_fields WHERE book_id = ? AND field IN ('subject', 'keywords')", [book.id])
            let editedSubject = edited.first { $0.string("field") == "subject" }?.string("value")
            let editedKeywords = edited.first { $0.string("field") == "keywords" }?.string("value")
            try database.execute("""
                UPDATE books SET title = ?, title_source = ?, author = ?, author_source = ?, subject = ?, keywords = ?,
                                 creator = ?, producer = ?, created = ?, modified = ?
                WHERE id = ?
                """, [title, titleSource, author, authorSource, editedSubject ?? derived.declared.subject,
                      editedKeywords ?? derived.declared.keywords, derived.declared.creator, derived.declared.producer,
                      derived.declared.created, derived.declared.modified, book.id])
            try settleLanguage(of: book, declaredIn: derived)
            return try Catalog(database: database).book(id: book.id) ?? current
        }
    }

    /// The file's declared language, read again, decides the stemming
    /// language as at `add` (and the book is re-indexed if it changes); a
    /// language set with `edit --language` stays, and a book that declares
    /// nothing keeps what was told from its text.
    private func settleLanguage(of book: Book, declaredIn derived: DerivedMetadata) throws {
        guard let current = try stemmingLanguage(of: book),
              let source = current.source.flatMap(LanguageSource.init(rawValue:)), source != .edited else { return }
        var choice: LanguageChoice?
        if let tag = derived.declared.catalogLanguage, let language = BookLanguage(tag: tag) {
            choice = LanguageChoice(language: language, source: .pdf)
        } else if let tag = derived.declared.language, let language = BookLanguage(tag: tag) {
            choice = LanguageChoice(language: language, source: .xmp)
        } else if source == .pdf || source == .xmp {
            // The declaration is gone from the file: as at `add`, the text decides.
            choice = try languageToldFromText(bookID: book.id).map { LanguageChoice(language: $0, source: .detected) }
                ?? LanguageChoice(language: .fallback, source: .fallback)
        }
        guard let choice, choice.language.rawValue != current.code || choice.source != source else { return }
        try store.reindex(bookID: book.id, language: choice.language)
        try database.execute("UPDATE books SET language_source = ? WHERE id = ?", [choice.source.rawValue, book.id])
    }

    /// Every book, for a refresh of the whole library.
    public func allBooks() throws -> [Book] {
        try Catalog(database: database).books(orderedBy: .id)
    }
}
