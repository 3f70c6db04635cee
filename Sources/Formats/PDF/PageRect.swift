/// A rectangle on a page as it is displayed (its /Rotate applied), in points
/// from the top-left corner: the space of glyph boxes and rendered pages.
public struct PageRect: Codable, Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(x1, x2)
        self.y1 = min(y1, y2)
        self.x2 = max(x1, x2)
        self.y2 = max(y1, y2)
    }

    public var width: Double { x2 - x1 }
    public var height: Double { y2 - y1 }

    public func contains(x: Double, y: Double) -> Bool { x >= x1 && x <= x2 && y >= y1 && y <= y2 }

    /// The smallest rectangle holding both.
    public func union(_ other: PageRect) -> PageRect {
        PageRect(x1: min(x1, other.x1), y1: min(y1, other.y1), x2: max(x2, other.x2), y2: max(y2, other.y2))
    }

    /// The smallest rectangle holding every one of them; nil for none.
    public static func enclosing(_ rects: [PageRect]) -> PageRect? {
        guard var result = rects.first else { return nil }
        for rect in rects.dropFirst() { result = result.union(rect) }
        return result
    }
}
