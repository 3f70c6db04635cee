import Foundation
import Store

/// Turns a `BookQuery` into a WHERE clause over `books`. Values are only
/// ever bound as parameters; the SQL text comes from this file alone.
struct QuerySQL {
    var now: Date

    func condition(_ query: BookQuery) throws -> (sql: String, bindings: [SQLBindable]) {
        var bindings: [SQLBindable] = []
        let sql = try build(query, &bindings)
        return (sql, bindings)
    }

    private func build(_ query: BookQuery, _ bindings: inout [SQLBindable]) throws -> String {
        switch query {
        case .all: return "1"
        case .not(let inner): return "NOT (\(try build(inner, &bindings)))"
        case .and(let parts): return "(" + (try parts.map { try build($0, &bindings) }).joined(separator: " AND ") + ")"
        case .or(let parts): return "(" + (try parts.map { try build($0, &bindings) }).joined(separator: " OR ") + ")"
        case .term(let term): return try build(term, &bindings)
        }
    }

    static func contains(_ text: String) -> String {
        "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }

    private static let like = "LIKE ? ESCAPE '\\'"

    private func detail(_ field: String) -> String {
        "(SELECT value FROM book_fields WHERE book_fields.book_id = books.id AND book_fields.field = '\(field)')"
    }

    private func build(_ term: QueryTerm, _ bindings: inout [SQLBindable]) throws -> String {
        guard let field = term.field else {
            bindings += [Self.contains(term.value), Self.contains(term.value)]
            return "(books.title \(Self.like) OR books.author \(Self.like))"
        }
        switch field {
        case .title:
            bindings.append(Self.contains(term.value))
            return "books.title \(Self.like)"
        case .author:
            bindings.append(Self.contains(term.value))
            return "books.author \(Self.like)"
        case .file:
            bindings.append(Self.contains(term.value))
            return "books.path \(Self.like)"
        case .tag:
            let tag = (try? TagName.normalized(term.value)) ?? term.value
            bindings += [tag, TagName.descendantsPattern(tag)]
            return "EXISTS (SELECT 1 FROM book_tags WHERE book_tags.book_id = books.id AND (book_tags.tag = ? OR book_tags.tag LIKE ? ESCAPE '\\'))"
        case .collection:
            bindings.append(term.value.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            return """
                EXISTS (SELECT 1 FROM collection_books JOIN collections ON collections.id = collection_books.collection_id
                        WHERE collection_books.book_id = books.id AND collections.name = ? COLLATE NOCASE)
                """
        case .language, .publisher, .series, .isbn, .doi, .description:
            let name = field.rawValue
            bindings.append(Self.contains(term.value))
            return "coalesce(\(detail(name)), '') \(Self.like)"
        case .year:
            let year = "coalesce(CAST(\(detail("year")) AS INTEGER), CAST(strftime('%Y', books.created, 'unixepoch') AS INTEGER))"
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
            let read = "EXISTS (SELECT 1 FROM history WHERE history.sha256 = books.sha256)"
            return QueryValues.bool(term.value) == false ? "NOT \(read)" : read
        case .has:
            switch term.value.lowercased() {
            case "bookmarks": return "EXISTS (SELECT 1 FROM bookmarks WHERE bookmarks.sha256 = books.sha256)"
            case "history": return "EXISTS (SELECT 1 FROM history WHERE history.sha256 = books.sha256)"
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
