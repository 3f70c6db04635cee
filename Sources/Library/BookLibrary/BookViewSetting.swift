import FoundationEssentials
import Store

/// How the reader last laid a book out (one page, continuous, two pages;
/// the fit), kept in the `state` table beside the open book: per person on
/// a shared library, and by content hash, so a copy moved or added again
/// opens as it was read. The reader owns the value's words; the library
/// only bounds its size.
package struct BookViewSetting {
    package let database: any SQLEngine

    package init(database: any SQLEngine) { self.database = database }

    /// A value longer than this was not written by the reader, and is not kept.
    static let longest = 64

    static func key(_ book: Book) -> String { "view:" + book.sha256 }

    package func value(for book: Book) throws -> String? {
        guard let value = try database.queryRow(
            "SELECT value FROM state WHERE key = ? AND \(database.dialect.ownRows())", [Self.key(book)])?
            .string("value"), value.utf8.count <= Self.longest else { return nil }
        return value
    }

    package func set(_ value: String, for book: Book) throws {
        guard value.utf8.count <= Self.longest else { throw LibraryError.invalidArgument("a view setting is at most \(Self.longest) bytes") }
        try database.execute("""
            INSERT INTO state (key, value) VALUES (?, ?)
            ON CONFLICT (\(database.dialect.ownKey("key"))) DO UPDATE SET value = excluded.value
            """, [Self.key(book), value])
    }
}

extension Library {
    /// How the reader last laid `book` out, as it wrote it; nil when never.
    public func viewSetting(of book: Book) throws -> String? {
        try BookViewSetting(database: engine).value(for: book)
    }

    /// Keeps how the reader lays `book` out, for its next opening.
    public func setViewSetting(_ value: String, of book: Book) throws {
        try BookViewSetting(database: engine).set(value, for: book)
    }
}
