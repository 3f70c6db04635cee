import Foundation

/// The report as one JSON object; rows are objects keyed by column key,
/// numbers as numbers, dates as ISO 8601 strings, empty cells as null.
public enum JSONReportWriter {
    public static func json(_ report: Report, generatedAt: Date) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(Document(report: report, generatedAt: generatedAt))
        data.append(0x0A)
        return data
    }

    private struct Document: Encodable {
        let report: Report
        let generatedAt: Date

        enum CodingKeys: String, CodingKey { case report, title, subtitle, generatedAt, summary, columns, rows }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let indices = report.columns.indices.filter { report.columns[$0].isData }
            try container.encode(report.kind.rawValue, forKey: .report)
            try container.encode(report.title, forKey: .title)
            try container.encodeIfPresent(report.subtitle, forKey: .subtitle)
            try container.encode(generatedAt, forKey: .generatedAt)
            try container.encode(report.summary.map { ["label": $0.label, "value": $0.value] }, forKey: .summary)
            try container.encode(indices.map { report.columns[$0].key }, forKey: .columns)
            try container.encode(report.rows.map { row in Row(keys: indices.map { report.columns[$0].key },
                                                                 values: indices.map { row[$0] }) }, forKey: .rows)
        }
    }

    private struct Row: Encodable {
        let keys: [String]
        let values: [ReportValue]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in zip(keys, values) {
                let codingKey = Key(stringValue: key)
                switch value {
                case .text(let text): try container.encode(text, forKey: codingKey)
                case .number(let number): try container.encode(number, forKey: codingKey)
                case .date(let date): try container.encode(ISO8601DateFormatter().string(from: date), forKey: codingKey)
                case .image(let path): try container.encode(path, forKey: codingKey)
                case .status(let text, _): try container.encode(text, forKey: codingKey)
                case .none: try container.encodeNil(forKey: codingKey)
                }
            }
        }
    }
}
