import FileNames
import FileOutput
import Foundation
import PDF

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

    /// Renders one page (1-based) of the PDF report to a PNG whose longer side
    /// is `maxPixels`; the PDF itself is not kept. `pages` is the report's page count.
    public static func preview(_ report: Report, page: Int, to png: String, options: ExportOptions,
                               maxPixels: Int = 1200) throws -> Result {
        var options = options
        options.format = .pdf
        // Beside the PNG, where the person asked for files to go (and under a
        // name an interrupted run sweeps up), not in a shared /tmp.
        let scratch = AtomicFile.temporaryPath(beside: (png as NSString).deletingPathExtension + ".pdf")
        defer { FileName.withCString(scratch) { _ = unlink($0) } }
        let written = try export(report, to: scratch, options: options)
        let document = try PDFDocument(path: scratch)
        guard let rendered = document.page(at: page - 1) else {
            throw PDFError.pageOutOfRange(page, count: document.pageCount)
        }
        try rendered.writePNG(to: png, maxPixels: maxPixels)
        return Result(path: png, pages: written.pages, rows: written.rows)
    }

    private static func isPNG(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return handle.readData(ofLength: 8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
