import FileNames
import Glibc

/// libibook-reflow.so (the ReflowEngine target: MuPDF) opened for its one call that draws a PDF's
/// page. Linked rather than opened, MuPDF would cost every lean command its relocations; opened
/// here, only a page not in the thumbnail cache pays, and less than for poppler and its twenty
/// libraries (libibook-pages.so), since MuPDF is linked into it whole.
final class MuPDFPageLibrary {
    /// reflow_render_pdf_page, as ReflowEngine.h declares it.
    typealias Render = @convention(c) (
        _ path: UnsafePointer<CChar>?, _ password: UnsafePointer<CChar>?, _ pageIndex: Int32, _ longest: Int32,
        _ memoryLimit: Int, _ rgba: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
        _ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?,
        _ message: UnsafeMutablePointer<CChar>?, _ messageSize: Int) -> Int32
    typealias Free = @convention(c) (_ bytes: UnsafeMutablePointer<UInt8>?) -> Void

    static let fileName = "libibook-reflow.so"

    private let library: OpenedLibrary
    let render: Render
    let free: Free

    /// Opens the first of `candidates` that loads and has the call; the error says where it looked and why.
    init(candidates: [String] = PathName.besideRunningBinary(MuPDFPageLibrary.fileName)) throws(MuPDFPageError) {
        var problems: [String] = []
        // Lazily bound: MuPDF's libraries (HarfBuzz and GLib, FreeType, OpenJPEG…) have some 1,600
        // functions a PDF's page never calls, each a symbol lookup if bound now (3% of a cover).
        guard let library = OpenedLibrary(fileName: Self.fileName, candidates: candidates,
                                          symbols: ["reflow_render_pdf_page", "reflow_free"], flags: RTLD_LAZY, problems: &problems)
        else { throw .engineMissing(problems.joined(separator: "; ")) }
        self.library = library
        render = unsafeBitCast(library.symbols[0], to: Render.self)
        free = unsafeBitCast(library.symbols[1], to: Free.self)
    }
}
