/// What OCR read on one page.
public struct RecognizedPage: Codable, Equatable, Sendable {
    /// The text in reading order, lines and paragraphs as tesseract found them.
    public var text: String
    /// Tesseract's mean word confidence, 0–100.
    public var confidence: Double
    /// The languages the page was read with, such as "eng" or "chi_sim+eng".
    public var languages: String
    /// Clockwise quarter turns the page was turned by to be upright.
    public var rotation: Int
    public var words: [RecognizedWord]

    public init(text: String, confidence: Double, languages: String, rotation: Int, words: [RecognizedWord]) {
        self.text = text
        self.confidence = confidence
        self.languages = languages
        self.rotation = rotation
        self.words = words
    }
}

/// A word and its box as fractions of the displayed page (0…1 from the
/// top-left, the page as the PDF shows it, before any turning), so that a
/// hit can be outlined on a render of any size.
public struct RecognizedWord: Codable, Equatable, Sendable {
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
