/// A box on a page as fractions of the page (0...1 from the top-left corner), so it
/// holds at whatever size the page is drawn.
public struct ReflowRectangle: Equatable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
