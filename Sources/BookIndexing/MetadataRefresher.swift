import BookLibrary
import FileOutput
import Foundation

/// Reads books' files again for their metadata, XMP and title page, in a
/// worker process like `add`, and stores the titles and authors derived.
struct MetadataRefresher {
    let library: Library
    let options: AddOptions
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
            let request = ExtractionRequest(
                path: book.path, password: options.password, spoolPath: "\(directory)/\(index).jsonl",
                thumbnailPath: nil, thumbnailSize: options.thumbnailSize, metadataOnly: true)
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
                let metadata = record.metadata
                let derived = DerivedMetadata(
                    candidates: record.candidates(path: book.path), subject: metadata.subject,
                    keywords: metadata.keywords, creator: metadata.creator, producer: metadata.producer,
                    created: metadata.created, modified: metadata.modified,
                    catalogLanguage: record.catalogLanguage, xmpLanguage: metadata.language)
                do {
                    let before = try library.stemmingLanguage(of: book)
                    let updated = try library.applyDerived(derived, to: book)
                    let after = try library.stemmingLanguage(of: updated)
                    onResult(RefreshResult(
                        path: book.path, book: updated, previousTitle: book.title, previousAuthor: book.author,
                        changed: updated.title != book.title || updated.author != book.author || before != after,
                        previousStemming: before != after ? before : nil, stemming: before != after ? after : nil))
                } catch {
                    onResult(RefreshResult(path: book.path, book: book, reason: "not updated: \(error)"))
                }
            }
        }
    }
}

extension Library {
    /// Derives the titles and authors of books already in the library again
    /// from their files, without adding them anew.
    public func refreshMetadata(_ books: [Book], options: AddOptions, stop: StopFlag = StopFlag(),
                                onResult: (RefreshResult) -> Void) {
        MetadataRefresher(library: self, options: options, stop: stop).refresh(books, onResult: onResult)
    }
}
