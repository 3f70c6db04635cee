/// Pixels in memory, 8-bit RGBA, rows top to bottom. The common currency
/// between the renderer, the reader and the terminal encoders, so none of
/// them needs to know the others' libraries.
public struct RasterImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixel count does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    public init(width: Int, height: Int, fill: RGB = .white) {
        self.width = max(0, width)
        self.height = max(0, height)
        var row = [UInt8]()
        row.reserveCapacity(self.width * 4)
        for _ in 0..<self.width { row.append(contentsOf: [fill.red, fill.green, fill.blue, 255]) }
        var pixels = [UInt8]()
        pixels.reserveCapacity(self.width * self.height * 4)
        for _ in 0..<self.height { pixels.append(contentsOf: row) }
        self.pixels = pixels
    }

    public var isEmpty: Bool { width == 0 || height == 0 }

    public func pixel(x: Int, y: Int) -> RGB {
        let offset = (y * width + x) * 4
        return RGB(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2])
    }

    public mutating func setPixel(x: Int, y: Int, _ color: RGB) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let offset = (y * width + x) * 4
        pixels[offset] = color.red
        pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue
        pixels[offset + 3] = 255
    }
}

/// An opaque colour.
public struct RGB: Equatable, Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGB(red: 255, green: 255, blue: 255)
    public static let black = RGB(red: 0, green: 0, blue: 0)
}
