import FoundationEssentials
import Glibc

/// Reads the query language of `list`, `search --in` and `export --in`:
///
///     tag:physics author:feynman year:>1990 pages:<300 collection:"Reading list"
///     has:bookmarks read:no added:<30d rating:>=4 "free words" -tag:draft (a OR b)
///
/// A malformed query throws `CurationError.invalidQuery` naming the bad term.
public struct QueryParser {
    /// Looks up `saved:NAME`; nil when there is no such saved search.
    public var savedSearch: (String) throws -> String?

    public init(savedSearch: @escaping (String) throws -> String? = { _ in nil }) {
        self.savedSearch = savedSearch
    }

    public func parse(_ text: String) throws -> BookQuery {
        try parse(text, expanding: [])
    }

    private func parse(_ text: String, expanding: Set<String>) throws -> BookQuery {
        if text.utf8.count > QueryLimits.catalogQueryBytes { try QueryLimits.checkCatalog(text, tokens: []) }
        let all = try QueryTokenizer.tokens(text)
        try QueryLimits.checkCatalog(text, tokens: all)
        var tokens = all[...]
        guard !tokens.isEmpty else { return .all }
        let query = try parseAnd(&tokens, expanding: expanding)
        if let extra = tokens.first {
            throw CurationError.invalidQuery(term: extra.text, reason: extra.kind == .close ? "a ')' without its '('" : "unexpected here")
        }
        return query
    }

    /// Terms side by side must all hold; OR binds tighter, as in mail
    /// searches: `tag:a OR tag:b year:>2000` is (a or b) and after 2000.
    private func parseAnd(_ tokens: inout ArraySlice<QueryToken>, expanding: Set<String>) throws -> BookQuery {
        var parts: [BookQuery] = []
        while let token = tokens.first, token.kind != .close {
            if token.kind == .and {
                tokens.removeFirst()
                guard !parts.isEmpty, let next = tokens.first, next.kind != .or, next.kind != .close, next.kind != .and else {
                    throw CurationError.invalidQuery(term: "AND", reason: "it needs a term on each side")
                }
                continue
            }
            if token.kind == .or { throw CurationError.invalidQuery(term: "OR", reason: "nothing before it") }
            parts.append(try parseOr(&tokens, expanding: expanding))
        }
        guard !parts.isEmpty else {
            throw CurationError.invalidQuery(term: tokens.first?.text ?? "()", reason: "an empty group")
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private func parseOr(_ tokens: inout ArraySlice<QueryToken>, expanding: Set<String>) throws -> BookQuery {
        var alternatives = [try parseUnary(&tokens, expanding: expanding)]
        while let token = tokens.first, token.kind == .or {
            tokens.removeFirst()
            guard let next = tokens.first, next.kind != .close, next.kind != .or, next.kind != .and else {
                throw CurationError.invalidQuery(term: "OR", reason: "nothing after it")
            }
            alternatives.append(try parseUnary(&tokens, expanding: expanding))
        }
        return alternatives.count == 1 ? alternatives[0] : .or(alternatives)
    }

    private func parseUnary(_ tokens: inout ArraySlice<QueryToken>, expanding: Set<String>) throws -> BookQuery {
        let token = tokens.removeFirst()
        switch token.kind {
        case .open:
            let inner = try parseAnd(&tokens, expanding: expanding)
            guard let close = tokens.first, close.kind == .close else {
                throw CurationError.invalidQuery(term: "(", reason: "a '(' without its ')'")
            }
            tokens.removeFirst()
            return token.negated ? .not(inner) : inner
        case .word:
            let query = try term(token, expanding: expanding)
            return token.negated ? .not(query) : query
        case .or, .and, .close:
            throw CurationError.invalidQuery(term: token.text, reason: "unexpected here")
        }
    }

    private func term(_ token: QueryToken, expanding: Set<String>) throws -> BookQuery {
        guard let name = token.field else {
            return .term(QueryTerm(field: nil, value: token.value, text: token.text))
        }
        guard let field = QueryTerm.Field(rawValue: name.lowercased()) else {
            throw CurationError.invalidQuery(
                term: token.text,
                reason: "unknown field '\(name)' (fields: \(QueryTerm.Field.allCases.map(\.rawValue).joined(separator: ", ")); quote free words that hold a colon)")
        }
        var value = token.value
        var comparison = QueryTerm.Comparison.equal
        if !token.valueQuoted {
            for candidate in [QueryTerm.Comparison.lessOrEqual, .greaterOrEqual, .less, .greater, .equal]
            where value.hasPrefix(candidate.rawValue) {
                comparison = candidate
                value = String(value.dropFirst(candidate.rawValue.count))
                break
            }
        }
        guard !value.isEmpty else { throw CurationError.invalidQuery(term: token.text, reason: "no value after '\(name):'") }
        let term = QueryTerm(field: field, comparison: comparison, value: value, text: token.text)
        try QueryValues.check(term)
        if field == .saved {
            let key = value.lowercased()
            guard !expanding.contains(key) else {
                throw CurationError.invalidQuery(term: token.text, reason: "the saved search refers to itself")
            }
            guard let saved = try savedSearch(value) else { throw CurationError.savedSearchNotFound(value) }
            return try parse(saved, expanding: expanding.union([key]))
        }
        return .term(term)
    }
}

/// What each field accepts, checked when the query is read so that a bad
/// value is reported before anything runs.
enum QueryValues {
    static let hasValues = ["bookmarks", "history", "outline", "tags", "collections", "labels", "year", "publisher",
                            "language", "series", "isbn", "doi", "rating", "description", "edits"]
    static let numeric: Set<QueryTerm.Field> = [.year, .pages, .rating, .id]
    static let comparable: Set<QueryTerm.Field> = [.year, .pages, .rating, .id, .added]

    static func check(_ term: QueryTerm) throws {
        guard let field = term.field else { return }
        func fail(_ reason: String) -> CurationError { .invalidQuery(term: term.text, reason: reason) }
        if term.comparison != .equal, !comparable.contains(field) {
            throw fail("'\(field.rawValue):' takes no comparison")
        }
        switch field {
        case _ where numeric.contains(field):
            if range(term.value) == nil, Int(term.value) == nil { throw fail("'\(term.value)' is not a number") }
            if term.comparison != .equal, Int(term.value) == nil { throw fail("'\(term.value)' is not a number") }
        case .added:
            if QueryDates.interval(term.value, now: Date()) == nil {
                throw fail("'\(term.value)' is not a date (2024-05-01, 2024-05, 2024) or an age (30d, 2w, 6m, 1y)")
            }
        case .read:
            if bool(term.value) == nil { throw fail("read: takes yes or no") }
        case .has:
            if !hasValues.contains(term.value.lowercased()) { throw fail("has: takes one of \(hasValues.joined(separator: ", "))") }
        default:
            break
        }
    }

    /// "1990..2000" as a closed range.
    static func range(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), low <= high else { return nil }
        return low...high
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "y", "true", "1": return true
        case "no", "n", "false", "0": return false
        default: return nil
        }
    }
}
