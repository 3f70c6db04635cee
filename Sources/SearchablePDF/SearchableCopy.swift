import BookIndexing
import BookLibrary
import FileOutput
import Foundation
import OCR
import PDF

/// What `ibook ocr BOOK -o FILE` wrote.
public struct SearchableCopy: Codable, Sendable {
    public var output: String
    /// The pages that got an invisible text layer (1-based).
    public var pages: [Int]
    public var languages: [String]
}

extension Library {
    /// Writes a copy of the book's PDF in which every page without a text
    /// layer of its own (the pages OCR reads) has tesseract's invisible text
    /// laid under it, so that other tools find and copy the words. The copy
    /// appears whole or not at all.
    public func writeSearchableCopy(of book: Book, to output: String, languages: [String]?, password: String?,
                                    dpi: Int = 300, stop: StopFlag = StopFlag(),
                                    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> SearchableCopy {
        guard FileManager.default.fileExists(atPath: book.path) else { throw LibraryError.fileMissing(book.path) }
        let pages = try pagesNeedingOCR(book, force: true)
        guard !pages.isEmpty else { throw SearchableCopyError.nothingToAdd(book.path) }
        let stored = try ocrSummary(book)?.languages ?? []
        let codes = languages ?? (stored.isEmpty ? ["eng"] : stored)
        let document: PDFDocument
        do {
            document = try PDFDocument(path: book.path, password: password)
        } catch let error as PDFError {
            throw LibraryError.invalidArgument("\(book.path): \(error)")
        }
        let scratch = NSTemporaryDirectory() + "ibook-layer-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        // The layer first, one page per scanned page, in order; then qpdf lays it under.
        let layer = try TextLayerPDF(outputBase: scratch + "/layer", languages: codes)
        for (index, number) in pages.enumerated() {
            if stop.isSet { throw SearchableCopyError.interrupted }
            progress(index, pages.count)
            guard let page = document.page(at: number - 1) else {
                throw LibraryError.invalidArgument("\(book.path): page \(number) cannot be read")
            }
            try layer.add(try page.renderGrey(dpi: Double(dpi)), dpi: dpi)
        }
        try layer.finish()
        progress(pages.count, pages.count)
        _ = PopplerDiagnostics.drain()
        try AtomicFile.write(to: output) { temporary in
            try QPDFUnderlay().run(input: book.path, password: password, layer: layer.path, pages: pages, output: temporary)
        }
        return SearchableCopy(output: output, pages: pages, languages: codes)
    }
}
