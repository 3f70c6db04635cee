import CPangoCairo
import Foundation

/// A PNG decoded into a cairo image surface, released with the object.
public final class PNGImage {
    let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int

    public init(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw DrawingError.unreadableImage(path, reason: "no such file")
        }
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw DrawingError.unreadableImage(path, reason: String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        pixelWidth = Int(cairo_image_surface_get_width(surface))
        pixelHeight = Int(cairo_image_surface_get_height(surface))
        guard pixelWidth > 0, pixelHeight > 0 else {
            cairo_surface_destroy(surface)
            throw DrawingError.unreadableImage(path, reason: "the image is empty")
        }
    }

    deinit { cairo_surface_destroy(surface) }

    /// The largest size with this image's proportions that fits in `box`.
    public func fittedSize(in box: (width: Double, height: Double)) -> (width: Double, height: Double) {
        let scale = min(box.width / Double(pixelWidth), box.height / Double(pixelHeight))
        return (Double(pixelWidth) * scale, Double(pixelHeight) * scale)
    }
}
