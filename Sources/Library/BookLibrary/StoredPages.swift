import Store

extension Library {
    /// Calls `body` with each page's stored text in page order, one page in
    /// memory at a time, without counting as reading the book.
    public func forEachPageText(of book: Book, _ body: (_ page: Int, _ text: String) throws -> Void) throws {
        try database.prepare("SELECT page, text FROM pages WHERE book_id = ? ORDER BY page").forEachRow([book.id]) { row in
            try body(try row.required("page", Row.int), StoredText.decode(row["text"]))
        }
    }

    /// A page's number and label from a reference (a number or a label).
    public func location(of reference: PageReference, in book: Book) throws -> PageLocation {
        try PageResolver(database: database).resolve(reference, in: book)
    }
}
