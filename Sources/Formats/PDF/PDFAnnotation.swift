import Foundation

/// An annotation as a PDF page carries it, in the page's displayed space.
public struct PDFAnnotation: Equatable, Sendable {
    /// The PDF subtype in lower case words: "highlight", "underline",
    /// "squiggly", "strike-out", "text" (a sticky note), "free-text", "ink", …
    public var kind: String
    /// Where it sits: for text markup, one rectangle per quadrilateral; else its area.
    public var rectangles: [PageRect]
    /// The page's text under the quadrilaterals (text markup only).
    public var coveredText: String?
    /// Where that text is in the page's text: the offsets (in characters)
    /// of its first and last character.
    public var coveredSpan: ClosedRange<Int>?
    public var contents: String?
    public var author: String?
    /// "#rrggbb"
    public var color: String?
    public var created: Date?
    public var modified: Date?

    public init(kind: String, rectangles: [PageRect], coveredText: String? = nil, contents: String? = nil,
                author: String? = nil, color: String? = nil, created: Date? = nil, modified: Date? = nil) {
        self.kind = kind
        self.rectangles = rectangles
        self.coveredText = coveredText
        self.contents = contents
        self.author = author
        self.color = color
        self.created = created
        self.modified = modified
    }

    public static let textMarkupKinds: Set<String> = ["highlight", "underline", "squiggly", "strike-out"]
}
