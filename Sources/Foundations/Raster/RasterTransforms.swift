/// Whole-image changes the reader applies after rendering, so that a page
/// rendered once serves dark mode, rotation and panning.
extension RasterImage {
    /// Colours inverted (dark mode).
    public func inverted() -> RasterImage {
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                buffer[index] = 255 &- buffer[index]
                buffer[index + 1] = 255 &- buffer[index + 1]
                buffer[index + 2] = 255 &- buffer[index + 2]
                index += 4
            }
        }
        return copy
    }

    /// Turned clockwise by `quarterTurns` × 90°.
    public func rotated(quarterTurns: Int) -> RasterImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        let newWidth = turns == 2 ? width : height
        let newHeight = turns == 2 ? height : width
        var output = [UInt8](repeating: 255, count: newWidth * newHeight * 4)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let (nx, ny): (Int, Int)
                        switch turns {
                        case 1: (nx, ny) = (height - 1 - y, x)
                        case 2: (nx, ny) = (width - 1 - x, height - 1 - y)
                        default: (nx, ny) = (y, width - 1 - x)
                        }
                        let from = (y * width + x) * 4, to = (ny * newWidth + nx) * 4
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                        target[to + 3] = source[from + 3]
                    }
                }
            }
        }
        return RasterImage(width: newWidth, height: newHeight, pixels: output)
    }

    /// The part inside the rectangle, clamped to the image.
    public func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> RasterImage {
        let left = min(max(0, x), width), top = min(max(0, y), height)
        let right = min(width, max(left, x + cropWidth)), bottom = min(height, max(top, y + cropHeight))
        if left == 0, top == 0, right == width, bottom == height { return self }
        var output = [UInt8]()
        output.reserveCapacity((right - left) * (bottom - top) * 4)
        for row in top..<bottom {
            let start = (row * width + left) * 4
            output.append(contentsOf: pixels[start..<(start + (right - left) * 4)])
        }
        return RasterImage(width: right - left, height: bottom - top, pixels: output)
    }

    /// This image drawn onto a canvas of `background` at (x, y); used to
    /// centre a page and to lay out thumbnail grids.
    public mutating func draw(_ image: RasterImage, atX x: Int, y: Int) {
        let left = max(0, x), top = max(0, y)
        let right = min(width, x + image.width), bottom = min(height, y + image.height)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            let source = ((row - y) * image.width + (left - x)) * 4
            let target = (row * width + left) * 4
            let count = (right - left) * 4
            pixels.replaceSubrange(target..<(target + count), with: image.pixels[source..<(source + count)])
        }
    }

    /// The rectangle's pixels multiplied by `tint`, as a highlighter pen marks paper: the
    /// ink stays dark and the white takes the colour. Clipped to the image.
    public mutating func multiply(x: Range<Int>, y: Range<Int>, by tint: RGB) {
        let columns = max(0, x.lowerBound)..<min(width, max(0, x.upperBound))
        for row in max(0, y.lowerBound)..<min(height, max(0, y.upperBound)) {
            for column in columns {
                let pixel = self.pixel(x: column, y: row)
                setPixel(x: column, y: row, RGB(red: UInt8(Int(pixel.red) * Int(tint.red) / 255),
                                                green: UInt8(Int(pixel.green) * Int(tint.green) / 255),
                                                blue: UInt8(Int(pixel.blue) * Int(tint.blue) / 255)))
            }
        }
    }

    /// A rectangle's outline, `thickness` pixels wide, inside its bounds.
    public mutating func strokeRectangle(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int,
                                         color: RGB, thickness: Int = 2) {
        guard rectWidth > 0, rectHeight > 0 else { return }
        for t in 0..<max(1, thickness) {
            for column in x..<(x + rectWidth) {
                setPixel(x: column, y: y + t, color)
                setPixel(x: column, y: y + rectHeight - 1 - t, color)
            }
            for row in y..<(y + rectHeight) {
                setPixel(x: x + t, y: row, color)
                setPixel(x: x + rectWidth - 1 - t, y: row, color)
            }
        }
    }

    /// Scaled to exactly the given size by area averaging (shrinking) or
    /// nearest neighbour (growing); thumbnails and the overview grid use it.
    public func scaled(toWidth newWidth: Int, height newHeight: Int) -> RasterImage {
        guard newWidth > 0, newHeight > 0, !isEmpty else { return RasterImage(width: max(0, newWidth), height: max(0, newHeight)) }
        if newWidth == width, newHeight == height { return self }
        var output = [UInt8](repeating: 255, count: newWidth * newHeight * 4)
        for ny in 0..<newHeight {
            let y0 = ny * height / newHeight, y1 = max(y0 + 1, (ny + 1) * height / newHeight)
            for nx in 0..<newWidth {
                let x0 = nx * width / newWidth, x1 = max(x0 + 1, (nx + 1) * width / newWidth)
                var sums = (0, 0, 0, 0)
                for y in y0..<y1 {
                    var offset = (y * width + x0) * 4
                    for _ in x0..<x1 {
                        sums.0 += Int(pixels[offset]); sums.1 += Int(pixels[offset + 1])
                        sums.2 += Int(pixels[offset + 2]); sums.3 += Int(pixels[offset + 3])
                        offset += 4
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let target = (ny * newWidth + nx) * 4
                output[target] = UInt8(sums.0 / count)
                output[target + 1] = UInt8(sums.1 / count)
                output[target + 2] = UInt8(sums.2 / count)
                output[target + 3] = UInt8(sums.3 / count)
            }
        }
        return RasterImage(width: newWidth, height: newHeight, pixels: output)
    }
}
