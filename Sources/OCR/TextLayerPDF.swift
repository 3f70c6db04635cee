import CTesseract
import Foundation
import Raster

/// A PDF of invisible text only, one page per image added, each the size of
/// its image at its resolution: tesseract's own PDF renderer in text-only
/// mode. Laid under the scanned pages, it lets other tools search and copy
/// them. Owns the renderer; the file is complete once `finish` returns.
public final class TextLayerPDF {
    private let renderer: OpaquePointer?
    private let engine: TesseractEngine
    private var finished = false
    /// Where the PDF is written.
    public let path: String

    /// Writes `outputBase` + ".pdf".
    public init(outputBase: String, languages: [String], dataDirectory: String = OCRLanguages.dataDirectory()) throws {
        guard FileManager.default.fileExists(atPath: dataDirectory + "/osd.traineddata") else {
            throw OCRError.languageNotInstalled("osd")
        }
        engine = try TesseractEngine(languages: languages, dataDirectory: dataDirectory, findsOrientation: true)
        guard let renderer = TessPDFRendererCreate(outputBase, dataDirectory, 1) else {
            throw OCRError.pdfFailed("no renderer")
        }
        self.renderer = renderer
        path = outputBase + ".pdf"
        guard TessResultRendererBeginDocument(renderer, "") != 0 else { throw OCRError.pdfFailed("cannot write \(path)") }
    }

    deinit {
        if !finished { _ = TessResultRendererEndDocument(renderer) }
        TessDeleteResultRenderer(renderer)
    }

    /// Reads one page image and adds its text as the next page.
    public func add(_ image: GreyImage, dpi: Int) throws {
        try engine.recognize(image, dpi: dpi, into: renderer)
    }

    public func finish() throws {
        finished = true
        guard TessResultRendererEndDocument(renderer) != 0 else { throw OCRError.pdfFailed("cannot finish \(path)") }
    }
}
