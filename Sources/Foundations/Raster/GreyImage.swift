/// Pixels in memory, 8-bit grey (0 black, 255 white), rows top to bottom,
/// no padding: what OCR reads. A quarter of the memory of `RasterImage`,
/// which matters for 300 dpi pages.
public struct GreyImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The image turned clockwise by `quarterTurns` × 90°.
    public func rotated(quarterTurns: Int) -> GreyImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0, width > 0, height > 0 else { return self }
        if turns == 2 { return GreyImage(width: width, height: height, pixels: pixels.reversed()) }
        var turned = [UInt8](repeating: 255, count: pixels.count)
        let newWidth = height, newHeight = width
        pixels.withUnsafeBufferPointer { source in
            turned.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        // Clockwise: (x, y) goes to (height-1-y, x); anticlockwise to (y, width-1-x).
                        let index = turns == 1 ? x * newWidth + (height - 1 - y) : (width - 1 - x) * newWidth + y
                        target[index] = source[row + x]
                    }
                }
            }
        }
        return GreyImage(width: newWidth, height: newHeight, pixels: turned)
    }

    /// True when nearly every pixel is close to white: a blank page, which
    /// OCR would only find noise on.
    public var isBlank: Bool {
        guard !pixels.isEmpty else { return true }
        var dark = 0
        for pixel in pixels where pixel < 160 { dark += 1 }
        // One pixel in 20,000 (a short word at 300 dpi) is enough to be read; a few specks of dust are not.
        return dark * 20_000 < pixels.count
    }
}
