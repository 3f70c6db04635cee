import CZlib

/// Writes a RasterImage as PNG (8-bit RGB or RGBA, zlib-compressed, "up"
/// filter): what the kitty and iTerm2 protocols and `-o page.png` carry.
public enum PNGEncoder {
    public enum Failure: Error, CustomStringConvertible {
        case compression(Int32)
        public var description: String { "PNG compression failed (zlib status \(self))" }
    }

    /// - Parameter alpha: keep the alpha channel; pages are opaque, so by default it is dropped (a quarter smaller).
    public static func encode(_ image: RasterImage, alpha: Bool = false, level: Int32 = 3) throws -> [UInt8] {
        let channels = alpha ? 4 : 3
        let stride = image.width * channels
        // Filter "up" (2) on every row but the first: pages are mostly flat
        // colour in columns, which it turns into runs of zeros.
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * image.height)
        image.pixels.withUnsafeBufferPointer { source in
            filtered.withUnsafeMutableBufferPointer { target in
                var previous = [UInt8](repeating: 0, count: stride)
                var current = [UInt8](repeating: 0, count: stride)
                for y in 0..<image.height {
                    var s = y * image.width * 4, c = 0
                    for _ in 0..<image.width {
                        current[c] = source[s]; current[c + 1] = source[s + 1]; current[c + 2] = source[s + 2]
                        if alpha { current[c + 3] = source[s + 3] }
                        s += 4
                        c += channels
                    }
                    let rowStart = y * (stride + 1)
                    target[rowStart] = y == 0 ? 0 : 2
                    for i in 0..<stride {
                        target[rowStart + 1 + i] = y == 0 ? current[i] : current[i] &- previous[i]
                    }
                    swap(&previous, &current)
                }
            }
        }
        var compressedSize = compressBound(uLong(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        let status = compress2(&compressed, &compressedSize, filtered, uLong(filtered.count), level)
        guard status == Z_OK else { throw Failure.compression(status) }
        compressed.removeSubrange(Int(compressedSize)...)

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
        appendBigEndian(UInt32(crc32(0, typeAndData, uInt(typeAndData.count))))
    }
}
