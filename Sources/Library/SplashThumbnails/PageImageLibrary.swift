import FileNames
import FoundationEssentials
import Glibc

/// libibook-pages.so (the SplashPages target: poppler's Splash through
/// poppler's PDFDoc and SplashOutputDev), opened on first use. Linked at start-up, poppler and its
/// libraries would cost every lean command the time they take to load;
/// opened here, only a thumbnail pays for them, and it pays less than for
/// poppler-glib and cairo, which loaded more libraries and rendered slower.
final class PageImageLibrary {
    /// splash_pages_render, as SplashPages.h declares it.
    typealias Render = @convention(c) (
        _ path: UnsafePointer<CChar>?, _ password: UnsafePointer<CChar>?, _ pageIndex: Int32, _ longest: Int32,
        _ rgb: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ width: UnsafeMutablePointer<Int32>?,
        _ height: UnsafeMutablePointer<Int32>?, _ stride: UnsafeMutablePointer<Int32>?,
        _ message: UnsafeMutablePointer<CChar>?, _ messageSize: Int) -> Int32
    typealias Free = @convention(c) (_ rgb: UnsafeMutablePointer<UInt8>?) -> Void

    static let fileName = "libibook-pages.so"

    private let handle: UnsafeMutableRawPointer
    let render: Render
    let free: Free

    /// Opens the first of `candidates` that loads; the error says where it looked and why it failed.
    init(candidates: [String] = PageImageLibrary.candidates()) throws {
        var problems: [String] = []
        for path in candidates where access(path, F_OK) == 0 {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                problems.append(dlerror().map { String(cString: $0) } ?? path)
                continue
            }
            guard let render = dlsym(handle, "splash_pages_render"), let free = dlsym(handle, "splash_pages_free") else {
                problems.append("\(path) has no splash_pages_render")
                dlclose(handle)
                continue
            }
            self.handle = handle
            self.render = unsafeBitCast(render, to: Render.self)
            self.free = unsafeBitCast(free, to: Free.self)
            return
        }
        if problems.isEmpty { problems.append("\(Self.fileName) is missing (looked in \(candidates.joined(separator: ", ")))") }
        throw PageImageError(path: "", reason: .rendererMissing(problems.joined(separator: "; ")))
    }

    deinit { dlclose(handle) }

    /// Beside the running binary (a build folder, or ibook-full in
    /// libexec/ibook), or in ../libexec/ibook (an installed ibook).
    static func candidates() -> [String] {
        PathName.besideRunningBinary(fileName)
    }
}
