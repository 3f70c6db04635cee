import Documents
import Foundation
import Raster

/// Reads page images the way a scan should be read: turned upright first,
/// in the languages asked for or, when none were, in the installed ones that
/// fit the script on the page. Keeps its engines between pages.
public final class PageRecognizer {
    private let dataDirectory: String
    private let installed: Set<String>
    private let languages: [String]?
    private let detector: OrientationDetector
    private var engines: [String: TesseractEngine] = [:]

    /// `languages` nil: chosen per page from the script.
    public init(languages: [String]?, dataDirectory: String = OCRLanguages.dataDirectory()) throws {
        self.dataDirectory = dataDirectory
        installed = OCRLanguages.installed(in: dataDirectory)
        self.languages = languages
        for code in languages ?? [] where !installed.contains(code) { throw OCRError.languageNotInstalled(code) }
        if languages == nil, !installed.contains("eng") { throw OCRError.languageNotInstalled("eng") }
        detector = try OrientationDetector(dataDirectory: dataDirectory)
    }

    /// The page's text and word boxes, the words `filter` keeps; an empty
    /// result for a blank page or a picture.
    public func read(_ image: GreyImage, dpi: Int, filter: ConfidenceFilter = ConfidenceFilter()) throws -> RecognizedPage {
        if image.isBlank {
            return RecognizedPage(text: "", confidence: 0, languages: (languages ?? ["eng"]).joined(separator: "+"),
                                  rotation: 0, words: [])
        }
        let finding = detector.detect(image, dpi: dpi)
        let upright = image.rotated(quarterTurns: finding.quarterTurns)
        let codes = languages ?? OCRLanguages.forScript(finding.script, installed: installed)
        let engine = try engine(for: codes)
        let result = try engine.recognize(upright, dpi: dpi)
        let kept = filter.keep(result.words)
        let words = kept.map { word in
            Self.unturned(word, turns: finding.quarterTurns, width: image.width, height: image.height)
        }
        // Tesseract's own text when every word stays: its layout is the reference.
        let allKept = kept.count == result.words.count
        let text = allKept ? Self.tidy(result.text) : ConfidenceFilter.text(of: kept)
        let confidence = allKept ? result.confidence
            : kept.isEmpty ? 0 : kept.reduce(0) { $0 + $1.confidence } / Double(kept.count)
        return RecognizedPage(text: text, confidence: (confidence * 10).rounded() / 10,
                              languages: codes.joined(separator: "+"), rotation: finding.quarterTurns, words: words)
    }

    func engine(for codes: [String]) throws -> TesseractEngine {
        let key = codes.joined(separator: "+")
        if let engine = engines[key] { return engine }
        let engine = try TesseractEngine(languages: codes, dataDirectory: dataDirectory)
        engines[key] = engine
        return engine
    }

    /// A word's box in the turned image, as fractions of the page as it was
    /// given (`width` × `height` pixels before turning).
    static func unturned(_ word: TesseractEngine.PixelWord, turns: Int, width: Int, height: Int) -> PageWord {
        let w = Double(width), h = Double(height)
        let left = Double(word.left), top = Double(word.top), right = Double(word.right), bottom = Double(word.bottom)
        let x0: Double, y0: Double, x1: Double, y1: Double
        switch ((turns % 4) + 4) % 4 {
        case 1: (x0, x1, y0, y1) = (top, bottom, h - right, h - left)
        case 2: (x0, x1, y0, y1) = (w - right, w - left, h - bottom, h - top)
        case 3: (x0, x1, y0, y1) = (w - bottom, w - top, left, right)
        default: (x0, x1, y0, y1) = (left, right, top, bottom)
        }
        func fraction(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        return PageWord(text: word.text, x: fraction(x0 / w), y: fraction(y0 / h),
                              width: fraction((x1 - x0) / w), height: fraction((y1 - y0) / h),
                              confidence: (word.confidence * 10).rounded() / 10)
    }

    /// Tesseract ends every block with blank lines and pages with a form feed.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.replacingOccurrences(of: "\u{0C}", with: "").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace), lines.last?.isEmpty ?? true { continue }
            lines.append(line.allSatisfy(\.isWhitespace) ? "" : line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
