import CZlib
import Foundation

/// Decodes 8-bit RGB/RGBA/grey PNGs (every filter, no interlace) into RGBA
/// bytes, so tests can compare what ibook writes with what poppler renders.
public enum PNGDecoder {
    public struct Image {
        public var width: Int
        public var height: Int
        /// RGBA, rows top to bottom.
        public var pixels: [UInt8]
    }

    public enum Failure: Error { case notPNG, unsupported(String), corrupt(String) }

    public static func decode(file path: String) throws -> Image {
        try decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    public static func decode(_ bytes: [UInt8]) throws -> Image {
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure.notPNG
        }
        var offset = 8, width = 0, height = 0, colorType = 0
        var compressed: [UInt8] = []
        func bigEndian(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        while offset + 8 <= bytes.count {
            let length = bigEndian(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard data + length + 4 <= bytes.count else { throw Failure.corrupt("chunk past the end") }
            switch type {
            case "IHDR":
                width = bigEndian(data)
                height = bigEndian(data + 4)
                guard bytes[data + 8] == 8 else { throw Failure.unsupported("bit depth \(bytes[data + 8])") }
                colorType = Int(bytes[data + 9])
                guard bytes[data + 12] == 0 else { throw Failure.unsupported("interlaced") }
            case "IDAT": compressed.append(contentsOf: bytes[data..<(data + length)])
            default: break
            }
            offset = data + length + 4
            if type == "IEND" { break }
        }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw Failure.unsupported("colour type \(colorType)")
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawSize = uLong(raw.count)
        let status = uncompress(&raw, &rawSize, compressed, uLong(compressed.count))
        guard status == Z_OK, Int(rawSize) == raw.count else { throw Failure.corrupt("zlib status \(status)") }

        var previous = [UInt8](repeating: 0, count: stride)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            var line = Array(raw[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
            for i in 0..<stride {
                let left = i >= channels ? Int(line[i - channels]) : 0
                let up = Int(previous[i])
                let upLeft = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: throw Failure.corrupt("filter \(filter)")
                }
                line[i] = UInt8((Int(line[i]) + predictor) & 0xFF)
            }
            for x in 0..<width {
                let source = x * channels, target = (y * width + x) * 4
                switch channels {
                case 1, 2:
                    pixels[target] = line[source]; pixels[target + 1] = line[source]; pixels[target + 2] = line[source]
                    if channels == 2 { pixels[target + 3] = line[source + 1] }
                default:
                    pixels[target] = line[source]; pixels[target + 1] = line[source + 1]; pixels[target + 2] = line[source + 2]
                    if channels == 4 { pixels[target + 3] = line[source + 3] }
                }
            }
            previous = line
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Mean absolute difference per channel (0–255) of two same-sized RGBA buffers.
    public static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var total = 0
        var index = 0
        while index < a.count {
            total += abs(Int(a[index]) - Int(b[index])) + abs(Int(a[index + 1]) - Int(b[index + 1]))
                + abs(Int(a[index + 2]) - Int(b[index + 2]))
            index += 4
        }
        return Double(total) / Double(max(1, a.count / 4 * 3))
    }
}
