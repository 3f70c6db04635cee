import BookLibrary
import Foundation
import OCR

/// Which pages `add` reads with OCR.
public enum OCRMode: String, Sendable, CaseIterable {
    /// Only pages with no text layer (or almost none).
    case auto
    /// Every page, replacing the text layer.
    case always
    case never
}

/// How OCR runs, in `add` and in `ocr`.
public struct OCROptions: Sendable {
    public var mode: OCRMode = .auto
    /// Tesseract language codes; nil: the book's language where it is known
    /// and installed, else the installed ones that fit each page's script.
    public var languages: [String]?
    /// Which words and pages are kept (tesseract's confidence).
    public var filter = ConfidenceFilter()
    /// Pages to consider (1-based); nil for all.
    public var pages: Set<Int>?
    /// Read again pages OCR has read before.
    public var force = false
    /// Scanner resolution the pages are rendered at: tesseract reads best at about 300.
    public var dpi = 300
    public var password: String?
    /// Time one page may take, and memory one worker may use.
    public var timeout: TimeInterval = 120
    public var memoryLimit: UInt64 = 4 << 30
    public var workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public var isolation: Isolation = .inProcess

    public init() {}
}

/// Where a running OCR is, for a progress bar.
public struct OCRProgress: Sendable {
    public var pagesDone: Int
    public var pagesTotal: Int
    public var pagesPerSecond: Double
    public var bookTitle: String
}

/// What OCR did to one book.
public struct OCRBookResult: Codable, Sendable {
    public var book: Book
    /// Pages read and stored (blank ones included).
    public var pagesRead = 0
    /// Pages on which words were found.
    public var pagesWithText = 0
    public var meanConfidence: Double?
    /// The book's language is known but its trained data is not installed:
    /// what to install (said once per run and package).
    public var languageNotice: String?
    /// One line per page that could not be read.
    public var failures: [String] = []

    public init(book: Book) { self.book = book }
}

/// What one `ocr` run (or the OCR part of `add`) did overall.
public struct OCRRunSummary: Codable, Sendable {
    /// Another run was reading the OCR queue, and this one left it to it.
    public var leftToOtherRun = false
    /// This run waited for another to finish reading the queue first.
    public var waitedForOtherRun = false
    public var pagesRead = 0
    public var pagesFailed = 0
    public var seconds = 0.0
    public var interrupted = false

    public init() {}
}
