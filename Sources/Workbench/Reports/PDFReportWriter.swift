import Drawing
import Foundation

/// Draws a report: letterhead, title, summary cards, then the table, with
/// the footer on every page.
public enum PDFReportWriter {
    /// Writes to `path` and returns the page count.
    public static func write(_ report: Report, to path: String, options: ExportOptions) throws -> Int {
        let locale = options.locale
        let strings = locale.strings
        let footer = PageFooter(leftText: strings.generatedBy(user: options.user, date: locale.formatDateTime(options.now)),
                                pageText: { strings.pageFooter($0, $1) })
        let letterhead = options.letterhead.letterhead(defaultName: strings.defaultOrganisation)
        let renderer = PDFRenderer(paper: options.paper, orientation: options.orientation(for: report), footer: footer,
                                   language: locale.languageTag,
                                   metadata: ["title": report.title + (report.subtitle.map { " — " + $0 } ?? ""),
                                              "author": letterhead.name, "creator": "ibook"])
        let printed = report.columns.indices.filter { report.columns[$0].printed }
        let table = DataTable(
            columns: printed.map { index in
                let column = report.columns[index]
                return DataTable.Column(column.header, weight: column.weight,
                                        alignment: column.kind == .number ? .trailing : column.kind == .image ? .center : .leading,
                                        maxLines: column.maxLines)
            },
            rows: report.rows.map { row in printed.map { cell(row[$0], locale: locale) } },
            totals: report.totals.map { totals in printed.map { cell(totals[$0], locale: locale, blankWhenEmpty: true) } })
        return try renderer.render(to: path) { canvas in
            letterhead.draw(on: canvas)
            ReportTitle(report.title, subtitle: report.subtitle).draw(on: canvas)
            SummaryCards(report.summary.map { SummaryCards.Card(label: $0.label, value: $0.value) }).draw(on: canvas)
            if report.rows.isEmpty {
                canvas.drawText(strings.emptyReport, style: TextStyle(size: 10, italic: true, color: .secondaryText),
                                x: canvas.left, y: canvas.y, width: canvas.contentWidth)
            } else {
                table.draw(on: canvas)
            }
        }
    }

    static func cell(_ value: ReportValue, locale: ReportLocale, blankWhenEmpty: Bool = false) -> DataTable.Cell {
        switch value {
        case .text(let text): return .text(text)
        case .number(let number): return .text(locale.formatNumber(number))
        case .date(let date): return .text(locale.formatDate(date))
        case .image(let path): return .image(path: path)
        case .status(let text, let tone):
            return .badge(text, tone == .good ? .success : tone == .progress ? .accent : .neutral)
        case .none: return blankWhenEmpty ? .empty : .text(locale.strings.never)
        }
    }
}
