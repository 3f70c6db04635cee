import Foundation

/// Reads the screenshots `xwd -root` writes (X Window Dump, version 7) into
/// RGBA bytes, so a test can look at what a real X terminal shows without
/// ImageMagick. Handles the ZPixmap TrueColor dumps of 24- and 32-bit
/// visuals that Xvfb `-screen 0 WxHx24` gives, in either byte order.
public enum XWDDecoder {
    public enum Failure: Error { case notXWD(String), unsupported(String) }

    public static func decode(file path: String) throws -> PNGDecoder.Image {
        try decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    public static func decode(_ bytes: [UInt8]) throws -> PNGDecoder.Image {
        guard bytes.count >= 100 else { throw Failure.notXWD("\(bytes.count) bytes") }
        // The header: 25 big-endian CARD32s, then the window name.
        func field(_ index: Int) -> Int {
            let at = index * 4
            return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        let headerSize = field(0), version = field(1), format = field(2)
        let width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), visualClass = field(13)
        let masks = (red: field(14), green: field(15), blue: field(16))
        let colourCount = field(19)
        guard version == 7 else { throw Failure.notXWD("version \(version)") }
        guard format == 2 else { throw Failure.unsupported("pixmap format \(format)") }
        guard visualClass == 4 || visualClass == 5 else { throw Failure.unsupported("visual class \(visualClass)") }
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw Failure.unsupported("\(bitsPerPixel) bits per pixel") }
        let start = headerSize + colourCount * 12
        guard width > 0, height > 0, start + bytesPerLine * height <= bytes.count else {
            throw Failure.notXWD("\(width)×\(height) does not fit in \(bytes.count) bytes")
        }
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        let shifts = (red: shift(masks.red), green: shift(masks.green), blue: shift(masks.blue))
        let pixelBytes = bitsPerPixel / 8
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let row = start + y * bytesPerLine
            for x in 0..<width {
                let at = row + x * pixelBytes
                var value = 0
                for index in 0..<pixelBytes {
                    // byte order 0 is LSBFirst: the least significant byte comes first.
                    let byte = Int(bytes[at + index])
                    value |= byteOrder == 0 ? byte << (8 * index) : byte << (8 * (pixelBytes - 1 - index))
                }
                let out = (y * width + x) * 4
                pixels[out] = UInt8((value & masks.red) >> shifts.red & 0xFF)
                pixels[out + 1] = UInt8((value & masks.green) >> shifts.green & 0xFF)
                pixels[out + 2] = UInt8((value & masks.blue) >> shifts.blue & 0xFF)
            }
        }
        return PNGDecoder.Image(width: width, height: height, pixels: pixels)
    }
}
