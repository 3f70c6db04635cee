import FileNames
import Raster

/// Pages of PDFs as pixels, drawn by MuPDF in libibook-reflow.so: a cover in about half the time
/// Splash takes, most of the difference in loading poppler's libraries and data.
public struct MuPDFPageRenderer {
    /// What MuPDF may allocate for one page: a page past it is refused, not drawn by a killed process.
    public static let memoryLimit = 1 << 30

    private let library: MuPDFPageLibrary

    /// Opens libibook-reflow.so (dlopen counts its users: the second opening in a process is free).
    public init() throws(MuPDFPageError) {
        library = try MuPDFPageLibrary()
    }

    /// Page `page` (1-based) of the PDF at `path`, its longer side `longest` pixels (16 to 8192), on white.
    public func image(ofPage page: Int, in path: String, longest: Int, password: String?) throws(MuPDFPageError) -> RasterImage {
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let side = Int32(min(max(longest, 16), 8192))
        let status = FileName.withCString(path) { file in
            library.render(file, password, Int32(clamping: page - 1), side, Self.memoryLimit, &rgba, &width, &height, &message, message.count)
        }
        defer { library.free(rgba) }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The statuses of ReflowEngine.h.
        switch status {
        case 0: break
        case 2: throw .tooLarge(reason)
        case 3: throw .noPage(reason)
        case 5: throw .passwordRequired
        case 6: throw .wrongPassword
        case 7: throw .renderFailed(reason)
        default: throw .cannotOpen(reason)
        }
        guard let pixels = rgba, width > 0, height > 0 else { throw .renderFailed("no pixels") }
        let count = Int(width) * Int(height) * 4
        return RasterImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
