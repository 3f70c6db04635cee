import Foundation

/// An annotation to write into a PDF, in plain values: where (the displayed
/// page's top-left space, as ibook stores it) and what.
public struct AnnotationMark: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Text markup over the given line rectangles.
        case highlight
        /// A sticky note in the page's top-right margin.
        case note
    }

    public struct Box: Sendable, Equatable {
        public var x1: Double, y1: Double, x2: Double, y2: Double
        public init(x1: Double, y1: Double, x2: Double, y2: Double) {
            self.x1 = min(x1, x2)
            self.y1 = min(y1, y2)
            self.x2 = max(x1, x2)
            self.y2 = max(y1, y2)
        }
    }

    /// 0-based.
    public var pageIndex: Int
    public var kind: Kind
    public var boxes: [Box]
    /// 0…1 each.
    public var color: (red: Double, green: Double, blue: Double)
    public var contents: String?
    public var author: String?
    /// The annotation's unique name (/NM): a mark whose name the page
    /// already carries is not written twice.
    public var name: String
    public var modified: Date

    public init(pageIndex: Int, kind: Kind, boxes: [Box], color: (red: Double, green: Double, blue: Double),
                contents: String?, author: String?, name: String, modified: Date) {
        self.pageIndex = pageIndex
        self.kind = kind
        self.boxes = boxes
        self.color = color
        self.contents = contents
        self.author = author
        self.name = name
        self.modified = modified
    }

    public static func == (a: AnnotationMark, b: AnnotationMark) -> Bool {
        a.pageIndex == b.pageIndex && a.kind == b.kind && a.boxes == b.boxes && a.color == b.color
            && a.contents == b.contents && a.author == b.author && a.name == b.name && a.modified == b.modified
    }
}
