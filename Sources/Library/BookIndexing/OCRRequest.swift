import OCR

/// One page for an OCR worker; sent as a JSON line.
struct OCRRequest: Codable, Sendable {
    var path: String
    var password: String?
    /// 1-based.
    var page: Int
    var languages: [String]?
    var dpi: Int
    var filter: ConfidenceFilter
    /// Where the worker writes its `OCRReply`.
    var replyPath: String
}

/// What an OCR worker read on a page, or why it could not.
enum OCRReply: Codable, Sendable {
    case read(RecognizedPage)
    case failed(String)
    /// poppler cannot read or draw the page: not a scan, nothing for OCR.
    case unreadable(String)
}
