import BookIndexing
import BookLibrary
import FileOutput
import Foundation
import PDF

/// What `ibook ocr BOOK -o FILE` wrote.
public struct SearchableCopy: Codable, Sendable {
    public var output: String
    /// The pages that got an invisible text layer (1-based).
    public var pages: [Int]
    public var languages: [String]
    /// Pages OCR read for this copy (those it had never read, or all with --force).
    public var pagesRead: Int
}

extension Library {
    /// Writes a copy of the book's PDF in which every page without a text
    /// layer of its own has the words OCR found on it laid under it,
    /// invisible, so that other tools find and copy them. The words are the
    /// ones stored in the library: only pages OCR never read (every page,
    /// with `options.force`) are read first, and stored like `ocr` stores
    /// them. The copy appears whole or not at all.
    public func writeSearchableCopy(of book: Book, to output: String, options: OCROptions, stop: StopFlag = StopFlag(),
                                    onProgress: (OCRProgress) -> Void = { _ in },
                                    onResult: (OCRBookResult) -> Void = { _ in }) throws -> SearchableCopy {
        guard FileManager.default.fileExists(atPath: book.path) else { throw LibraryError.fileMissing(book.path) }
        let candidates = try pagesNeedingOCR(book, force: true)
        guard !candidates.isEmpty else { throw SearchableCopyError.nothingToAdd(book.path) }
        var reading = options
        reading.pages = Set(candidates)
        let run = try ocr([book], options: reading, stop: stop, onProgress: onProgress, onResult: onResult)
        if run.interrupted || stop.isSet { throw SearchableCopyError.interrupted }

        let document: PDFDocument
        do {
            document = try PDFDocument(path: book.path, password: options.password)
        } catch let error as PDFError {
            throw LibraryError.invalidArgument("\(book.path): \(error)")
        }
        let scratch = try ScratchFolder(purpose: "layer")
        // Referenced here so that it lives, and the folder stays, until the end of the scope.
        defer { scratch.remove() }

        // The layer first, one page per page with words, in order; then qpdf lays it under.
        let layer = try InvisibleTextLayer(path: scratch.file("layer.pdf"))
        var pages: [Int] = []
        for number in candidates {
            if stop.isSet { throw SearchableCopyError.interrupted }
            let words = try ocrWords(book, page: number)
            guard !words.isEmpty, let reading = try ocrReading(book, page: number) else { continue }
            guard let page = document.page(at: number - 1) else {
                throw LibraryError.invalidArgument("\(book.path): page \(number) cannot be read")
            }
            let size = page.size
            try layer.addPage(width: size.width, height: size.height, words: words, rotation: reading.rotation)
            pages.append(number)
        }
        try layer.finish()
        _ = PopplerDiagnostics.drain()
        guard !pages.isEmpty else { throw SearchableCopyError.noWords(book.path) }
        try AtomicFile.write(to: output) { temporary in
            try QPDFUnderlay.run(input: book.path, password: options.password, layer: layer.path, pages: pages,
                                   output: temporary)
        }
        return SearchableCopy(output: output, pages: pages, languages: try ocrSummary(book)?.languages ?? [],
                              pagesRead: run.pagesRead)
    }
}
