import FileNames
import FoundationEssentials
import TextFolding
import Glibc
import LeanBasics
import Store

/// The books in the library: finding, listing, describing, opening and removing them.
package struct Catalog {
    package let database: any SQLEngine

    package init(database: any SQLEngine) { self.database = database }

    package func book(id: Int) throws -> Book? {
        try database.queryRow("SELECT \(Book.columns(database.dialect)) FROM books WHERE id = ?", [id]).map { try Book(row: $0) }
    }

    package func book(sha256: String) throws -> Book? {
        try database.queryRow("SELECT \(Book.columns(database.dialect)) FROM books WHERE sha256 = ?", [sha256]).map { try Book(row: $0) }
    }

    package func books(orderedBy sort: BookSort) throws -> [Book] {
        try database.query("SELECT \(Book.columns(database.dialect)) FROM books ORDER BY \(sort.orderClause(database.dialect))", []).map { try Book(row: $0) }
    }

    /// A book named by id, file path or a unique part of its title.
    func resolve(_ name: String) throws -> Book {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw LibraryError.bookNotFound(name) }
        if let id = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed), let book = try book(id: id) {
            return book
        }
        let path = absolutePath(trimmed)
        if let row = try database.queryRow("SELECT \(Book.columns(database.dialect)) FROM books WHERE \(database.dialect.bookFile()) = ?", [path]) {
            return try Book(row: row)
        }
        if FileName.exists(path, directory: false),
           let sha = try? SHA256.hex(ofFileAt: path), let book = try book(sha256: sha)
        {
            return book
        }
        let exact = try database.query("SELECT \(Book.columns(database.dialect)) FROM books WHERE \(database.dialect.sameName("title"))", [trimmed])
        if exact.count == 1 { return try Book(row: exact[0]) }
        let pattern = "%" + trimmed.replacingEvery("\\", with: "\\\\")
            .replacingEvery("%", with: "\\%").replacingEvery("_", with: "\\_") + "%"
        // SQLite's LIKE ignores ASCII case, PostgreSQL's ILIKE any case.
        var matches = try database.query(
            "SELECT \(Book.columns(database.dialect)) FROM books WHERE \(database.dialect.likeName("title")) ORDER BY id", [pattern]
        ).map { try Book(row: $0) }
        if matches.isEmpty {
            // LIKE folds ASCII only; fall back to a Unicode-aware comparison,
            // then to the file name, which people remember as often as titles.
            let all = try books(orderedBy: .id)
            func contains(_ text: String) -> Bool {
                UnicodeFold.contains(text, trimmed)
            }
            matches = all.filter { contains($0.title) }
            if matches.isEmpty { matches = all.filter { contains(PathName.lastComponent(of: $0.path)) } }
        }
        switch matches.count {
        case 0: throw LibraryError.bookNotFound(name)
        case 1: return matches[0]
        default: throw LibraryError.ambiguousBook(name, candidates: matches.prefix(10).map { "#\($0.id) \($0.title)" })
        }
    }

    func outlineCount(bookID: Int) throws -> Int {
        try database.count("SELECT count(*) FROM outline WHERE book_id = ?", [bookID])
    }

    /// Deletes the book and everything attached to it in one transaction,
    /// what the store's full-text index holds of it first (`LibraryStore`).
    func remove(_ book: Book, removingIndexedText: (Int) throws -> Void) throws {
        try database.transaction {
            try removingIndexedText(book.id)
            try database.execute("DELETE FROM books WHERE id = ?", [book.id])
            try database.execute("DELETE FROM state WHERE key = ? AND value = ?", [State.openBook, book.sha256])
        }
    }

    /// On a shared library the file is kept relative to the deepest of this
    /// machine's roots that holds it, as `add` keeps it.
    package func setPath(_ path: String, of book: Book, roots: MachineRoots? = nil) throws {
        if database.dialect == .postgres {
            let file = roots?.stored(path) ?? (root: nil, path: path)
            try database.execute("UPDATE books SET root = ?, path = ? WHERE id = ?", [file.root, file.path, book.id])
        } else {
            try database.execute("UPDATE books SET path = ? WHERE id = ?", [path, book.id])
        }
    }
}

/// The orders `ibook list` offers.
public enum BookSort: String, CaseIterable, Sendable {
    case id, title, author, added, pages

    func orderClause(_ dialect: SQLDialect) -> String {
        switch self {
        case .id: return "id"
        case .title: return "\(dialect.caseless("title")), id"
        case .author: return "\(dialect.caseless("author")), \(dialect.caseless("title")), id"
        case .added: return "added_at DESC, id DESC"
        case .pages: return "page_count DESC, id"
        }
    }
}

/// Keys of the `state` table.
enum State {
    static let openBook = "open_book"
}

extension SQLDialect {
    /// A book's file as this machine finds it: a shared library keeps it relative to one of the
    /// machine's roots (`book_file`, see `MachineRoots`), a local one as it is.
    func bookFile(table: String? = nil) -> String {
        let prefix = table.map { $0 + "." } ?? ""
        switch self {
        case .sqlite: return "\(prefix)path"
        case .postgres: return "book_file(\(prefix)root, \(prefix)path)"
        }
    }

    /// An expression to compare and sort text without regard to (ASCII) case,
    /// byte order otherwise, as SQLite's NOCASE does.
    func caseless(_ expression: String) -> String {
        switch self {
        case .sqlite: return "\(expression) COLLATE NOCASE"
        case .postgres: return "lower(\(expression)) COLLATE \"C\""
        }
    }

    /// On a shared library each person's bookmarks, history and open book
    /// are rows of theirs (row-level security on the role's oid, which a
    /// role of the same name made later does not have); the condition also
    /// narrows what a role that bypasses the policies sees to its own.
    package func ownRows(_ alias: String? = nil) -> String {
        switch self {
        case .sqlite: return "1 = 1"
        case .postgres: return "\(alias.map { $0 + "." } ?? "")owner = ibook_user_id()"
        }
    }

    /// The key of a person's rows: ON CONFLICT targets name the owner too on a shared library.
    func ownKey(_ columns: String) -> String {
        switch self {
        case .sqlite: return columns
        case .postgres: return "owner, " + columns
        }
    }
}
