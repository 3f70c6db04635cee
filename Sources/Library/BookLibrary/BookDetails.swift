import FileNames
import FoundationEssentials
import Glibc
import LeanBasics

/// What a person set about a book with `ibook edit`, beyond what its PDF says.
/// Stored as rows of `book_fields`, which `refresh` never touches.
public struct BookDetails: Codable, Equatable, Sendable {
    public var authors: [String]?
    public var year: Int?
    public var publisher: String?
    public var language: String?
    public var series: String?
    public var seriesIndex: Double?
    public var description: String?
    public var isbn: String?
    public var doi: String?
    public var rating: Int?

    public init() {}

    public var isEmpty: Bool { self == BookDetails() }

    /// The stored field names, as `book_fields.field` holds them.
    public enum Field: String, CaseIterable, Sendable {
        case title, authors, year, publisher, language, series, seriesIndex = "series_index", description, isbn, doi, rating
        case subject, keywords
    }

    init(fields: [String: String]) {
        authors = fields[Field.authors.rawValue].flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }
        year = fields[Field.year.rawValue].flatMap { Int($0) }
        publisher = fields[Field.publisher.rawValue]
        language = fields[Field.language.rawValue]
        series = fields[Field.series.rawValue]
        seriesIndex = fields[Field.seriesIndex.rawValue].flatMap { Double($0) }
        description = fields[Field.description.rawValue]
        isbn = fields[Field.isbn.rawValue]
        doi = fields[Field.doi.rawValue]
        rating = fields[Field.rating.rawValue].flatMap { Int($0) }
    }
}

/// One `ibook edit`: each value given replaces the stored one; an empty
/// value clears it.
public struct BookEdit: Sendable {
    public var title: String?
    public var authors: [String]?
    public var year: String?
    public var publisher: String?
    public var language: String?
    public var series: String?
    public var seriesIndex: String?
    public var description: String?
    public var isbn: String?
    public var doi: String?
    public var rating: String?
    public var subject: String?
    public var keywords: String?

    public init() {}

    public var isEmpty: Bool {
        [title, year, publisher, language, series, seriesIndex, description, isbn, doi, rating, subject, keywords].allSatisfy { $0 == nil }
            && authors == nil
    }

    /// The rows to write, nil meaning "delete"; values checked and normalised.
    func fieldValues() throws -> [(BookDetails.Field, String?)] {
        var values: [(BookDetails.Field, String?)] = []
        // A file name may hold bytes that are not UTF-8 (FileName keeps them
        // as private-use scalars); a title or a note is text, and such bytes
        // would be stored as characters nobody typed.
        let given: [(BookDetails.Field, String?)] = [(.title, title), (.authors, authors?.joined(separator: ", ")), (.publisher, publisher),
                                                     (.series, series), (.description, description), (.subject, subject), (.keywords, keywords)]
        if let (field, _) = given.first(where: { $0.1.map(FileName.hasRawBytes) ?? false }) {
            throw CurationError.invalidField(field, reason: "the text is not valid UTF-8")
        }
        func text(_ value: String?, _ field: BookDetails.Field) {
            guard let value else { return }
            // A terminal prints these back to every reader of the library: no control characters.
            let cleaned = (field == .description ? TerminalText.lines(value) : TerminalText.line(value)).trimmingWhitespaceAndNewlines()
            values.append((field, cleaned.isEmpty ? nil : cleaned))
        }
        func checked(_ value: String?, _ field: BookDetails.Field, _ check: (String) throws -> String) throws {
            guard let value else { return }
            let cleaned = value.trimmingWhitespace()
            values.append((field, cleaned.isEmpty ? nil : try check(cleaned)))
        }
        if let title {
            let cleaned = TerminalText.line(title).trimmingWhitespaceAndNewlines()
            guard !cleaned.isEmpty else { throw CurationError.invalidField(.title, reason: "a title cannot be empty") }
            values.append((.title, cleaned))
        }
        if let authors {
            let names = authors.map { TerminalText.line($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            values.append((.authors, names.isEmpty ? nil : String(decoding: try JSONEncoder().encode(names), as: UTF8.self)))
        }
        try checked(year, .year) {
            guard let year = Int($0), (0...9999).contains(year) else { throw CurationError.invalidField(.year, reason: "'\($0)' is not a year") }
            return String(year)
        }
        text(publisher, .publisher)
        text(language, .language)
        text(series, .series)
        try checked(seriesIndex, .seriesIndex) {
            guard let index = Double($0), index.isFinite, index >= 0 else {
                throw CurationError.invalidField(.seriesIndex, reason: "'\($0)' is not a number")
            }
            return index == index.rounded() ? String(Int(index)) : String(index)
        }
        text(description, .description)
        text(subject, .subject)
        text(keywords, .keywords)
        try checked(isbn, .isbn) { try ISBN.normalized($0) }
        try checked(doi, .doi) {
            var doi = $0
            for prefix in ["https://doi.org/", "http://doi.org/", "http://dx.doi.org/", "https://dx.doi.org/", "doi:"]
            where doi.lowercased().hasPrefix(prefix) { doi = String(doi.dropFirst(prefix.count)) }
            guard doi.hasPrefix("10."), doi.contains("/"), !doi.contains(" ") else {
                throw CurationError.invalidField(.doi, reason: "'\($0)' is not a DOI (10.prefix/suffix)")
            }
            return doi
        }
        try checked(rating, .rating) {
            guard let rating = Int($0), (0...5).contains(rating) else {
                throw CurationError.invalidField(.rating, reason: "'\($0)' is not a rating from 0 to 5")
            }
            return String(rating)
        }
        return values
    }
}

/// ISBN-10 and ISBN-13, checked by their check digit.
enum ISBN {
    static func normalized(_ text: String) throws -> String {
        let digits = text.uppercased().filter { $0.isNumber || $0 == "X" }
        let invalid = CurationError.invalidField(.isbn, reason: "'\(text)' is not a valid ISBN (check digit)")
        guard text.allSatisfy({ $0.isNumber || $0 == "X" || $0 == "x" || $0 == "-" || $0 == " " }) else { throw invalid }
        let values = digits.map { $0 == "X" ? 10 : Int(String($0)) ?? 0 }
        switch values.count {
        case 10:
            guard !digits.dropLast().contains("X") else { throw invalid }
            let sum = values.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
            guard sum % 11 == 0 else { throw invalid }
        case 13:
            guard !digits.contains("X") else { throw invalid }
            let sum = values.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * $1.element }
            guard sum % 10 == 0 else { throw invalid }
        default:
            throw invalid
        }
        return digits
    }
}
