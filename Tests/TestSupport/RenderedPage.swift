import Foundation

/// A page of a PDF as pdftoppm draws it, to tell which page a preview shows.
public enum RenderedPage {
    /// Page `page` (1-based) of `pdf`, drawn by pdftoppm with its longer side `pixels` long.
    public static func pdftoppm(_ pdf: String, page: Int, longerSide pixels: Int) throws -> PNGDecoder.Image {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("rendered-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix + ".png") }
        let drawn = try Run.process("/usr/bin/pdftoppm", ["-png", "-singlefile", "-f", "\(page)", "-l", "\(page)",
                                                           "-scale-to", "\(pixels)", pdf, prefix])
        guard drawn.status == 0 else { throw RunError.failed(drawn.stderr) }
        return try PNGDecoder.decode(file: prefix + ".png")
    }

    /// The mean difference of the colour channels over the area both images
    /// cover: 0 for the same picture, up to 255.
    public static func difference(_ a: PNGDecoder.Image, _ b: PNGDecoder.Image) -> Double {
        let width = min(a.width, b.width), height = min(a.height, b.height)
        guard width > 0, height > 0 else { return 255 }
        var total = 0
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 {
                    total += abs(Int(a.pixels[(y * a.width + x) * 4 + channel]) - Int(b.pixels[(y * b.width + x) * 4 + channel]))
                }
            }
        }
        return Double(total) / Double(width * height * 3)
    }
}
