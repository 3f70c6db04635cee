import FoundationEssentials
import Glibc

/// An annotation before it is stored.
public struct NewAnnotation: Codable, Equatable, Sendable {
    public var page: Int
    public var kind: AnnotationKind
    public var source: AnnotationSource
    /// The page's text the annotation marks.
    public var text: String?
    /// Where `text` is in the page's text: offsets in characters of its
    /// first and last character.
    public var textSpan: ClosedRange<Int>?
    public var note: String?
    public var author: String?
    /// "#rrggbb"
    public var color: String?
    public var boxes: [AnnotationBox]
    /// A laid-out book's highlight: where its text is, for drawing it at any layout.
    public var chapterRange: ChapterRange?
    /// The displayed page's size in points, which `boxes` are measured on.
    public var pageWidth: Double?
    public var pageHeight: Double?
    public var createdAt: Date?
    public var modifiedAt: Date?

    public init(page: Int, kind: AnnotationKind, source: AnnotationSource, text: String? = nil,
                textSpan: ClosedRange<Int>? = nil, note: String? = nil,
                author: String? = nil, color: String? = nil, boxes: [AnnotationBox] = [],
                pageSize: (width: Double, height: Double)? = nil, chapterRange: ChapterRange? = nil,
                createdAt: Date? = nil, modifiedAt: Date? = nil) {
        self.chapterRange = chapterRange
        pageWidth = pageSize?.width
        pageHeight = pageSize?.height
        self.page = page
        self.kind = kind
        self.source = source
        self.text = text
        self.textSpan = textSpan
        self.note = note
        self.author = author
        self.color = color
        self.boxes = boxes
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }
}
