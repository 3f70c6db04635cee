import FoundationEssentials
import Store

/// The books whose pages without text wait for OCR, oldest first: a local
/// library's table (`ocr_queue`); the reading itself is BookIndexing's.
extension Library {
    public func queueForOCR(_ books: [Book]) throws {
        try database.inTransaction {
            for book in books {
                try database.execute("INSERT OR IGNORE INTO ocr_queue (book_id, queued_at) VALUES (?, ?)",
                                     [book.id, Date().timeIntervalSince1970])
            }
        }
    }

    public func booksQueuedForOCR() throws -> [Book] {
        try database.query("SELECT book_id FROM ocr_queue ORDER BY queued_at, book_id").compactMap { row in
            try row.int("book_id").flatMap { try book(id: $0) }
        }
    }

    public func isQueuedForOCR(_ book: Book) throws -> Bool {
        try database.scalar("SELECT 1 FROM ocr_queue WHERE book_id = ?", [book.id]) != nil
    }

    /// Once OCR has tried each of their pages: a page it could not read is
    /// left to `ibook ocr BOOK`, not tried again by every run.
    public func removeFromOCRQueue(_ books: [Book]) throws {
        try database.inTransaction {
            for book in books { try database.execute("DELETE FROM ocr_queue WHERE book_id = ?", [book.id]) }
        }
    }
}
