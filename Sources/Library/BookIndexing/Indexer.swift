import FileNames
import BookLibrary
import FileOutput
import Foundation
import PDF
import ReflowDocuments

/// Adds PDFs to the library. Files are extracted in parallel (each in its
/// own worker, which opens its own document) while this thread, the only
/// writer, commits one book per transaction as extractions finish.
struct Indexer {
    let library: Library
    let options: AddOptions
    let stop: StopFlag

    private final class Finished: @unchecked Sendable {
        let condition = NSCondition()
        var items: [PartDone] = []

        func push(_ done: PartDone) {
            condition.lock()
            items.append(done)
            condition.signal()
            condition.unlock()
        }

        /// Waits for at least one, then takes every one there is.
        func popAll() -> [PartDone] {
            condition.lock()
            while items.isEmpty { condition.wait() }
            defer { items.removeAll(); condition.unlock() }
            return items
        }

        /// Takes every one there is, without waiting.
        func popAvailable() -> [PartDone] {
            condition.lock()
            defer { items.removeAll(); condition.unlock() }
            return items
        }
    }

    private struct PartDone {
        var index: Int
        var part: Int
        var result: ExtractionJob.Result
    }

    /// A file being extracted: its first part, then (once that part has said
    /// how many pages the PDF has) the others.
    private struct Pending {
        var path: String
        var sha256: String
        var size: Int
        var parts: [ExtractionRequest]
        var results: [Int: ExtractionJob.Result] = [:]
        /// Known once the first part is back.
        var partCount: Int?

        var isExtracted: Bool { partCount.map { results.count == $0 } ?? false }

        /// Stopped if any part was; else the first part's failure; else finished.
        var result: ExtractionJob.Result {
            let inOrder = results.sorted { $0.key < $1.key }.map(\.value)
            if inOrder.contains(where: { if case .stopped = $0 { true } else { false } }) { return .stopped }
            if let failure = inOrder.first(where: { if case .failed = $0 { true } else { false } }) { return failure }
            return .finished(printed: inOrder.flatMap { result -> [String] in
                if case .finished(let printed) = result { return printed }
                return []
            })
        }
    }

    /// Pages the first part of a PDF holds: most books are read in one part.
    static let pagesInFirstPart = 96

    /// How a long PDF's other pages are split: into twice as many parts as
    /// there are workers, so that the cores share it to its end. Not more:
    /// each part walks poppler's page tree from the start to its first page
    /// (for the 3,338-page Ada manual, 115 ms to reach page 3,000).
    static func partRanges(after firstPart: Int, pageCount: Int, workers: Int) -> [ClosedRange<Int>] {
        let rest = pageCount - firstPart
        guard rest > 0 else { return [] }
        let parts = max(1, min(2 * workers, rest / pagesInFirstPart))
        let size = (rest + parts - 1) / parts
        return stride(from: firstPart + 1, through: pageCount, by: size).map { $0...min($0 + size - 1, pageCount) }
    }

    func add(paths: [String], onProgress: (AddProgress) -> Void, onResult: (AddResult) -> Void) -> AddSummary {
        var summary = AddSummary()
        func report(_ result: AddResult) {
            switch result.status {
            case .added: summary.added += 1
            case .alreadyPresent: summary.alreadyPresent += 1
            case .failed: summary.failed += 1
            }
            onResult(result)
        }

        let collected = FileCollector.collect(paths)
        for failure in collected.failures {
            report(AddResult(path: failure.path, status: .failed, reason: failure.reason))
        }
        let files = collected.files
        let scratch: ScratchFolder
        do {
            scratch = try ScratchFolder(purpose: "add")
        } catch {
            for file in files { report(AddResult(path: file, status: .failed, reason: "\(error)")) }
            return summary
        }
        let spoolDirectory = scratch.path
        // Referenced here so that it lives, and the folder stays, until the end of the scope.
        defer { scratch.remove() }

        let finished = Finished()
        var pending: [Int: Pending] = [:]
        var inFlightHashes: [String: Int] = [:]
        var deferredDuplicates: [(path: String, sha256: String)] = []
        var filesDone = 0
        var lastBook: Book?
        // Once the shared library's server is gone nothing more can be written this run:
        // the book being written was rolled back, the rest wait for the next run.
        var connectionLost = false

        func progress(_ name: String, pages: Int = 0) {
            onProgress(AddProgress(filesDone: filesDone, filesTotal: files.count, pagesDone: pages,
                                   currentName: (name as NSString).lastPathComponent))
        }

        func complete(_ index: Int) {
            guard let job = pending.removeValue(forKey: index) else { return }
            let result = job.result
            inFlightHashes[job.sha256] = nil
            defer {
                for part in job.parts { unlink(part.spoolPath) }
                filesDone += 1
                progress(job.path)
            }
            if connectionLost {
                summary.notTried += 1
                return
            }
            switch result {
            case .stopped:
                return
            case .failed(let reason, let diagnostics):
                report(AddResult(path: job.path, status: .failed, reason: reason, diagnostics: diagnostics))
            case .finished(let printed):
                let importer = BookImporter(library: library)
                do {
                    let (outcome, spooled) = try importer.importBook(
                        spoolPaths: job.parts.map(\.spoolPath), path: job.path, sha256: job.sha256, size: job.size,
                        onPage: { pages in if pages % 200 == 0 { progress(job.path, pages: pages) } })
                    let diagnostics = spooled + printed
                    switch outcome {
                    case .added(let book):
                        lastBook = book
                        report(AddResult(path: job.path, status: .added, book: book, diagnostics: diagnostics))
                    case .alreadyPresent(let book):
                        lastBook = book
                        report(AddResult(path: job.path, status: .alreadyPresent, book: book))
                    case .failed(let reason):
                        report(AddResult(path: job.path, status: .failed, reason: reason, diagnostics: diagnostics))
                    }
                } catch BookImporter.ImportAbort.incomplete {
                    report(AddResult(path: job.path, status: .failed, reason: "could not be read (parser crashed)"))
                } catch {
                    connectionLost = library.isConnectionLost(error)
                    report(AddResult(path: job.path, status: .failed, reason: "not added: \(library.describing(error))"))
                }
            }
        }

        // Books are committed in the order given, whatever order the
        // extractions finish in, so ids follow the command line. This thread
        // commits while the workers extract: it hands out the next file as
        // soon as a worker is free, and commits one book at a time between,
        // so no worker waits for a commit to end (on two cores that wait was
        // a sixth of an add).
        var running = 0
        var submitted: [Int] = []
        var nextToCommit = 0
        /// Parts of long PDFs waiting for a worker: they go before the next file.
        var partsWaiting: [(index: Int, part: Int)] = []
        let pool: WorkerPool? = if case .workerProcess(let executable) = options.isolation {
            WorkerPool(executable: executable, memoryLimit: options.memoryLimit, directory: spoolDirectory)
        } else {
            nil
        }
        let queue = DispatchQueue(label: "ibook.extract", attributes: .concurrent)
        func start(_ index: Int, part: Int) {
            guard let request = pending[index]?.parts[part] else { return }
            running += 1
            let timeout = options.timeout, stop = self.stop
            queue.async {
                finished.push(PartDone(index: index, part: part, result: ExtractionJob.run(request, pool: pool, timeout: timeout, stop: stop)))
            }
        }
        func record(_ done: [PartDone]) {
            running -= done.count
            for item in done {
                pending[item.index]?.results[item.part] = item.result
                if item.part == 0 { planParts(item.index) }
            }
            if stop.isSet {
                for waiting in partsWaiting { pending[waiting.index]?.results[waiting.part] = .stopped }
                partsWaiting.removeAll()
            }
            while !partsWaiting.isEmpty, running < options.workers {
                let next = partsWaiting.removeFirst()
                start(next.index, part: next.part)
            }
        }
        /// Once the first part of a PDF or a long EPUB is back: the parts its other pages or chapters are read in.
        func planParts(_ index: Int) {
            guard var job = pending[index], let first = job.parts.first else { return }
            defer { pending[index] = job }
            job.partCount = 1
            guard case .finished? = job.results[0], !stop.isSet,
                  let reader = SpoolReader(path: first.spoolPath), case .document(let document)? = reader.next()
            else { return }
            if document.format != .pdf, case .chapters(let read)? = reader.next(), let bytes = read.chapterBytes {
                for range in ReflowPart.rest(after: read.chapters, bytes: bytes, parts: first.chapterParts ?? 1) {
                    var part = first
                    part.spoolPath = "\(first.spoolPath).\(job.parts.count)"
                    part.chapterParts = nil
                    part.firstChapter = range.lowerBound
                    part.lastChapter = range.upperBound
                    part.chapterCount = read.chapterCount
                    part.lastPage = nil
                    part.pagesOnly = true
                    part.thumbnailPath = nil
                    part.expectedSize = job.size
                    partsWaiting.append((index, job.parts.count))
                    job.parts.append(part)
                }
                job.partCount = job.parts.count
                return
            }
            guard document.format == .pdf, let firstLast = first.lastPage, document.pageCount > firstLast else { return }
            for range in Self.partRanges(after: firstLast, pageCount: document.pageCount, workers: options.workers) {
                var part = first
                part.spoolPath = "\(first.spoolPath).\(job.parts.count)"
                part.firstPage = range.lowerBound
                part.lastPage = range.upperBound
                part.pagesOnly = true
                part.thumbnailPath = nil
                part.expectedPageCount = document.pageCount
                part.expectedSize = job.size
                partsWaiting.append((index, job.parts.count))
                job.parts.append(part)
            }
            job.partCount = job.parts.count
        }
        /// Commits the next book in order if its extraction is done; false when it is not.
        func commitNext() -> Bool {
            guard nextToCommit < submitted.count, pending[submitted[nextToCommit]]?.isExtracted ?? true else { return false }
            complete(submitted[nextToCommit])
            nextToCommit += 1
            return true
        }
        // Extracted books waiting for their commit are spool files on disk: a few at most.
        let mostWaiting = 2 * options.workers
        /// Commits what is ready until a worker is free for a new file (and the books waiting are few).
        func waitForFreeWorker() {
            func isFull() -> Bool {
                running >= options.workers || !partsWaiting.isEmpty || submitted.count - nextToCommit >= mostWaiting
            }
            while isFull() {
                record(finished.popAvailable())
                if !isFull() { break }
                if commitNext() { continue }
                guard running > 0 else { break }
                record(finished.popAll())
            }
        }

        for (index, path) in files.enumerated() {
            if stop.isSet || connectionLost { break }
            waitForFreeWorker()
            if stop.isSet || connectionLost { break }
            progress(path)
            let sha256: String
            let size: Int
            let thumbnailPath: String
            do {
                sha256 = try SHA256.hex(ofFileAt: path)
                size = FileName.size(path) ?? 0
                thumbnailPath = try library.thumbnailPath(sha256: sha256, page: 1, size: options.thumbnailSize)
            } catch {
                report(AddResult(path: path, status: .failed, reason: "\(error)"))
                filesDone += 1
                continue
            }
            if let existing = try? library.book(sha256: sha256) {
                report(alreadyPresent(existing, foundAt: path))
                lastBook = existing
                filesDone += 1
                continue
            }
            if inFlightHashes[sha256] != nil {
                deferredDuplicates.append((path, sha256))
                continue
            }
            let request = ExtractionRequest(
                path: path, password: options.password, spoolPath: "\(spoolDirectory)/\(index).spool",
                thumbnailPath: thumbnailPath,
                thumbnailSize: options.thumbnailSize, lastPage: Self.pagesInFirstPart,
                // A long EPUB is split too, in as many parts as there are workers after its first: more
                // would each open the book again (its package, navigation and markup checks) for little.
                chapterParts: options.workers > 1 ? options.workers : nil)
            pending[index] = Pending(path: path, sha256: sha256, size: size, parts: [request])
            inFlightHashes[sha256] = index
            submitted.append(index)
            start(index, part: 0)
        }
        while running > 0 || nextToCommit < submitted.count {
            record(finished.popAvailable())
            if commitNext() { continue }
            guard running > 0 else { break }
            record(finished.popAll())
        }
        if connectionLost {
            summary.notTried = files.count - filesDone + summary.notTried
        }
        for duplicate in deferredDuplicates where !stop.isSet && !connectionLost {
            if let existing = try? library.book(sha256: duplicate.sha256) {
                report(alreadyPresent(existing, foundAt: duplicate.path))
            } else {
                report(AddResult(path: duplicate.path, status: .failed, reason: "could not be read"))
            }
            filesDone += 1
        }
        summary.interrupted = stop.isSet
        if paths.count == 1, files.count == 1, let lastBook {
            try? library.setOpenBook(lastBook)
        }
        return summary
    }

    /// The same content is already in the library; if its recorded file is
    /// gone, the library now points at this copy. Not on a shared library:
    /// a file missing here is more likely on a share this machine does not
    /// mount, and the other machines still find it where it is recorded.
    private func alreadyPresent(_ book: Book, foundAt path: String) -> AddResult {
        var result = AddResult(path: path, status: .alreadyPresent, book: book)
        if library.capabilities.contains(.ownFiles), book.path != path, !FileName.exists(book.path), (try? library.setPath(path, of: book)) != nil {
            result.relinked = true
            result.book?.path = path
        }
        return result
    }
}

extension Library {
    /// Adds files and folders; see `Indexer`. Then the pages of the books
    /// just added that have no text wait for OCR (see `OCRQueue`); with
    /// `ocrWaits`, or `always`, they are read here (see `OCRRunner`).
    /// Results and progress are reported through the callbacks as they happen.
    public func add(paths: [String], options: AddOptions, stop: StopFlag = StopFlag(),
                    onProgress: (AddProgress) -> Void = { _ in },
                    onResult: (AddResult) -> Void = { _ in },
                    onOCRProgress: (OCRProgress) -> Void = { _ in },
                    onOCRResult: (OCRBookResult) -> Void = { _ in }) -> AddSummary
    {
        var added: [Book] = []
        var summary = Indexer(library: self, options: options, stop: stop).add(
            paths: paths, onProgress: onProgress,
            onResult: { result in
                if result.status == .added, let book = result.book { added.append(book) }
                onResult(result)
            })
        // A shared library keeps no OCR text yet: its books are added with the text their PDFs have.
        // OCR reads scanned PDFs; the other formats carry their text (a comic's pictures are left as they are).
        added = added.filter { $0.format == .pdf }
        guard options.ocrMode != .never, capabilities.contains(.ocr), !added.isEmpty, !stop.isSet else { return summary }
        if options.ocrMode == .auto, !options.ocrWaits {
            do {
                // A missing language pack is said now, not in a log nobody reads.
                try OCRRunner.checkInstalled(options.ocrLanguages)
                summary.ocrQueued = try OCRQueue(library: self).queue(added)
            } catch {
                summary.ocrError = "\(error)"
            }
            return summary
        }
        var ocr = OCROptions()
        ocr.mode = options.ocrMode
        ocr.languages = options.ocrLanguages
        ocr.filter = options.ocrFilter
        ocr.password = options.password
        ocr.memoryLimit = options.memoryLimit
        ocr.workers = options.workers
        ocr.isolation = options.isolation
        ocr.timeout = max(options.timeout, ocr.timeout)
        do {
            let run = try self.ocr(added, options: ocr, stop: stop, onProgress: onOCRProgress, onResult: onOCRResult)
            summary.ocrPages = run.pagesRead
            summary.ocrFailed = run.pagesFailed
            summary.interrupted = summary.interrupted || run.interrupted
        } catch {
            summary.ocrError = "\(error)"
        }
        return summary
    }
}
