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

    private let library: OpenedLibrary
    let render: Render
    let free: Free

    /// Opens the first of `candidates` that loads; the error says where it looked and why it failed.
    init(candidates: [String] = PageImageLibrary.candidates()) throws {
        var problems: [String] = []
        guard let library = OpenedLibrary(fileName: Self.fileName, candidates: candidates,
                                          symbols: ["splash_pages_render", "splash_pages_free"], flags: RTLD_NOW, problems: &problems)
        else { throw PageImageError(path: "", reason: .rendererMissing(problems.joined(separator: "; "))) }
        self.library = library
        render = unsafeBitCast(library.symbols[0], to: Render.self)
        free = unsafeBitCast(library.symbols[1], to: Free.self)
    }

    /// Beside the running binary (a build folder, or ibook-full in
    /// libexec/ibook), or in ../libexec/ibook (an installed ibook).
    static func candidates() -> [String] {
        PathName.besideRunningBinary(fileName)
    }
}
