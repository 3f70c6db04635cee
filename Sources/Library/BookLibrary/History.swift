import FoundationEssentials
import Glibc
import Store

/// One line of `ibook history`.
public struct HistoryEntry: Codable, Sendable {
    public var book: Book
    public var page: Int
    public var label: String?
    public var readAt: Date
}

/// What was read and where the reader stopped, per book content (hash), so
/// it survives the file moving or being re-added.
package struct History {
    let database: any SQLEngine

    package init(database: any SQLEngine) { self.database = database }

    /// Records reading `page`; with no page, keeps the last position.
    /// A read-only library is read all the same: nothing is recorded.
    package func record(_ book: Book, page: Int?) throws {
        guard !database.isReadOnly else { return }
        do {
            try write(book, page: page)
        } catch let error as DatabaseError where error.isDiskFull {
            // On a full disk the library is read all the same; the position is not kept.
        }
    }

    private func write(_ book: Book, page: Int?) throws {
        let now = Date()
        if let page {
            try database.execute("""
                INSERT INTO history (sha256, page, read_at) VALUES (?, ?, ?)
                ON CONFLICT(\(database.dialect.ownKey("sha256"))) DO UPDATE SET page = excluded.page, read_at = excluded.read_at
                """, [book.sha256, page, now])
        } else {
            try database.execute("""
                INSERT INTO history (sha256, page, read_at) VALUES (?, 1, ?)
                ON CONFLICT(\(database.dialect.ownKey("sha256"))) DO UPDATE SET read_at = excluded.read_at
                """, [book.sha256, now])
        }
    }

    func lastPage(of book: Book) throws -> Int? {
        try database.queryRow("SELECT page FROM history WHERE sha256 = ? AND \(database.dialect.ownRows())", [book.sha256])?
            .int("page")
    }

    func entries(limit: Int?) throws -> [HistoryEntry] {
        let rows = try database.query("""
            SELECT h.page AS history_page, h.read_at, p.label AS history_label, \(Book.columns(database.dialect, table: "b"))
            FROM history h JOIN books b ON b.sha256 = h.sha256
            LEFT JOIN pages p ON p.book_id = b.id AND p.page = h.page
            WHERE \(database.dialect.ownRows("h"))
            ORDER BY h.read_at DESC\(limit == nil ? "" : " LIMIT ?")
            """, limit.map { [$0] } ?? [])
        return try rows.map { row in
            HistoryEntry(book: try Book(row: row), page: try row.required("history_page", Row.int),
                         label: row.string("history_label"), readAt: try row.required("read_at", Row.date))
        }
    }

    func clear() throws -> Int {
        try database.execute("DELETE FROM history WHERE \(database.dialect.ownRows())", [])
        return database.changes
    }
}

extension Library {
    public func history(limit: Int? = nil) throws -> [HistoryEntry] {
        try History(database: engine).entries(limit: limit)
    }

    @discardableResult
    public func clearHistory() throws -> Int {
        try requireWritable()
        return try History(database: engine).clear()
    }
}
