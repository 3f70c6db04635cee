import CTesseract
import Foundation
import Raster

/// Tesseract's orientation and script detection (the `osd` trained data):
/// how far a scan is turned and which script it is in. Owns its handle.
public final class OrientationDetector {
    private let handle: OpaquePointer

    public struct Finding: Equatable, Sendable {
        /// Clockwise quarter turns that make the page upright.
        public var quarterTurns: Int
        /// Tesseract's script name ("Latin", "Han", "Japanese", …), when sure enough.
        public var script: String?
    }

    /// Below this tesseract's orientation guess is no better than chance on
    /// pages with little text; such pages are read as they are.
    static let minimumConfidence: Float = 1.5
    static let minimumScriptConfidence: Float = 0.5

    public init(dataDirectory: String = OCRLanguages.dataDirectory()) throws {
        guard FileManager.default.fileExists(atPath: dataDirectory + "/osd.traineddata") else {
            throw OCRError.languageNotInstalled("osd")
        }
        guard let handle = TessBaseAPICreate() else { throw OCRError.engineFailed("osd") }
        self.handle = handle
        guard TessBaseAPIInit2(handle, dataDirectory, "osd", OEM_TESSERACT_ONLY) == 0 else {
            throw OCRError.engineFailed("osd")
        }
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// What the page looks like; upright and unknown script when tesseract
    /// cannot tell (too little text, a picture).
    public func detect(_ image: GreyImage, dpi: Int) -> Finding {
        guard image.width > 0, image.height > 0 else { return Finding(quarterTurns: 0, script: nil) }
        image.pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, Int32(dpi))
        defer { TessBaseAPIClear(handle) }
        var degrees: Int32 = 0
        var confidence: Float = 0, scriptConfidence: Float = 0
        var scriptName: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &scriptName, &scriptConfidence) != 0 else {
            return Finding(quarterTurns: 0, script: nil)
        }
        // capi.h says to free the name, but tesseract 5 points it into its own
        // character set: freeing it corrupts the heap. Copied, never freed.
        let script = scriptName.map { String(cString: $0) }
        // `degrees` is how far the page was turned clockwise: it turns back the other way.
        let turns = confidence >= Self.minimumConfidence ? (4 - (Int(degrees) / 90) % 4) % 4 : 0
        return Finding(quarterTurns: turns, script: scriptConfidence >= Self.minimumScriptConfidence ? script : nil)
    }
}
