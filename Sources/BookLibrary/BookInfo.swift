import Foundation

/// Everything `ibook info` shows about a book.
public struct BookInfo: Codable, Sendable {
    public var book: Book
    public var outlineEntries: Int
    public var labelledPages: [String]?
    public var thumbnail: String?
    public var isOpen: Bool
    public var fileExists: Bool
    public var details: BookDetails
    public var tags: [String]
    public var collections: [String]
    /// Pages whose text was read by OCR, if any.
    public var ocr: OCRSummary?
}
