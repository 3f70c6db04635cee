import Deflate

/// Writes a RasterImage as PNG (8-bit RGB or RGBA, deflated, "up"
/// filter): what the kitty and iTerm2 protocols and `-o page.png` carry.
public enum PNGEncoder {
    /// - Parameter alpha: keep the alpha channel; pages are opaque, so by default it is dropped (a quarter smaller).
    public static func encode(_ image: RasterImage, alpha: Bool = false, level: Int32 = 3) -> [UInt8] {
        let channels = alpha ? 4 : 3
        let width = image.width, height = image.height
        let stride = width * channels
        // Filter "up" (2) on every row but the first: pages are mostly flat
        // colour in columns, which it turns into runs of zeros. Computed
        // straight from the RGBA rows, one pass, no per-byte bounds checks:
        // this loop runs for every frame the reader sends.
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * height)
        if width > 0 {
            image.pixels.withUnsafeBufferPointer { source in
                filtered.withUnsafeMutableBufferPointer { target in
                    guard let pixels = source.baseAddress, let output = target.baseAddress else { return }
                    for y in 0..<height {
                        let row = output + y * (stride + 1)
                        var from = pixels + y * width * 4
                        var to = row + 1
                        if y == 0 {
                            row[0] = 0
                            for _ in 0..<width {
                                to[0] = from[0]; to[1] = from[1]; to[2] = from[2]
                                if alpha { to[3] = from[3] }
                                from += 4
                                to += channels
                            }
                        } else {
                            row[0] = 2
                            var above = from - width * 4
                            for _ in 0..<width {
                                to[0] = from[0] &- above[0]; to[1] = from[1] &- above[1]; to[2] = from[2] &- above[2]
                                if alpha { to[3] = from[3] &- above[3] }
                                from += 4
                                above += 4
                                to += channels
                            }
                        }
                    }
                }
            }
        }
        let compressed = filtered.withUnsafeBytes { Deflater.zlib($0, level: level) }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, alpha ? 6 : 2, 0, 0, 0])
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", compressed)
        png.appendChunk("IEND", [])
        return png
    }
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        append(contentsOf: typeAndData)
        appendBigEndian(typeAndData.withUnsafeBytes { CRC32.checksum($0) })
    }
}
