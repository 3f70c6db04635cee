import FileNames
import BookLibrary
import Foundation
import PDF
import ReflowDocuments

/// Moves one extracted book from its spool files (one a part the book was
/// read in, in page order) into the library, in a single transaction: a kill
/// at any moment leaves either the whole book or none of it.
struct BookImporter {
    let library: Library

    enum Outcome {
        case added(Book)
        case alreadyPresent(Book)
        case failed(String)
    }

    /// Returns what happened and what poppler said about the file.
    func importBook(spoolPaths: [String], path: String, sha256: String, size: Int,
                    onPage: (Int) -> Void) throws -> (Outcome, diagnostics: [String])
    {
        let readers = spoolPaths.compactMap(SpoolReader.init(path:))
        guard let reader = readers.first, readers.count == spoolPaths.count else {
            return (.failed("could not be read (no output)"), [])
        }
        guard case .document(let document)? = reader.next() else {
            return (.failed("could not be read (parser crashed)"), [])
        }
        // An EPUB read by chapters: each part says which, before its pages.
        var parts: [ChapterPartRecord] = []
        var pushedBack: ExtractionRecord?
        if document.format != .pdf {
            for (index, reader) in readers.enumerated() {
                let record = reader.next()
                if case .chapters(let part)? = record {
                    parts.append(part)
                } else if index == 0 {
                    pushedBack = record
                    break
                } else {
                    throw ImportAbort.incomplete
                }
            }
        }
        let join: ChapterPartsJoin?
        if parts.isEmpty {
            join = nil
            guard readers.count == 1 || document.format == .pdf else { throw ImportAbort.incomplete }
        } else {
            guard parts.count == readers.count, let joined = ChapterPartsJoin(parts) else { throw ImportAbort.incomplete }
            join = joined
        }
        let pageCount = join?.pageCount ?? document.pageCount
        let chosen = MetadataChoice.choose(from: document.candidates(path: path))
        var book = NewBook(sha256: sha256, path: path, size: size, choice: chosen, pageCount: pageCount)
        book.declared = document.metadata
        book.outline = (join?.outline ?? document.outline).map { NewBook.OutlineItem(depth: $0.depth, title: $0.title, page: $0.page) }
        book.format = document.format
        for (name, value) in document.declaredDetails {
            if let field = BookDetails.Field(rawValue: name) { book.declaredDetails[field] = value }
        }
        var ends: [EndRecord] = []
        let inserted = try library.insert(book) { add in
            var pagesSeen = 0
            var annotations: [NewAnnotation] = []
            for (index, reader) in readers.enumerated() {
                // A part's pages are numbered from its first; the book's follow the parts before it.
                let offset = join?.offsets[index] ?? 0
                var first = index == 0 ? pushedBack : nil
                while let record = first ?? reader.next() {
                    first = nil
                    switch record {
                    case .page(let page):
                        guard page.page + offset == pagesSeen + 1 else { throw ImportAbort.incomplete }
                        let number = pagesSeen + 1
                        try add(NewPage(page: number, label: join.map { $0.labels[number - 1] } ?? page.label, text: page.text))
                        annotations += page.annotations ?? []
                        pagesSeen += 1
                        onPage(pagesSeen)
                    case .end(let record):
                        ends.append(record)
                    case .document, .failure, .chapters:
                        break
                    }
                }
            }
            guard ends.count == readers.count, pagesSeen == pageCount else { throw ImportAbort.incomplete }
            // In the book's transaction, like its pages. A shared library keeps no annotations yet.
            if library.capabilities.contains(.annotations) { try library.replaceAnnotationsFromPDF(sha256: sha256, annotations) }
        }
        if case .added = inserted, let join, let first = parts.first {
            PartLayoutCache.keep(join, first, size: size)
        }
        switch inserted {
        case .added(let book):
            // Each part opened the file and may have heard the same complaint.
            var heard = Set<String>()
            return (.added(book), ends.flatMap(\.diagnostics).filter { heard.insert($0).inserted })
        case .alreadyPresent(let book): return (.alreadyPresent(book), [])
        }
    }

    enum ImportAbort: Error { case incomplete }
}
