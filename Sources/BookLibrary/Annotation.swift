import Foundation

/// What kind of mark an annotation is: the PDF's own kinds in plain words
/// ("highlight", "underline", "squiggly", "strike-out", "note", "free-text",
/// "ink", "stamp", …), any other kind a PDF carries kept by its name.
public struct AnnotationKind: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let highlight = AnnotationKind(rawValue: "highlight")
    public static let underline = AnnotationKind(rawValue: "underline")
    public static let squiggly = AnnotationKind(rawValue: "squiggly")
    public static let strikeOut = AnnotationKind(rawValue: "strike-out")
    public static let note = AnnotationKind(rawValue: "note")
    public static let freeText = AnnotationKind(rawValue: "free-text")
    public static let ink = AnnotationKind(rawValue: "ink")

    /// Kinds that mark a run of the page's text.
    public var marksText: Bool { [.highlight, .underline, .squiggly, .strikeOut].contains(self) }

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Where an annotation came from: read from the book's PDF, or made in ibook.
public enum AnnotationSource: String, Codable, Sendable {
    case pdf
    case ibook
}

/// A rectangle on the page as displayed (rotation applied), in points from
/// its top-left corner.
public struct AnnotationBox: Codable, Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }
}

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
    /// The displayed page's size in points, which `boxes` are measured on.
    public var pageWidth: Double?
    public var pageHeight: Double?
    public var createdAt: Date?
    public var modifiedAt: Date?

    public init(page: Int, kind: AnnotationKind, source: AnnotationSource, text: String? = nil,
                textSpan: ClosedRange<Int>? = nil, note: String? = nil,
                author: String? = nil, color: String? = nil, boxes: [AnnotationBox] = [],
                pageSize: (width: Double, height: Double)? = nil, createdAt: Date? = nil, modifiedAt: Date? = nil) {
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
    public var createdAt: Date?
    public var modifiedAt: Date?
}

/// A chapter of a book (the deepest outline entry at or before its pages)
/// with the annotations in it; annotations before the first entry, or in a
/// book without an outline, have no chapter.
public struct AnnotatedChapter: Codable, Equatable, Sendable {
    /// The titles of the outline entries it sits under, outermost first.
    public var parents: [String]
    public var title: String?
    public var page: Int?
    public var label: String?
    public var depth: Int
    public var annotations: [Annotation]
}

/// One book's annotations by chapter, as `ibook notes` exports them.
public struct BookNotes: Codable, Equatable, Sendable {
    public var bookID: Int
    public var bookTitle: String
    public var author: String
    public var chapters: [AnnotatedChapter]

    public var annotationCount: Int { chapters.reduce(0) { $0 + $1.annotations.count } }
}
