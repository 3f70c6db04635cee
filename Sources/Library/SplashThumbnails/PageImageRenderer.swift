import FileNames
import FoundationEssentials
import Glibc
import Raster

/// Pages of PDFs as pixels, rendered by libibook-pages.so.
public struct PageImageRenderer {
    private let library: PageImageLibrary

    /// Opens libibook-pages.so (once per process: dlopen counts its users).
    public init() throws {
        library = try PageImageLibrary()
    }

    /// Page `page` (1-based) of the PDF at `path`, its longer side `longest`
    /// pixels (16 to 8192), on white.
    public func image(ofPage page: Int, in path: String, longest: Int, password: String?) throws -> RasterImage {
        try Self.check(path)
        var rgb: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let side = Int32(min(max(longest, 16), 8192))
        let status = FileName.withCString(path) { file in
            library.render(file, password, Int32(clamping: page - 1), side, &rgb, &width, &height, &stride, &message, message.count)
        }
        defer { library.free(rgb) }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case 0: break
        case 2: throw PageImageError(path: path, reason: .passwordRequired)
        case 3: throw PageImageError(path: path, reason: .wrongPassword)
        case 4: throw PageImageError(path: path, reason: .damaged(reason))
        case 5: throw PageImageError(path: path, reason: .renderFailed(reason))
        default: throw PageImageError(path: path, reason: .damaged(reason))
        }
        guard let rows = rgb, width > 0, height > 0 else { throw PageImageError(path: path, reason: .renderFailed("no pixels")) }
        return Self.opaque(rows, width: Int(width), height: Int(height), stride: Int(stride))
    }

    /// RGB rows as the RGBA every encoder takes.
    private static func opaque(_ rows: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> RasterImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { target in
            guard var to = target.baseAddress else { return }
            for y in 0..<height {
                var from = rows + y * stride
                for _ in 0..<width {
                    to[0] = from[0]; to[1] = from[1]; to[2] = from[2]
                    from += 3
                    to += 4
                }
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// What poppler could only call damaged, said precisely before it looks.
    private static func check(_ path: String) throws {
        var info = stat()
        guard FileName.withCString(path, { stat($0, &info) }) == 0 else {
            throw PageImageError(path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw PageImageError(path: path, reason: .unreadable("is a directory")) }
        if info.st_size == 0 { throw PageImageError(path: path, reason: .empty) }
        guard FileName.withCString(path, { access($0, R_OK) }) == 0 else {
            throw PageImageError(path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
    }
}
