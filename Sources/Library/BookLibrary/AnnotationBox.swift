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
