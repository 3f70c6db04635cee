import FoundationEssentials
import Glibc
import TextSearch

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
    /// The language the book's words are stemmed in for search.
    public var stemming: StemmingLanguage?
    /// Pages whose text was read by OCR, if any.
    public var ocr: OCRSummary?
}
