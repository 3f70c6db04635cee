import Foundation

/// RFC 4180 CSV: a header of column keys, one line per row, fields quoted
/// when they hold a comma, quote or line break. Dates are ISO 8601.
public enum CSVReportWriter {
    public static func csv(_ report: Report) -> String {
        let indices = report.columns.indices.filter { report.columns[$0].isData }
        var lines = [indices.map { field(report.columns[$0].key) }.joined(separator: ",")]
        for row in report.rows {
            lines.append(indices.map { field(plain(row[$0])) }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func plain(_ value: ReportValue) -> String {
        switch value {
        case .text(let text): return text
        case .number(let number): return String(number)
        case .date(let date): return ISO8601DateFormatter().string(from: date)
        case .image(let path): return path
        case .status(let text, _): return text
        case .none: return ""
        }
    }

    static func field(_ text: String) -> String {
        // Scalars, not Characters: "\r\n" and a comma followed by a combining
        // mark are single Characters that equal none of these.
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
