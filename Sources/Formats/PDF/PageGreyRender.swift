import Foundation
import Raster

extension PDFPage {
    /// Renders the page in grey at `dpi` dots per inch on white, as a scanner
    /// would have seen it; capped at the renderer's largest side.
    public func renderGrey(dpi: Double) throws -> GreyImage {
        let (width, height) = saneSize
        let scale = min(dpi / 72, Double(Self.maximumSide) / max(width, height))
        let pixelWidth = max(1, Int((width * scale).rounded())), pixelHeight = max(1, Int((height * scale).rounded()))
        var pixels = [UInt8](repeating: 255, count: pixelWidth * pixelHeight)
        try rendering(width: pixelWidth, height: pixelHeight, forPrinting: true) { data, stride in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<pixelHeight {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    let offset = y * pixelWidth
                    for x in 0..<pixelWidth {
                        let word = row[x]
                        // Rec. 601 luma in integers: 0x00RRGGBB → grey.
                        let luma = (((word >> 16) & 0xFF) * 77 + ((word >> 8) & 0xFF) * 150 + (word & 0xFF) * 29) >> 8
                        target[offset + x] = UInt8(luma)
                    }
                }
            }
        }
        return GreyImage(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }
}
