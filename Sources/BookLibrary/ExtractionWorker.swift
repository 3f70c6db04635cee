import Foundation
import PDF

/// The extracting side: opens one PDF and streams what the library stores
/// into a spool file. Runs inside a worker process so that a parser crash or
/// hang costs one file, not the batch.
public enum ExtractionWorker {
    public static let modeArgument = "__extract"

    /// Entry point of the hidden worker mode; returns the exit status, or nil
    /// when the process was not started by `ibook add`.
    public static func runAsWorkerProcess(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32? {
        // The parent decides when to stop; Ctrl-C in the terminal reaches the
        // whole process group, and the parent handles it.
        signal(SIGINT, SIG_IGN)
        guard let json = environment[ExtractionRequest.environmentKey],
              let request = try? JSONDecoder().decode(ExtractionRequest.self, from: Data(json.utf8))
        else { return nil }
        if request.memoryLimit > 0 {
            var limit = rlimit(rlim_cur: rlim_t(request.memoryLimit), rlim_max: rlim_t(request.memoryLimit))
            setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        }
        return extract(request) ? 0 : 3
    }

    /// Writes the spool; false when the file could not be read (the spool then
    /// holds the reason).
    @discardableResult
    static func extract(_ request: ExtractionRequest) -> Bool {
        guard let spool = try? SpoolWriter(path: request.spoolPath) else { return false }
        do {
            let document = try PDFDocument(path: request.path, password: request.password)
            let pageCount = document.pageCount
            guard pageCount > 0 else { throw PDFError.noPages }
            try spool.write(.document(DocumentRecord(
                metadata: document.metadata, pageCount: pageCount, outline: document.outline())))
            for index in 0..<pageCount {
                let page = document.page(at: index)
                try spool.write(.page(PageRecord(page: index + 1, label: page?.label, text: page?.text ?? "")))
            }
            var thumbnail: String?
            if let path = request.thumbnailPath {
                if FileManager.default.fileExists(atPath: path) {
                    thumbnail = path
                } else if let cover = document.page(at: 0),
                          (try? cover.writePNG(to: path, maxPixels: request.thumbnailSize)) != nil {
                    thumbnail = path
                }
            }
            try spool.write(.end(EndRecord(thumbnail: thumbnail, diagnostics: PopplerDiagnostics.drain())))
            spool.flush()
            return true
        } catch let error as PDFError {
            try? spool.write(.failure(FailureRecord(reason: error.description, diagnostics: PopplerDiagnostics.drain())))
        } catch {
            try? spool.write(.failure(FailureRecord(reason: String(describing: error), diagnostics: PopplerDiagnostics.drain())))
        }
        spool.flush()
        return false
    }
}
