import FoundationEssentials
import Glibc

/// A stored annotation of a book.
public struct Annotation: Codable, Equatable, Sendable {
    public var id: Int
    public var bookID: Int
    public var bookTitle: String
    public var page: Int
    public var label: String?
    public var kind: AnnotationKind
    public var source: AnnotationSource
    public var text: String?
    /// Offsets in characters of the first and last character of `text` in the page's text.
    public var textSpan: ClosedRange<Int>?
    public var note: String?
    public var author: String?
    public var color: String?
    public var boxes: [AnnotationBox]
    /// The displayed page's size in points, which `boxes` are measured on.
    public var pageWidth: Double?
    public var pageHeight: Double?
    /// A laid-out book's highlight: where its text is, for drawing it at any layout.
    public var chapterRange: ChapterRange?
    public var createdAt: Date?
    public var modifiedAt: Date?
}
