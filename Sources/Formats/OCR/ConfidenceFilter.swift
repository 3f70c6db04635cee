/// What of tesseract's reading is kept. On a photograph, a chart or a rule
/// tesseract still "reads" something, word by word at low confidence; real
/// print, even speckled or at 200 dpi, is read at high confidence. Words
/// below `minimumWordConfidence` are dropped, and a page whose remaining
/// words still average below `minimumPageConfidence` is a picture: it has no
/// text. Both figures are measured (see docs/workbench.md, OCR).
public struct ConfidenceFilter: Sendable, Codable, Equatable {
    /// Tesseract's per-word confidence, 0–100.
    public var minimumWordConfidence: Double

    public static let defaultMinimumWordConfidence = 40.0
    /// Below this mean, the kept words are still junk.
    public static let minimumPageConfidence = 60.0

    public init(minimumWordConfidence: Double = ConfidenceFilter.defaultMinimumWordConfidence) {
        self.minimumWordConfidence = minimumWordConfidence
    }

    /// The words kept; none when the page is a picture.
    /// 0 keeps everything tesseract read.
    func keep(_ words: [TesseractEngine.PixelWord]) -> [TesseractEngine.PixelWord] {
        guard minimumWordConfidence > 0 else { return words }
        let kept = words.filter { $0.confidence >= minimumWordConfidence }
        guard !kept.isEmpty else { return [] }
        let mean = kept.reduce(0) { $0 + $1.confidence } / Double(kept.count)
        return mean < Self.minimumPageConfidence ? [] : kept
    }

    /// The text of `words` laid out as tesseract lays out its own: words
    /// apart by a space (not between two CJK characters), lines on lines of
    /// their own, a blank line between paragraphs.
    static func text(of words: [TesseractEngine.PixelWord]) -> String {
        var text = ""
        for word in words {
            if !text.isEmpty {
                if word.startsParagraph {
                    text += "\n\n"
                } else if word.startsLine {
                    text += "\n"
                } else if !(text.last.map(isCJK) == true && word.text.first.map(isCJK) == true) {
                    text += " "
                }
            }
            text += word.text
        }
        return text
    }

    private static func isCJK(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x3000...0x303F,
                 0xAC00...0xD7AF, 0x20000...0x2FA1F:
                return true
            default:
                return false
            }
        }
    }
}
