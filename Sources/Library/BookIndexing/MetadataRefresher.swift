import BookLibrary
import FileOutput
import Foundation

/// Reads books' files again for their metadata, XMP and title page, in a
/// worker process like `add`, and stores the titles and authors derived;
/// with `text`, the pages' text too, stored (and indexed) where the
/// extraction now reads it differently.
struct MetadataRefresher {
    let library: Library
    let options: AddOptions
    let text: Bool
    let stop: StopFlag

    func refresh(_ books: [Book], onResult: (RefreshResult) -> Void) {
        let scratch: ScratchFolder
        do {
            scratch = try ScratchFolder(purpose: "refresh")
        } catch {
            for book in books { onResult(RefreshResult(path: book.path, book: book, reason: "\(error)")) }
            return
        }
        let directory = scratch.path
        // Referenced here so that it lives, and the folder stays, until the end of the scope.
        defer { scratch.remove() }
        var pool: WorkerPool?
        if case .workerProcess(let executable) = options.isolation {
            pool = WorkerPool(executable: executable, memoryLimit: options.memoryLimit, directory: directory)
        }
        for (index, book) in books.enumerated() where !stop.isSet {
            guard FileManager.default.fileExists(atPath: book.path) else {
                onResult(RefreshResult(path: book.path, book: book, reason: "missing (see 'ibook relocate')"))
                continue
            }
            // Text read from other content would be filed under this book's pages.
            let sameContent = text && (try? SHA256.hex(ofFileAt: book.path)) == book.sha256
            let request = ExtractionRequest(
                path: book.path, password: options.password, spoolPath: "\(directory)/\(index).spool",
                thumbnailPath: nil, thumbnailSize: options.thumbnailSize, metadataOnly: !sameContent)
            defer { unlink(request.spoolPath) }
            switch ExtractionJob.run(request, pool: pool, timeout: options.timeout, stop: stop) {
            case .stopped:
                return
            case .failed(let reason, _):
                onResult(RefreshResult(path: book.path, book: book, reason: reason))
            case .finished:
                guard let reader = SpoolReader(path: request.spoolPath), case .document(let record)? = reader.next() else {
                    onResult(RefreshResult(path: book.path, book: book, reason: "could not be read (no output)"))
                    continue
                }
                let derived = DerivedMetadata(candidates: record.candidates(path: book.path), declared: record.metadata)
                var pages: [Int: String] = [:]
                while sameContent, let next = reader.next() {
                    if case .page(let page) = next { pages[page.page] = page.text }
                }
                do {
                    let before = try library.stemmingLanguage(of: book)
                    let updated = try library.applyDerived(derived, to: book)
                    let after = try library.stemmingLanguage(of: updated)
                    // Complete or not at all: a spool cut short leaves the stored text as it is.
                    let newText = sameContent && pages.count == book.pageCount
                        ? try library.replaceExtractedText(updated, pages: pages) : nil
                    onResult(RefreshResult(
                        path: book.path, book: updated, previousTitle: book.title, previousAuthor: book.author,
                        changed: updated.title != book.title || updated.author != book.author || before != after,
                        previousStemming: before != after ? before : nil, stemming: before != after ? after : nil,
                        pagesWithNewText: newText,
                        textNotRead: text && !sameContent ? "the file's content is not the book's (hash mismatch)" : nil))
                } catch {
                    onResult(RefreshResult(path: book.path, book: book, reason: "not updated: \(error)"))
                }
            }
        }
    }
}

extension Library {
    /// Derives the titles and authors of books already in the library again
    /// from their files, without adding them anew; with `text`, their pages'
    /// text too (see `replaceExtractedText`).
    public func refreshMetadata(_ books: [Book], options: AddOptions, text: Bool = false, stop: StopFlag = StopFlag(),
                                onResult: (RefreshResult) -> Void) {
        MetadataRefresher(library: self, options: options, text: text, stop: stop).refresh(books, onResult: onResult)
    }
}
