import CTesseract
import Foundation
import Raster

/// One tesseract instance loaded with a set of languages. Loading trained
/// data takes a good part of a second, so a worker keeps its engine for
/// every page it reads. Owns the handle; not for use from two threads.
public final class TesseractEngine {
    private let handle: OpaquePointer
    public let languages: [String]

    /// A word as tesseract boxed it, in pixels of the image it was given.
    public struct PixelWord: Sendable {
        public var text: String
        public var left: Int, top: Int, right: Int, bottom: Int
        public var confidence: Double
        /// Where tesseract's text puts a line break (or a blank line) before the word.
        public var startsLine = false, startsParagraph = false
    }

    public init(languages: [String], dataDirectory: String = OCRLanguages.dataDirectory()) throws {
        let installed = OCRLanguages.installed(in: dataDirectory)
        for code in languages where !installed.contains(code) { throw OCRError.languageNotInstalled(code) }
        guard let handle = TessBaseAPICreate() else { throw OCRError.engineFailed(languages.joined(separator: "+")) }
        self.handle = handle
        self.languages = languages
        guard TessBaseAPIInit2(handle, dataDirectory, languages.joined(separator: "+"), OEM_LSTM_ONLY) == 0 else {
            throw OCRError.engineFailed(languages.joined(separator: "+"))
        }
        // Tesseract writes its progress notes to stderr by default.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Reads the image: its text, the mean confidence and every word's box.
    public func recognize(_ image: GreyImage, dpi: Int) throws -> (text: String, confidence: Double, words: [PixelWord]) {
        try setImage(image, dpi: dpi)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw OCRError.recognitionFailed }
        var text = ""
        if let raw = TessBaseAPIGetUTF8Text(handle) {
            text = String(cString: raw)
            TessDeleteText(raw)
        }
        let confidence = Double(max(0, TessBaseAPIMeanTextConf(handle)))
        return (text, confidence, words())
    }

    private func setImage(_ image: GreyImage, dpi: Int) throws {
        guard image.width > 0, image.height > 0 else { throw OCRError.recognitionFailed }
        image.pixels.withUnsafeBufferPointer { buffer in
            // Tesseract copies the pixels, so the buffer need not outlive the call.
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, Int32(dpi))
    }

    private func words() -> [PixelWord] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var words: [PixelWord] = []
        repeat {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw)
            TessDeleteText(raw)
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            let page = TessResultIteratorGetPageIteratorConst(iterator)
            guard !text.allSatisfy(\.isWhitespace),
                  TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
            words.append(PixelWord(text: text, left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom),
                                   confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)),
                                   startsLine: TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0,
                                   startsParagraph: TessPageIteratorIsAtBeginningOf(page, RIL_PARA) != 0))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return words
    }
}
