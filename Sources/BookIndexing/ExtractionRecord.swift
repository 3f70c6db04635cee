import BookLibrary
import Foundation
import PDF

/// One line of the spool file an extraction writes: the document first, then
/// one record per page, then the end. Streaming pages through a file keeps
/// memory flat for books of any length and lets a separate process extract.
enum ExtractionRecord: Codable {
    case document(DocumentRecord)
    case page(PageRecord)
    case end(EndRecord)
    case failure(FailureRecord)
}

struct DocumentRecord: Codable {
    var metadata: PDFMetadata
    var pageCount: Int
    var outline: [OutlineEntry]
}

struct PageRecord: Codable {
    var page: Int
    var label: String?
    var text: String
    /// The page's highlights, notes and other marks; nil when it has none.
    var annotations: [NewAnnotation]?
}

struct EndRecord: Codable {
    var thumbnail: String?
    var diagnostics: [String]
}

struct FailureRecord: Codable {
    var reason: String
    var diagnostics: [String]
}
