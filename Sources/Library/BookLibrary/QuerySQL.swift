import FoundationEssentials
import Glibc
import Store
import TextSearch

/// Turns a `BookQuery` into a WHERE clause over `books`. Values are only
/// ever bound as parameters; the SQL text comes from this file alone.
package struct QuerySQL {
    var now: Date
    var dialect: SQLDialect = .sqlite

    func condition(_ query: BookQuery) throws -> (sql: String, bindings: [SQLBindable]) {
        var bindings: [SQLBindable] = []
        let sql = try build(query, &bindings)
        return (sql, bindings)
    }

    private func build(_ query: BookQuery, _ bindings: inout [SQLBindable]) throws -> String {
        switch query {
        case .all: return "1 = 1"
        case .not(let inner): return "NOT (\(try build(inner, &bindings)))"
        case .and(let parts): return "(" + (try parts.map { try build($0, &bindings) }).joined(separator: " AND ") + ")"
        case .or(let parts): return "(" + (try parts.map { try build($0, &bindings) }).joined(separator: " OR ") + ")"
        case .term(let term): return try build(term, &bindings)
        }
    }

    /// The SQL function that folds text as search does (case beyond ASCII,
    /// accents, ligatures, ß), defined on every local library's connection
    /// and, as SQL, in a shared library's schema (`PostgresFolding`).
    package static let foldFunction = "ibook_fold"

    /// `text` folded the way `ibook_fold` folds a column.
    package static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return TermFolding.stripped(TermFolding.caseFolded(text))
    }

    /// A condition that `column` holds `value`, folded alike on both sides.
    private func holds(_ column: String, _ value: String, _ bindings: inout [SQLBindable]) -> String {
        bindings.append(Self.folded(value))
        return dialect.containsFolded(column)
    }

    private func detail(_ field: String) -> String {
        "(SELECT value FROM book_fields WHERE book_fields.book_id = books.id AND book_fields.field = '\(field)')"
    }

    private func build(_ term: QueryTerm, _ bindings: inout [SQLBindable]) throws -> String {
        guard let field = term.field else {
            return "(" + holds("books.title", term.value, &bindings) + " OR " + holds("books.author", term.value, &bindings) + ")"
        }
        switch field {
        case .title:
            return holds("books.title", term.value, &bindings)
        case .author:
            return holds("books.author", term.value, &bindings)
        case .file:
            return holds("books.path", term.value, &bindings)
        case .format:
            bindings.append(term.value.lowercased())
            return "books.format = ?"
        case .tag:
            let tag = (try? TagName.normalized(term.value)) ?? term.value
            bindings += [tag, TagName.descendantsPattern(tag)]
            return """
                EXISTS (SELECT 1 FROM book_tags WHERE book_tags.book_id = books.id
                        AND (\(dialect.sameName("book_tags.tag")) OR \(dialect.likeName("book_tags.tag"))))
                """
        case .collection:
            bindings.append(term.value.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            return """
                EXISTS (SELECT 1 FROM collection_books JOIN collections ON collections.id = collection_books.collection_id
                        WHERE collection_books.book_id = books.id AND \(dialect.sameName("collections.name")))
                """
        case .language:
            let edited = holds("coalesce(\(detail(field.rawValue)), '')", term.value, &bindings)
            // A tag or a name of a language ibook reads (`ja`, `ja-JP`, `Japanese`) also finds the books
            // whose file declares it, or whose text reads as it: not those it was only a guess for.
            guard let language = BookLanguage(tag: term.value) else { return edited }
            bindings += [language.rawValue, LanguageSource.fallback.rawValue]
            return "(\(edited) OR (books.language = ? AND books.language_source <> ?))"
        case .publisher, .series, .isbn, .doi, .description:
            return holds("coalesce(\(detail(field.rawValue)), '')", term.value, &bindings)
        case .year:
            let year = "coalesce(CAST(\(detail("year")) AS INTEGER), \(dialect.year(ofUnixTime: "books.created")))"
            return compare(year, term, &bindings)
        case .pages:
            return compare("books.page_count", term, &bindings)
        case .rating:
            return compare("CAST(\(detail("rating")) AS INTEGER)", term, &bindings)
        case .id:
            return compare("books.id", term, &bindings)
        case .added:
            guard let span = QueryDates.interval(term.value, now: now) else {
                throw CurationError.invalidQuery(term: term.text, reason: "not a date")
            }
            if span.isAge {
                // added:<30d is "less than 30 days ago": after that instant.
                bindings.append(span.start)
                switch term.comparison {
                case .greater, .greaterOrEqual: return "books.added_at < ?"
                // added:30d reads as "within 30 days", like added:<30d.
                case .less, .lessOrEqual, .equal: return "books.added_at >= ?"
                }
            }
            switch term.comparison {
            case .less: bindings.append(span.start); return "books.added_at < ?"
            case .lessOrEqual: bindings.append(span.end); return "books.added_at < ?"
            case .greater: bindings.append(span.end); return "books.added_at >= ?"
            case .greaterOrEqual: bindings.append(span.start); return "books.added_at >= ?"
            case .equal:
                bindings += [span.start, span.end]
                return "(books.added_at >= ? AND books.added_at < ?)"
            }
        case .read:
            let read = "EXISTS (SELECT 1 FROM history WHERE history.sha256 = books.sha256 AND \(dialect.ownRows("history")))"
            return QueryValues.bool(term.value) == false ? "NOT \(read)" : read
        case .has:
            switch term.value.lowercased() {
            case "bookmarks":
                return "EXISTS (SELECT 1 FROM bookmarks WHERE bookmarks.sha256 = books.sha256 AND \(dialect.ownRows("bookmarks")))"
            case "history":
                return "EXISTS (SELECT 1 FROM history WHERE history.sha256 = books.sha256 AND \(dialect.ownRows("history")))"
            case "outline": return "EXISTS (SELECT 1 FROM outline WHERE outline.book_id = books.id)"
            case "tags": return "EXISTS (SELECT 1 FROM book_tags WHERE book_tags.book_id = books.id)"
            case "collections": return "EXISTS (SELECT 1 FROM collection_books WHERE collection_books.book_id = books.id)"
            case "labels":
                return "EXISTS (SELECT 1 FROM pages WHERE pages.book_id = books.id AND pages.label IS NOT NULL AND pages.label != CAST(pages.page AS TEXT))"
            case "edits": return "EXISTS (SELECT 1 FROM book_fields WHERE book_fields.book_id = books.id)"
            case let name:
                let stored = name == "series" ? "series" : name
                bindings.append(stored)
                return "EXISTS (SELECT 1 FROM book_fields WHERE book_fields.book_id = books.id AND book_fields.field = ?)"
            }
        case .saved:
            throw CurationError.invalidQuery(term: term.text, reason: "a saved search left unexpanded")
        }
    }

    private func compare(_ expression: String, _ term: QueryTerm, _ bindings: inout [SQLBindable]) -> String {
        if let range = QueryValues.range(term.value) {
            bindings += [range.lowerBound, range.upperBound]
            return "(\(expression) BETWEEN ? AND ?)"
        }
        bindings.append(Int(term.value) ?? 0)
        return "\(expression) \(term.comparison.rawValue) ?"
    }
}
