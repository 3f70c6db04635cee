/// A rectangle in PDF user space, corners in order (x1 ≤ x2, y1 ≤ y2).
public struct QPDFRectangle: Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public var width: Double { x2 - x1 }
    public var height: Double { y2 - y1 }
}
