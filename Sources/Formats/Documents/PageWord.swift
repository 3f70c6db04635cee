/// A word and its box as fractions of the displayed page (0…1 from the top-left, the page as
/// the PDF shows it, before any turning), so that a hit can be outlined on a render of any
/// size: what OCR reads (the OCR module) and what the library keeps of it (BookLibrary).
public struct PageWord: Codable, Equatable, Sendable {
    public var text: String
    public var x: Double, y: Double, width: Double, height: Double
    public var confidence: Double

    public init(text: String, x: Double, y: Double, width: Double, height: Double, confidence: Double) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.confidence = confidence
    }
}
