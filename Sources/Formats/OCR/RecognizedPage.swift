import Documents

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
    public var words: [PageWord]

    public init(text: String, confidence: Double, languages: String, rotation: Int, words: [PageWord]) {
        self.text = text
        self.confidence = confidence
        self.languages = languages
        self.rotation = rotation
        self.words = words
    }
}
