import Drawing
import Foundation

public enum ReportFormat: String, CaseIterable, Sendable {
    case pdf, csv, json
}

/// How a report is written: format, paper, who made it and when.
public struct ExportOptions: Sendable {
    public var format: ReportFormat
    public var paper: PaperSize
    /// nil: landscape for five or more printed columns, else portrait.
    public var orientation: Orientation?
    public var letterhead: LetterheadSettings
    public var user: String
    public var now: Date
    public var locale: ReportLocale

    public init(format: ReportFormat = .pdf, paper: PaperSize = .a4, orientation: Orientation? = nil,
                letterhead: LetterheadSettings = LetterheadSettings(), user: String, now: Date = Date(),
                locale: ReportLocale = .english) {
        self.format = format
        self.paper = paper
        self.orientation = orientation
        self.letterhead = letterhead
        self.user = user
        self.now = now
        self.locale = locale
    }

    public func orientation(for report: Report) -> Orientation {
        orientation ?? (report.columns.filter(\.printed).count >= 5 ? .landscape : .portrait)
    }
}
