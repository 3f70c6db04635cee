import FileOutput
import Foundation

/// Writes a report in the chosen format, atomically: into a temporary file
/// beside the destination, renamed over it only when complete, so a failure
/// never leaves half a report behind.
public enum ReportExporter {
    public struct Result: Sendable {
        public var path: String
        /// PDF only.
        public var pages: Int?
        public var rows: Int
    }

    public static func export(_ report: Report, to path: String, options: ExportOptions) throws -> Result {
        if let logo = options.letterhead.logo, options.format == .pdf {
            guard FileManager.default.isReadableFile(atPath: logo), isPNG(logo) else { throw ReportError.missingLogo(logo) }
        }
        let pages: Int? = try AtomicFile.write(to: path) { temporary in
            do {
                switch options.format {
                case .pdf:
                    return try PDFReportWriter.write(report, to: temporary, options: options)
                case .csv:
                    try AtomicFile.create(temporary, holding: Data(CSVReportWriter.csv(report).utf8), for: path)
                case .json:
                    try AtomicFile.create(temporary, holding: try JSONReportWriter.json(report, generatedAt: options.now), for: path)
                }
            } catch let error as CocoaError {
                throw ReportError.cannotWrite(path, reason: error.localizedDescription)
            }
            return nil
        }
        return Result(path: path, pages: pages, rows: report.rows.count)
    }

    private static func isPNG(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return handle.readData(ofLength: 8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
