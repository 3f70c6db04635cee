import Foundation

/// A report as data, before it becomes a PDF, CSV or JSON: the same rows
/// in every format, so a spreadsheet and the printed page agree.
public struct Report: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case catalog, bookmarks, search, history
    }

    public var kind: Kind
    public var title: String
    public var subtitle: String?
    public var summary: [(label: String, value: String)]
    public var columns: [ReportColumn]
    public var rows: [[ReportValue]]
    public var totals: [ReportValue]?
    /// Words for the file name, e.g. the query of a search.
    public var nameHint: String?

    public init(kind: Kind, title: String, subtitle: String? = nil, summary: [(label: String, value: String)] = [],
                columns: [ReportColumn], rows: [[ReportValue]], totals: [ReportValue]? = nil, nameHint: String? = nil) {
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.summary = summary
        self.columns = columns
        self.rows = rows
        self.totals = totals
        self.nameHint = nameHint
    }
}

public struct ReportColumn: Sendable {
    public enum Kind: Sendable {
        case text, number, date, image, status
    }

    /// Stable key used as the CSV header and JSON field name.
    public var key: String
    /// What the PDF prints above the column, in the report's language.
    public var header: String
    public var kind: Kind
    public var weight: Double
    public var maxLines: Int
    /// Some columns only help a script (a page label, the bare match) and stay off the printed page.
    public var printed: Bool

    public init(key: String, header: String, kind: Kind = .text, weight: Double = 1, maxLines: Int = 3, printed: Bool = true) {
        self.key = key
        self.header = header
        self.kind = kind
        self.weight = weight
        self.maxLines = maxLines
        self.printed = printed
    }

    /// Pictures have no place in a CSV or JSON file.
    public var isData: Bool { kind != .image }
}

public enum ReportValue: Sendable, Equatable {
    case text(String)
    case number(Int)
    case date(Date)
    /// A PNG file, e.g. a cover thumbnail.
    case image(String)
    case status(String, Tone)
    case none

    public enum Tone: Sendable, Equatable {
        case good, progress, neutral
    }
}
