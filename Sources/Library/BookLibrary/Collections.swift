import FoundationEssentials
import Glibc
import LeanBasics
import Store

/// A named, ordered list of books: a reading list, a course.
public struct BookCollection: Codable, Equatable, Sendable {
    public var id: Int
    public var name: String
    public var createdAt: Date
    public var bookCount: Int
}

extension Library {
    @discardableResult
    public func createCollection(_ rawName: String) throws -> BookCollection {
        let name = rawName.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard name.contains(where: { $0.isLetter || $0.isNumber }) else { throw CurationError.invalidCollectionName(rawName) }
        return try engine.transaction {
            if try collectionRow(name) != nil { throw CurationError.collectionExists(name) }
            try engine.execute("INSERT INTO collections (name, created_at) VALUES (?, ?)", [name, Date()])
            return try collection(named: name)
        }
    }

    public func collections() throws -> [BookCollection] {
        try engine.query("""
            SELECT id, name, created_at, (SELECT count(*) FROM collection_books WHERE collection_id = id) AS books
            FROM collections ORDER BY \(engine.dialect.caseless("name"))
            """, []).map(Self.collection(row:))
    }

    public func collection(named name: String) throws -> BookCollection {
        guard let row = try collectionRow(name) else { throw CurationError.collectionNotFound(name) }
        return try Self.collection(row: row)
    }

    /// Appends books to the collection (or inserts them before 1-based
    /// `position`); a book already in it moves to the new place.
    public func addToCollection(_ name: String, _ books: [Book], at position: Int? = nil) throws {
        try engine.transaction {
            let collection = try collection(named: name)
            var order = try bookIDs(in: collection).filter { id in !books.contains { $0.id == id } }
            let index = position.map { min(max(0, $0 - 1), order.count) } ?? order.count
            order.insert(contentsOf: books.map(\.id).uniqued(), at: index)
            try store(order, in: collection)
        }
    }

    public func removeFromCollection(_ name: String, _ books: [Book]) throws {
        try engine.transaction {
            let collection = try collection(named: name)
            let order = try bookIDs(in: collection)
            let removing = Set(books.map(\.id))
            for book in books where !order.contains(book.id) {
                throw CurationError.invalidValue(name, "#\(book.id) \(book.title) is not in the collection")
            }
            try store(order.filter { !removing.contains($0) }, in: collection)
        }
    }

    public func deleteCollection(_ name: String) throws {
        try engine.transaction {
            let collection = try collection(named: name)
            try engine.execute("DELETE FROM collections WHERE id = ?", [collection.id])
        }
    }

    /// The books of a collection in its order.
    public func books(in name: String) throws -> [Book] {
        let collection = try collection(named: name)
        return try engine.query("""
            SELECT \(Book.columns(engine.dialect, table: "books"))
            FROM collection_books JOIN books ON books.id = collection_books.book_id
            WHERE collection_id = ? ORDER BY position
            """, [collection.id]).map { try Book(row: $0) }
    }

    public func collections(of book: Book) throws -> [String] {
        try engine.query("""
            SELECT name FROM collections JOIN collection_books ON collection_id = collections.id
            WHERE book_id = ? ORDER BY \(engine.dialect.caseless("name"))
            """, [book.id]).compactMap { $0.string("name") }
    }

    /// Every book's collections, for listings.
    func collectionsByBook() throws -> [Int: [String]] {
        var names: [Int: [String]] = [:]
        for row in try engine.query("""
            SELECT book_id, name FROM collection_books JOIN collections ON collections.id = collection_id
            ORDER BY \(engine.dialect.caseless("name"))
            """, []) {
            if let id = row.int("book_id"), let name = row.string("name") { names[id, default: []].append(name) }
        }
        return names
    }

    private func collectionRow(_ name: String) throws -> Row? {
        try engine.queryRow("""
            SELECT id, name, created_at, (SELECT count(*) FROM collection_books WHERE collection_id = id) AS books
            FROM collections WHERE \(engine.dialect.sameName("name"))
            """, [name.split(whereSeparator: \.isWhitespace).joined(separator: " ")])
    }

    private static func collection(row: Row) throws -> BookCollection {
        BookCollection(id: try row.required("id", Row.int), name: try row.required("name", Row.string),
                       createdAt: try row.required("created_at", Row.date), bookCount: try row.required("books", Row.int))
    }

    private func bookIDs(in collection: BookCollection) throws -> [Int] {
        try engine.query("SELECT book_id FROM collection_books WHERE collection_id = ? ORDER BY position", [collection.id])
            .compactMap { $0.int("book_id") }
    }

    private func store(_ order: [Int], in collection: BookCollection) throws {
        try engine.execute("DELETE FROM collection_books WHERE collection_id = ?", [collection.id])
        for (position, id) in order.enumerated() {
            try engine.execute("INSERT INTO collection_books (collection_id, book_id, position) VALUES (?, ?, ?)",
                               [collection.id, id, position + 1])
        }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
