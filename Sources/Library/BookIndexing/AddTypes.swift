import BookLibrary
import Foundation
import OCR

/// How `add` goes about its work.
public struct AddOptions: Sendable {
    public var password: String?
    public var timeout: TimeInterval = 60
    /// Address-space cap for each worker process, in bytes.
    public var memoryLimit: UInt64 = 4 << 30
    public var workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public var isolation: Isolation = .inProcess
    public var thumbnailSize = Library.coverSize
    /// Which pages are read with OCR once the books are in, and in what languages.
    public var ocrMode: OCRMode = .auto
    public var ocrLanguages: [String]?
    public var ocrFilter = ConfidenceFilter()
    /// Read the pages `auto` picks before `add` returns, rather than leave
    /// them queued for a background run (see `OCRQueue`).
    public var ocrWaits = false

    public init() {}
}

/// What happened to one file given to `add`.
public struct AddResult: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        case added
        case alreadyPresent = "already-present"
        case failed
    }

    public var path: String
    public var status: Status
    public var book: Book?
    public var reason: String?
    /// The recorded path no longer existed and now points here.
    public var relinked = false
    /// What poppler said about the file; shown with --verbose.
    public var diagnostics: [String] = []
}

/// Where a running `add` is, for a progress bar.
public struct AddProgress: Sendable {
    public var filesDone: Int
    public var filesTotal: Int
    public var pagesDone: Int
    public var currentName: String
}

public struct AddSummary: Codable, Sendable {
    public var added = 0
    public var alreadyPresent = 0
    public var failed = 0
    public var interrupted = false
    /// Files not tried because the shared library's server went away during the batch.
    public var notTried = 0
    /// Pages read by OCR, and pages it could not read.
    public var ocrPages = 0
    public var ocrFailed = 0
    /// Pages without text left for `OCRQueue` to read.
    public var ocrQueued = 0
    /// Why OCR did not run at all (a missing language pack).
    public var ocrError: String?
}
