import FoundationEssentials
import LeanBasics
import TextFolding
import Glibc
import Store

/// A book as listings show it: what the PDF says, what a person set, its
/// tags and collections.
public struct CatalogEntry: Encodable, Sendable {
    public var book: Book
    public var details: BookDetails
    public var tags: [String]
    public var collections: [String]

    /// The book's fields at the top level, as `list --json` always printed
    /// them, with the curation beside them.
    public func encode(to encoder: Encoder) throws {
        try book.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(details, forKey: .details)
        try container.encode(tags, forKey: .tags)
        try container.encode(collections, forKey: .collections)
    }

    enum CodingKeys: String, CodingKey { case details, tags, collections }

    /// The year shown and sorted on: the edited one, else the PDF's creation year.
    public var year: Int? {
        details.year ?? book.created.map { LocalTime.year($0.timeIntervalSince1970) }
    }
}

/// The columns listings can show and sort on.
public enum CatalogColumn: String, CaseIterable, Sendable {
    case id, title, author, pages, added, year, rating, tags, collections, publisher, series, language, source, file, size

    /// Whether `a` comes first on this column, nil for a tie; empty values
    /// come last in either direction.
    func precedes(_ a: CatalogEntry, _ b: CatalogEntry, descending: Bool) -> Bool? {
        func text(_ x: String?, _ y: String?) -> Bool? {
            switch (x?.isEmpty == false ? x : nil, y?.isEmpty == false ? y : nil) {
            case (nil, nil): return nil
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?):
                let order = UnicodeFold.compare(x, y, numeric: true)
                return order == 0 ? nil : (order < 0) != descending
            }
        }
        func number<T: Comparable>(_ x: T?, _ y: T?) -> Bool? {
            switch (x, y) {
            case (nil, nil): return nil
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x == y ? nil : (x < y) != descending
            }
        }
        switch self {
        case .id: return number(a.book.id, b.book.id)
        case .title: return text(a.book.title, b.book.title)
        case .author: return text(a.book.author, b.book.author)
        case .pages: return number(a.book.pageCount, b.book.pageCount)
        case .added: return number(a.book.addedAt, b.book.addedAt)
        case .year: return number(a.year, b.year)
        case .rating: return number(a.details.rating, b.details.rating)
        case .tags: return text(a.tags.joined(separator: ", "), b.tags.joined(separator: ", "))
        case .collections: return text(a.collections.joined(separator: ", "), b.collections.joined(separator: ", "))
        case .publisher: return text(a.details.publisher, b.details.publisher)
        case .series:
            if let order = text(a.details.series, b.details.series) { return order }
            guard a.details.series != nil else { return nil }
            return number(a.details.seriesIndex, b.details.seriesIndex)
        case .language: return text(a.details.language, b.details.language)
        case .source: return text(a.book.titleSource.rawValue, b.book.titleSource.rawValue)
        case .file: return text(a.book.path, b.book.path)
        case .size: return number(a.book.size, b.book.size)
        }
    }
}

extension Library {
    /// The books a query selects (every book for an empty one), sorted on a
    /// column; empty values sort last either way.
    public func catalog(query: String = "", sort: CatalogColumn = .id, descending: Bool = false) throws -> [CatalogEntry] {
        let ids = try bookIDs(matching: query)
        let books = try Catalog(database: engine).books(orderedBy: .id).filter { ids.contains($0.id) }
        let details = try details(bookIDs: nil), tags = try tagsByBook(), collections = try collectionsByBook()
        let entries = books.map {
            CatalogEntry(book: $0, details: details[$0.id] ?? BookDetails(), tags: tags[$0.id] ?? [],
                         collections: collections[$0.id] ?? [])
        }
        return entries.sorted { a, b in
            sort.precedes(a, b, descending: descending) ?? (a.book.id < b.book.id)
        }
    }

    /// The ids of the books a query selects.
    public func bookIDs(matching query: String) throws -> Set<Int> {
        let parsed = try queryParser.parse(query)
        let condition = try QuerySQL(now: Date(), dialect: engine.dialect).condition(parsed)
        return Set(try engine.query("SELECT id FROM books WHERE \(condition.sql)", condition.bindings).compactMap { $0.int("id") })
    }

    /// Checks a query without running it.
    public func parseQuery(_ query: String) throws -> BookQuery {
        try queryParser.parse(query)
    }

    var queryParser: QueryParser {
        let engine = engine
        return QueryParser { name in
            try engine.queryRow("SELECT query FROM saved_searches WHERE \(engine.dialect.sameName("name"))", [name])?.string("query")
        }
    }
}
