import FoundationEssentials
import Glibc
import LeanBasics
import Store

/// A tag and how many books carry it or one beneath it ("science" counts
/// the books tagged "science/optics").
public struct TagCount: Codable, Equatable, Sendable {
    public var tag: String
    /// Books carrying exactly this tag.
    public var books: Int
    /// Books carrying this tag or any beneath it.
    public var total: Int
}

/// Tag names: hierarchical with "/", compared without regard to case.
public enum TagName {
    /// "Science / Optics " → "Science/Optics"; nil with a reason when nothing usable is left.
    public static func normalized(_ raw: String) throws -> String {
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        guard !parts.contains(where: \.isEmpty) || parts.count == 1 else {
            throw CurationError.invalidTag(raw, reason: "an empty level between slashes")
        }
        let tag = parts.joined(separator: "/")
        guard !tag.isEmpty else { throw CurationError.invalidTag(raw, reason: "it is empty") }
        guard tag.count <= 200 else { throw CurationError.invalidTag(raw, reason: "longer than 200 characters") }
        guard !tag.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw CurationError.invalidTag(raw, reason: "it holds control characters")
        }
        return tag
    }

    /// A LIKE pattern matching the tags beneath `tag`.
    static func descendantsPattern(_ tag: String) -> String {
        tag.replacingEvery("\\", with: "\\\\").replacingEvery("%", with: "\\%")
            .replacingEvery("_", with: "\\_") + "/%"
    }
}

extension Library {
    /// Adds and removes tags on books, all in one transaction. Removing a
    /// tag removes the tags beneath it too.
    public func tag(_ books: [Book], adding: [String], removing: [String]) throws {
        let removed = try removing.map(TagName.normalized)
        try engine.transaction {
            let added = try adopt(try adding.map(TagName.normalized))
            for book in books {
                for tag in removed {
                    try engine.execute("DELETE FROM book_tags WHERE book_id = ? AND \(tagOrBeneath)",
                                       [book.id, tag, TagName.descendantsPattern(tag)])
                }
                for tag in added {
                    try engine.execute("INSERT INTO book_tags (book_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING", [book.id, tag])
                }
            }
        }
    }

    /// Levels already in use keep their spelling: "Science/Optics/Lenses"
    /// beside "science/optics" becomes "science/optics/Lenses".
    private func adopt(_ tags: [String]) throws -> [String] {
        var spelled: [String: String] = [:]
        for row in try engine.query("SELECT DISTINCT tag FROM book_tags ORDER BY tag", []) {
            guard let tag = row.string("tag") else { continue }
            let parts = tag.split(separator: "/")
            for depth in 1...parts.count {
                let prefix = parts.prefix(depth).joined(separator: "/")
                spelled[prefix.lowercased()] = spelled[prefix.lowercased()] ?? prefix
            }
        }
        return tags.map { tag in
            let parts = tag.split(separator: "/").map(String.init)
            for depth in stride(from: parts.count, through: 1, by: -1) {
                let prefix = parts.prefix(depth).joined(separator: "/")
                if let known = spelled[prefix.lowercased()] {
                    return ([known] + parts.dropFirst(depth)).joined(separator: "/")
                }
            }
            return tag
        }
    }

    /// Removes a tag (and those beneath it) from the given books, or from
    /// every book; returns how many tags were taken off.
    @discardableResult
    public func untag(_ rawTag: String, from books: [Book]?) throws -> Int {
        let tag = try TagName.normalized(rawTag)
        return try engine.transaction {
            var removed = 0
            if let books {
                for book in books {
                    try engine.execute("DELETE FROM book_tags WHERE book_id = ? AND \(tagOrBeneath)",
                                       [book.id, tag, TagName.descendantsPattern(tag)])
                    removed += engine.changes
                }
            } else {
                try engine.execute("DELETE FROM book_tags WHERE \(tagOrBeneath)", [tag, TagName.descendantsPattern(tag)])
                removed = engine.changes
            }
            guard removed > 0 else { throw CurationError.tagNotFound(tag) }
            return removed
        }
    }

    /// Renames a tag across the library, the tags beneath it along with it;
    /// books already carrying the new name keep one copy. Returns the books changed.
    @discardableResult
    public func renameTag(_ rawOld: String, to rawNew: String) throws -> Int {
        let old = try TagName.normalized(rawOld), new = try TagName.normalized(rawNew)
        return try engine.transaction {
            let rows = try engine.query("SELECT book_id, tag FROM book_tags WHERE \(tagOrBeneath)",
                                        [old, TagName.descendantsPattern(old)])
            guard !rows.isEmpty else { throw CurationError.tagNotFound(old) }
            var books = Set<Int>()
            for row in rows {
                guard let id = row.int("book_id"), let tag = row.string("tag") else { continue }
                try engine.execute("DELETE FROM book_tags WHERE book_id = ? AND tag = ?", [id, tag])
                try engine.execute("INSERT INTO book_tags (book_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                   [id, new + tag.dropFirst(old.count)])
                books.insert(id)
            }
            return books.count
        }
    }

    /// A tag given as the first binding, or one beneath it (the pattern, second).
    private var tagOrBeneath: String {
        "(\(engine.dialect.sameName("tag")) OR \(engine.dialect.likeName("tag")))"
    }

    public func tags(of book: Book) throws -> [String] {
        try engine.query("SELECT tag FROM book_tags WHERE book_id = ? ORDER BY \(engine.dialect.caseless("tag"))", [book.id])
            .compactMap { $0.string("tag") }
    }

    /// Every book's tags, for listings.
    func tagsByBook() throws -> [Int: [String]] {
        var tags: [Int: [String]] = [:]
        for row in try engine.query("SELECT book_id, tag FROM book_tags ORDER BY \(engine.dialect.caseless("tag"))", []) {
            if let id = row.int("book_id"), let tag = row.string("tag") { tags[id, default: []].append(tag) }
        }
        return tags
    }

    /// Every tag with its counts, parents included even when no book carries
    /// them directly, ordered as a tree (a parent before its children).
    public func tagCounts() throws -> [TagCount] {
        var direct: [String: Set<Int>] = [:]
        var spelling: [String: String] = [:]
        for row in try engine.query("SELECT book_id, tag FROM book_tags ORDER BY book_id, tag", []) {
            guard let id = row.int("book_id"), let tag = row.string("tag") else { continue }
            let parts = tag.split(separator: "/").map(String.init)
            for depth in 1...parts.count {
                let prefix = parts.prefix(depth).joined(separator: "/")
                spelling[prefix.lowercased()] = spelling[prefix.lowercased()] ?? prefix
                if depth == parts.count { direct[prefix.lowercased(), default: []].insert(id) }
            }
        }
        var all: [String: Set<Int>] = [:]
        for (tag, books) in direct {
            let parts = tag.split(separator: "/")
            for depth in 1...parts.count { all[parts.prefix(depth).joined(separator: "/"), default: []].formUnion(books) }
        }
        return spelling.keys.sorted { lhs, rhs in
            lhs.split(separator: "/").lexicographicallyPrecedes(rhs.split(separator: "/"))
        }.map { key in
            TagCount(tag: spelling[key] ?? key, books: direct[key]?.count ?? 0, total: all[key]?.count ?? 0)
        }
    }
}
