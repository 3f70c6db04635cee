import BookLibrary
import FileOutput
import Foundation
import OCR
import Workers

/// Reads the pages of books with OCR: pages are handed to workers (one per
/// core) as they free up, and each page read is stored in its own
/// transaction by this thread, the only writer. Stopping loses at most the
/// pages being read; what was stored stays, and the next run goes on from
/// there because stored pages are no longer text-less.
struct OCRRunner {
    let library: Library
    let options: OCROptions
    let stop: StopFlag

    private final class Finished: @unchecked Sendable {
        let condition = NSCondition()
        var items: [(job: Int, reply: OCRReply?)] = []

        func push(_ job: Int, _ reply: OCRReply?) {
            condition.lock()
            items.append((job, reply))
            condition.signal()
            condition.unlock()
        }

        func pop() -> (job: Int, reply: OCRReply?) {
            condition.lock()
            while items.isEmpty { condition.wait() }
            let item = items.removeFirst()
            condition.unlock()
            return item
        }
    }

    /// `work` is each book with the pages to read. Checks the languages
    /// first: a missing pack stops the run before any page is rendered.
    func run(_ work: [(book: Book, pages: [Int])], onProgress: (OCRProgress) -> Void,
             onResult: (OCRBookResult) -> Void) throws -> OCRRunSummary {
        var summary = OCRRunSummary()
        let total = work.reduce(0) { $0 + $1.pages.count }
        guard total > 0 else { return summary }
        try Self.checkInstalled(options.languages)

        let scratch = try ScratchFolder(purpose: "ocr")
        let directory = scratch.path
        // Referenced here so that it lives, and the folder stays, until the end of the scope.
        defer { scratch.remove() }
        let pool: WorkerPool? = if case .workerProcess(let executable) = options.isolation {
            WorkerPool(executable: executable, mode: OCRWorker.modeArgument, environment: OCRWorker.environment,
                       memoryLimit: options.memoryLimit, directory: directory)
        } else {
            nil
        }
        // In this process the engines are kept for the whole run, like a worker keeps them.
        let inProcess = OCRWorker.Reader()
        let finished = Finished()
        let queue = DispatchQueue(label: "ibook.ocr", attributes: .concurrent)
        let started = Date()
        var done = 0
        let installed = OCRLanguages.installed()
        var packagesNoted: Set<String> = []

        for (book, pages) in work {
            if stop.isSet { break }
            guard !pages.isEmpty else { continue }
            var result = OCRBookResult(book: book)
            guard FileManager.default.fileExists(atPath: book.path) else {
                result.failures.append("no such file (see 'ibook relocate')")
                done += pages.count
                summary.pagesFailed += pages.count
                onResult(result)
                continue
            }
            var languages = options.languages
            if languages == nil {
                let choice = OCRLanguageChoice.forBook(book, library: library, password: options.password, installed: installed)
                languages = choice.languages
                if let package = choice.missing?.package, packagesNoted.insert(package).inserted {
                    result.languageNotice = choice.notice(for: book)
                }
            }
            var confidences: [Double] = []
            var running = 0
            func progress() {
                let elapsed = Date().timeIntervalSince(started)
                onProgress(OCRProgress(pagesDone: done, pagesTotal: total,
                                       pagesPerSecond: elapsed > 0 ? Double(done) / elapsed : 0, bookTitle: book.title))
            }
            func collect() {
                let item = finished.pop()
                running -= 1
                let page = pages[item.job]
                switch item.reply {
                case .read(let read)?:
                    do {
                        try library.storeOCR(book, page: page, text: read.text,
                                             ocr: PageOCR(confidence: read.confidence, languages: read.languages,
                                                          rotation: read.rotation),
                                             words: read.words,
                                             replacing: options.mode == .always)
                        result.pagesRead += 1
                        if !read.words.isEmpty {
                            result.pagesWithText += 1
                            confidences.append(read.confidence)
                        }
                    } catch {
                        result.failures.append("page \(page): not stored (\(error))")
                    }
                case .failed(let reason)?:
                    result.failures.append("page \(page): \(reason)")
                case .unreadable?:
                    // A hole poppler leaves in a damaged file; `add` has said what it could of the file.
                    break
                case nil:
                    break // stopped
                }
                done += 1
                progress()
            }
            progress()
            for (job, page) in pages.enumerated() {
                if stop.isSet { break }
                while running >= max(1, options.workers) { collect() }
                if stop.isSet { break }
                let request = OCRRequest(path: book.path, password: options.password, page: page,
                                         languages: languages, dpi: options.dpi, filter: options.filter,
                                         replyPath: "\(directory)/\(book.id)-\(page).json")
                running += 1
                guard let pool else {
                    // One page at a time: tesseract's engines are not shared between threads.
                    finished.push(job, Self.read(request, with: inProcess))
                    collect()
                    continue
                }
                let timeout = options.timeout, stop = self.stop
                queue.async {
                    finished.push(job, Self.read(request, pool: pool, timeout: timeout, stop: stop))
                }
            }
            while running > 0 { collect() }
            result.meanConfidence = confidences.isEmpty ? nil : confidences.reduce(0, +) / Double(confidences.count)
            summary.pagesRead += result.pagesRead
            summary.pagesFailed += result.failures.count
            onResult(result)
        }
        summary.seconds = Date().timeIntervalSince(started)
        summary.interrupted = stop.isSet
        return summary
    }

    /// A missing language pack is one clear error before any work starts.
    static func checkInstalled(_ languages: [String]?) throws {
        let directory = OCRLanguages.dataDirectory()
        let installed = OCRLanguages.installed(in: directory)
        for code in languages ?? ["eng"] where !installed.contains(code) { throw OCRError.languageNotInstalled(code) }
        guard FileManager.default.fileExists(atPath: directory + "/osd.traineddata") else {
            throw OCRError.languageNotInstalled("osd")
        }
    }

    private static func read(_ request: OCRRequest, with reader: OCRWorker.Reader) -> OCRReply {
        _ = reader.perform(request)
        return reply(at: request.replyPath) ?? .failed("could not be read")
    }

    /// Nil when stopped.
    private static func read(_ request: OCRRequest, pool: WorkerPool, timeout: TimeInterval, stop: StopFlag) -> OCRReply? {
        let worker: WorkerConnection
        do { worker = try pool.take() } catch {
            return .failed("could not be read (cannot start worker: \(error.localizedDescription))")
        }
        defer { pool.give(worker) }
        switch worker.call(request, timeout: timeout, stop: { stop.isSet }).map({ $0.decode(WorkerAnswer.self) }) {
        case .success(.some): return reply(at: request.replyPath) ?? .failed("could not be read (no reply)")
        case .failure(.stopped): return nil
        case .failure(.timedOut): return .failed("could not be read (timed out after \(Int(timeout)) s of work)")
        case .success(nil):
            worker.kill()
            return .failed("could not be read (OCR crashed or ran out of memory)")
        case .failure: return .failed("could not be read (OCR crashed or ran out of memory)")
        }
    }

    private static func reply(at path: String) -> OCRReply? {
        defer { unlink(path) }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(OCRReply.self, from: data)
    }
}

extension Library {
    /// Reads with OCR the pages of `books` that need it (see
    /// `pagesNeedingOCR`), storing each page as it is read.
    public func ocr(_ books: [Book], options: OCROptions, stop: StopFlag = StopFlag(),
                    onProgress: (OCRProgress) -> Void = { _ in },
                    onResult: (OCRBookResult) -> Void = { _ in }) throws -> OCRRunSummary {
        // Scanned books are PDFs; the other formats carry their text.
        if books.count == 1, let book = books.first, book.format != .pdf {
            throw LibraryError.needsPDF(book.path, format: book.format)
        }
        let work = try books.filter { $0.format == .pdf }.map { book in
            (book: book, pages: try pagesNeedingOCR(book, within: options.pages, force: options.force,
                                                    everyPage: options.mode == .always))
        }
        return try OCRRunner(library: self, options: options, stop: stop)
            .run(work, onProgress: onProgress, onResult: onResult)
    }
}
