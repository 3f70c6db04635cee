extension Library {
    /// A book's outline as `tableOfContents` gives it, without counting as reading the book:
    /// for a server, whose GETs change nothing.
    public func outline(of book: Book) throws -> [TOCEntry] {
        try TableOfContents(database: engine).flat(book, maxDepth: nil)
    }
}
