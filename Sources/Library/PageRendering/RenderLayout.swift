/// The page a reflowable book is laid out on for the reader's screen, in
/// points, and its text's em. Whole points, so a terminal a pixel wider
/// does not cost the book a new layout.
public struct RenderLayout: Codable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var fontSize: Double

    public init(width: Double, height: Double, fontSize: Double) {
        self.width = width
        self.height = height
        self.fontSize = fontSize
    }

    /// The layout whose pages fill a box of pixels at 96 px per inch (1 pt = 4/3 px).
    public init(pixelWidth: Int, pixelHeight: Int, fontSize: Double) {
        self.init(width: (Double(max(1, pixelWidth)) * 0.75).rounded(),
                  height: (Double(max(1, pixelHeight)) * 0.75).rounded(), fontSize: fontSize)
    }
}
