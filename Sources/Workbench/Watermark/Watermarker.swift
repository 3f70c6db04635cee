import FileOutput
import Foundation
import QPDF
import PDF
import PageRanges

/// What a watermarking run did.
public struct WatermarkResult: Codable, Equatable, Sendable {
    public var output: String
    public var pageCount: Int
    /// 1-based pages that received the watermark.
    public var pages: [Int]
    /// Distinct stamp pages drawn (one per displayed page size).
    public var stampCount: Int
}

/// Stamps text on the pages of a PDF and writes the result to a new file,
/// leaving everything else in the document (text, outline, links, labels,
/// metadata, annotations, encryption) as qpdf found it.
public struct Watermarker {
    public let options: WatermarkOptions

    public init(options: WatermarkOptions) {
        self.options = options
    }

    /// Writes the watermarked document to `output` atomically. Nothing is
    /// left at `output` (or beside it) when this throws.
    @discardableResult
    public func watermark(input: String, output: String, overwritingInput: Bool = false,
                          progress: ((Int) -> Void)? = nil) throws -> WatermarkResult {
        if !overwritingInput, Self.isSameFile(input, output) { throw WatermarkError.wouldOverwriteInput }
        let plan = try prepare(input: input, pages: options.pages)
        let destination = URL(fileURLWithPath: output).standardizedFileURL
        try AtomicFile.write(to: destination.path) { temporary in
            try plan.stamp(input: input, password: options.password, layer: options.layer,
                           output: temporary, keepOnlyPage: nil, progress: progress)
        }
        return WatermarkResult(output: destination.path, pageCount: plan.pageCount, pages: plan.pages,
                               stampCount: plan.stamps.count)
    }

    /// Renders one page (a number or a label) as it would look watermarked,
    /// to a PNG whose longer side is `maxPixels`. No PDF is written.
    public func preview(input: String, page: String, png: String, maxPixels: Int = 1200) throws {
        let document = try PDFDocument(path: input, password: options.password)
        var parser = PageRangeParser(pageCount: document.pageCount, labels: { Self.labels(of: document) })
        let target = try parser.parse(page)
        guard target.count == 1, let number = target.first else { throw PageRangeError.badPageRange(page) }
        // The page keeps the watermark only if the --pages range includes it.
        let selected = try options.pages.map { try parser.parse($0) } ?? [number]
        let plan = try prepare(input: input, pages: selected.contains(number) ? String(number) : nil, document: document,
                               stampNothing: !selected.contains(number))
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let single = directory + "/preview.pdf"
        try plan.stamp(input: input, password: options.password, layer: options.layer,
                       output: single, keepOnlyPage: number, progress: nil)
        let rendered = try PDFDocument(path: single, password: options.password)
        guard let pdfPage = rendered.page(at: 0) else { throw PDFError.noPages }
        try pdfPage.writePNG(to: png, maxPixels: maxPixels)
    }

    // MARK: - Planning

    private func prepare(input: String, pages: String?, document: PDFDocument? = nil,
                         stampNothing: Bool = false) throws -> StampPlan {
        guard !options.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw WatermarkError.emptyText }
        let font = try FontResolver.resolve(options.font)
        // poppler gives the precise reasons a file cannot be opened.
        let document = try document ?? PDFDocument(path: input, password: options.password)
        let pageCount = document.pageCount
        guard pageCount > 0 else { throw PDFError.noPages }
        var selected: [Int] = []
        if !stampNothing {
            if let pages {
                var parser = PageRangeParser(pageCount: pageCount, labels: { Self.labels(of: document) })
                selected = try parser.parse(pages)
            } else {
                selected = Array(1...pageCount)
            }
        }
        var stamps: [StampSize] = []
        var stampIndex: [StampSize: Int] = [:]
        var targets: [[Int]] = []
        do {
            let file = try QPDFDocument(path: input, password: options.password)
            for page in selected {
                let size = try PageGeometry(ofPage: page - 1, in: file).displayedSize
                if let index = stampIndex[size] {
                    targets[index].append(page)
                } else {
                    stampIndex[size] = stamps.count
                    stamps.append(size)
                    targets.append([page])
                }
            }
        } catch let error as QPDFError {
            throw WatermarkError.qpdf(error.message)
        }
        return StampPlan(renderer: WatermarkRenderer(options: options, font: font), pageCount: pageCount,
                         pages: selected, stamps: stamps, targets: targets)
    }

    static func labels(of document: PDFDocument) -> [String?] {
        (0..<document.pageCount).map { document.page(at: $0)?.label }
    }

    /// Where this process draws its stamps, inside the system's temporary folder.
    public static var scratchPrefix: String { "ibook-watermark-\(getpid())-" }

    static func scratchDirectory() throws -> String {
        let path = NSTemporaryDirectory() + scratchPrefix + "\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw WatermarkError.cannotWrite("no temporary folder: \(error.localizedDescription)")
        }
        return path
    }

    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}

/// Which stamp goes on which pages, and the run that applies them.
struct StampPlan {
    let renderer: WatermarkRenderer
    let pageCount: Int
    let pages: [Int]
    let stamps: [StampSize]
    /// For each stamp, the pages it goes on.
    let targets: [[Int]]

    func stamp(input: String, password: String?, layer: WatermarkLayer, output: String,
               keepOnlyPage: Int?, progress: ((Int) -> Void)?) throws {
        let directory = try Watermarker.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var assignments: [PDFOverlay.Assignment] = []
        let stampPath = directory + "/stamp.pdf"
        if !stamps.isEmpty {
            try renderer.writeStamps(stamps, to: stampPath)
            assignments = targets.enumerated().map { PDFOverlay.Assignment(stampPage: $0.offset + 1, targetPages: $0.element) }
            if let keepOnlyPage {
                assignments = assignments.filter { $0.targetPages.contains(keepOnlyPage) }
                    .map { PDFOverlay.Assignment(stampPage: $0.stampPage, targetPages: [1]) }
            }
        }
        try PDFOverlay.run(input: input, password: password, stamp: stampPath, layer: layer,
                             assignments: assignments, output: output, keepOnlyPage: keepOnlyPage, progress: progress)
    }
}
