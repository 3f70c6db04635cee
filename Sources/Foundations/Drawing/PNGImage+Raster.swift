import CPangoCairo
import Raster

extension PNGImage {
    /// The pixels as the terminal encoders take them: the shelf shows cached
    /// covers (PNGs) with the reader's painter, which knows only RasterImage.
    /// cairo loads a PNG as premultiplied ARGB32 (or RGB24): transparent parts come out over white.
    public var raster: RasterImage {
        cairo_surface_flush(surface)
        let width = pixelWidth, height = pixelHeight
        guard let data = cairo_image_surface_get_data(surface) else { return RasterImage(width: width, height: height) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let word = row[x]
                let alpha = hasAlpha ? Int(word >> 24) : 255
                let offset = (y * width + x) * 4
                // Premultiplied colour plus white for what is not covered.
                pixels[offset] = UInt8(min(255, Int((word >> 16) & 0xFF) + 255 - alpha))
                pixels[offset + 1] = UInt8(min(255, Int((word >> 8) & 0xFF) + 255 - alpha))
                pixels[offset + 2] = UInt8(min(255, Int(word & 0xFF) + 255 - alpha))
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }
}
