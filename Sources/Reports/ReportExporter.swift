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
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportError.cannotWrite(path, reason: "no such folder")
        }
        if let logo = options.letterhead.logo, options.format == .pdf {
            guard FileManager.default.isReadableFile(atPath: logo), isPNG(logo) else { throw ReportError.missingLogo(logo) }
        }
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        var pages: Int?
        do {
            switch options.format {
            case .pdf:
                pages = try PDFReportWriter.write(report, to: temporary, options: options)
            case .csv:
                try Data(CSVReportWriter.csv(report).utf8).write(to: URL(fileURLWithPath: temporary))
            case .json:
                try JSONReportWriter.json(report, generatedAt: options.now).write(to: URL(fileURLWithPath: temporary))
            }
        } catch let error as CocoaError {
            throw ReportError.cannotWrite(path, reason: error.localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            throw ReportError.cannotWrite(path, reason: String(cString: strerror(errno)))
        }
        return Result(path: path, pages: pages, rows: report.rows.count)
    }

    private static func isPNG(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return handle.readData(ofLength: 8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
