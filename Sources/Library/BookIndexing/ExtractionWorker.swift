import BookLibrary
import FileNames
import BookOpening
import FileOutput
import Foundation
import PDF
import Raster
import ReflowDocuments
import Workers

/// The extracting side: opens one PDF and streams what the library stores
/// into a spool file. Runs inside a worker process so that a parser crash or
/// hang costs one file, not the batch.
public enum ExtractionWorker {
    public static let modeArgument = "__extract"

    /// Entry point of the hidden worker mode (`WorkerLoop`): extracts each
    /// request and answers done, or unreadable (the reason is in the spool).
    /// Returns the exit status, or nil when not started by `ibook add`.
    public static func runAsWorkerProcess() -> Int32? {
        WorkerLoop.serve(ExtractionRequest.self) { request in
            WorkerReply(extract(request, mapped: true) ? WorkerAnswer.done : .unreadable)
        }
    }

    /// Writes the spool; false when the file could not be read (the spool then
    /// holds the reason).
    /// `mapped`: the PDF is read through a memory mapping, which only an
    /// isolated worker may do (a file cut short meanwhile kills the process).
    @discardableResult
    static func extract(_ request: ExtractionRequest, mapped: Bool = false) -> Bool {
        guard let spool = try? SpoolWriter(path: request.spoolPath) else { return false }
        // This file's own diagnostics, even when others are read at once on other threads.
        let log = PopplerLog()
        return PopplerDiagnostics.collect(into: log) { extract(request, into: spool, log: log, mapped: mapped) }
    }

    private static func extract(_ request: ExtractionRequest, into spool: SpoolWriter, log: PopplerLog, mapped: Bool) -> Bool {
        do {
            let opened: BookOpener.Opened
            do {
                opened = try BookOpener.open(path: request.path, password: request.password, mapped: mapped,
                                             chapters: chapterSelection(request))
            } catch let error as ReflowError where request.chapterCount != nil {
                // The chapters the first part counted are not this file's: it changed meanwhile.
                if FileName.size(request.path) != request.expectedSize { throw PartError.fileChanged }
                throw error
            }
            let document = opened.document
            let pageCount = document.pageCount
            guard pageCount > 0 else { throw PDFError.noPages }
            let pdf = document as? PDFDocument
            let part = (document as? ReflowBook)?.engine.part
            if request.pagesOnly == true {
                guard part != nil || pageCount == request.expectedPageCount, FileName.size(request.path) == request.expectedSize else {
                    throw PartError.fileChanged
                }
            } else if let pdf {
                var metadata = pdf.metadata
                metadata.catalogLanguage = CatalogLanguage(path: request.path, password: request.password).tag
                try spool.write(.document(DocumentRecord(
                    metadata: metadata, pageCount: pageCount, outline: pdf.outline(),
                    xmp: pdf.xmpMetadata, titlePage: TitlePage.read(pdf))))
            } else if let reflow = document as? ReflowBook {
                try spool.write(.document(ReflowRecord.document(reflow, plainText: opened.plainText)))
            }
            if let reflow = document as? ReflowBook, let part, request.metadataOnly != true {
                guard let record = ReflowRecord.part(reflow, part, first: request.pagesOnly != true) else {
                    throw ReflowError.damaged("its table of contents cannot be read in parts")
                }
                try spool.write(.chapters(record))
            }
            if request.metadataOnly == true {
                try spool.write(.end(EndRecord(thumbnail: nil, diagnostics: PopplerDiagnostics.drain())))
                spool.flush()
                return true
            }
            // A PDF is read in ranges of pages, an EPUB in parts by chapters; any other book whole.
            let first = part?.firstPage ?? (pdf == nil ? 1 : max(request.firstPage ?? 1, 1))
            let last = part.map { $0.firstPage + $0.pageCount - 1 } ?? (pdf == nil ? pageCount : min(request.lastPage ?? pageCount, pageCount))
            for number in stride(from: first, through: last, by: 1) {
                if part != nil {
                    // Numbered from the part's first page, labelled when every part is back (ChapterPartsJoin).
                    try spool.write(.page(PageRecord(page: number - first + 1, label: nil, text: document.pageText(number),
                                                     annotations: nil)))
                } else if let page = pdf?.page(at: number - 1) {
                    let annotations = page.libraryAnnotations()
                    try spool.write(.page(PageRecord(page: number, label: page.label, text: page.text,
                                                     annotations: annotations.isEmpty ? nil : annotations)))
                } else {
                    try spool.write(.page(PageRecord(page: number, label: document.pageLabel(number),
                                                     text: document.pageText(number), annotations: nil)))
                }
            }
            if request.pagesOnly == true {
                try spool.write(.end(EndRecord(thumbnail: nil, diagnostics: log.lines)))
                spool.flush()
                return true
            }
            var thumbnail: String?
            if let path = request.thumbnailPath {
                if FileManager.default.fileExists(atPath: path) {
                    thumbnail = path
                } else if let cover = try? document.cover(maxPixels: min(max(request.thumbnailSize, 16), 8192)),
                          (try? PrivateFile.write(PNGEncoder.encode(cover), to: path)) != nil {
                    thumbnail = path
                }
            }
            try spool.write(.end(EndRecord(thumbnail: thumbnail, diagnostics: log.lines)))
            spool.flush()
            return true
        } catch let error as PDFError {
            try? spool.write(.failure(FailureRecord(reason: error.description, diagnostics: log.lines)))
        } catch {
            try? spool.write(.failure(FailureRecord(reason: String(describing: error), diagnostics: log.lines)))
        }
        spool.flush()
        return false
    }

    /// The chapters a request asks for: a first part of a long EPUB, a later one, or the whole book.
    private static func chapterSelection(_ request: ExtractionRequest) -> ChapterSelection {
        if let count = request.chapterCount, let first = request.firstChapter, let last = request.lastChapter, first <= last {
            return .chapters(first...last, of: count)
        }
        if let parts = request.chapterParts, parts >= 1, request.metadataOnly != true { return .firstOf(parts: parts) }
        return .all
    }

    enum PartError: Error, CustomStringConvertible {
        case fileChanged
        var description: String { "changed while it was being added (add it again)" }
    }
}
