import Foundation

/// Reads back what a program wrote in kitty's graphics protocol: the APC
/// sequences (`ESC _G keys ; base64 ESC \`), joined chunk by chunk.
public enum KittyStream {
    public struct Image {
        /// The keys of the image's first chunk (`a=T,f=100,…`).
        public var keys: String
        public var png: PNGDecoder.Image
    }

    /// Every transmitted image, in order.
    public static func images(in output: String) throws -> [Image] {
        var images: [Image] = []
        var payload = "", keys = ""
        var rest = Substring(output)
        while let start = rest.range(of: "\u{1B}_G"),
              let end = rest.range(of: "\u{1B}\\", range: start.upperBound..<rest.endIndex) {
            let parts = rest[start.upperBound..<end.lowerBound].split(separator: ";", maxSplits: 1)
            rest = rest[end.upperBound...]
            guard let first = parts.first else { continue }
            if first.contains("a=T") {
                keys = String(first)
                payload = ""
            }
            if parts.count > 1 { payload += parts[1] }
            if first.contains("m=0"), !keys.isEmpty {
                guard let data = Data(base64Encoded: payload) else { throw PNGDecoder.Failure.corrupt("base64") }
                images.append(Image(keys: keys, png: try PNGDecoder.decode(Array(data))))
                keys = ""
            }
        }
        return images
    }
}
