/// What `edit --write` puts into a PDF's Info dictionary and XMP packet.
public struct EmbeddedMetadata: Equatable, Sendable {
    public var title: String
    public var authors: [String]
    public var subject: String?
    public var keywords: String?

    public init(title: String, authors: [String], subject: String?, keywords: String?) {
        self.title = title
        self.authors = authors
        self.subject = subject
        self.keywords = keywords
    }
}

extension Library {
    /// The values `edit --write` puts into the book's PDF: what the library
    /// shows for it now.
    public func embeddedMetadata(_ book: Book) throws -> EmbeddedMetadata {
        let details = try details(book)
        let authors = details.authors
            ?? (book.authorSource == .none ? [] : [book.author])
        return EmbeddedMetadata(title: book.title, authors: authors, subject: book.subject, keywords: book.keywords)
    }
}
