import FileNames
import Glibc

/// libibook-reflow.so (the ReflowEngine target: MuPDF behind reflow_* functions), opened once
/// with dlopen. MuPDF lives in its own shared object with none of its symbols exported, so its
/// copies of opj_malloc, asprintf and the rest never interpose on what poppler uses in ibook-full.
final class ReflowLibrary: @unchecked Sendable {
    // The signatures of ReflowEngine.h, which Swift does not include: these types are the contract.
    typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<UInt8>?, Int, Int,
                                     UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Load = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Double, Double, Double,
                                     UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Close = @convention(c) (OpaquePointer?) -> Void
    typealias Layout = @convention(c) (OpaquePointer?, Double, Double, Double, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias PageCount = @convention(c) (OpaquePointer?) -> Int32
    typealias PageSize = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?,
                                         UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Render = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UnsafeMutablePointer<UInt8>?,
                                       UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Bytes = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                      UnsafeMutablePointer<Int>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Search = @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<Double>?,
                                       UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias Outline = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                        UnsafeMutablePointer<Int>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Position = @convention(c) (OpaquePointer?, Int32) -> UInt64
    typealias PositionPage = @convention(c) (OpaquePointer?, UInt64) -> Int32
    typealias PageStarts = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt64>?, Int32) -> Int32
    typealias LetterBoxes = @convention(c) (OpaquePointer?, Int32, UInt64, UInt64, UnsafeMutablePointer<Double>?, Int32) -> Int32
    typealias ResolveLink = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias ArchiveEntry = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                             UnsafeMutablePointer<Int>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias ParseXML = @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                         UnsafeMutablePointer<Int>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias DecodeImage = @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias Free = @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void
    typealias LoadWith = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Double, Double, Double, UnsafePointer<CChar>?,
                                         UnsafePointer<Int32>?, Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias LoadChapters = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Double, Double, Double, Int32, Int32, Int32,
                                             UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias ChapterPages = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias Digest = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias SHA256 = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> Void
    typealias Links = Bytes
    typealias EngineVersion = @convention(c) () -> UnsafePointer<CChar>?
    typealias Deobfuscate = @convention(c) (OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UInt8>?,
                                            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32,
                                            UnsafePointer<UnsafePointer<CChar>?>?, Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    typealias WritePDF = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int32

    static let fileName = "libibook-reflow.so"

    private let handle: UnsafeMutableRawPointer
    let open: Open
    let load: Load
    let close: Close
    let layout: Layout
    let pageCount: PageCount
    let pageSize: PageSize
    let render: Render
    let pageText: Bytes
    let search: Search
    let outline: Outline
    let position: Position
    let positionPage: PositionPage
    /// Optional: a library built before it still answers position by position.
    let pageStarts: PageStarts?
    /// Optional too: without it a book's obfuscated fonts cannot be opened.
    let deobfuscate: Deobfuscate?
    let letterBoxes: LetterBoxes
    let pageRuns: Bytes
    let resolveLink: ResolveLink
    let archiveEntry: ArchiveEntry
    let parseXML: ParseXML
    let decodeImage: DecodeImage
    let free: Free
    let loadWith: LoadWith
    let chapterPages: ChapterPages
    /// Optional: without it a book is read whole, by one worker.
    let loadChapters: LoadChapters?
    let digest: Digest
    let sha256: SHA256
    let links: Links
    let writePDF: WritePDF
    let engineVersion: EngineVersion

    /// Opens the first of `candidates` that loads and has every function; the error says
    /// where it looked and why each failed.
    init(candidates: [String] = ReflowLibrary.candidates()) throws(ReflowError) {
        var problems: [String] = []
        for path in candidates where access(path, F_OK) == 0 {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                problems.append(dlerror().map { String(cString: $0) } ?? path)
                continue
            }
            func symbol<T>(_ name: String, _: T.Type) -> T? {
                dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
            }
            guard let open = symbol("reflow_open", Open.self), let load = symbol("reflow_load", Load.self),
                  let close = symbol("reflow_close", Close.self), let layout = symbol("reflow_layout", Layout.self),
                  let pageCount = symbol("reflow_page_count", PageCount.self),
                  let pageSize = symbol("reflow_page_size", PageSize.self), let render = symbol("reflow_render", Render.self),
                  let pageText = symbol("reflow_page_text", Bytes.self), let search = symbol("reflow_search", Search.self),
                  let outline = symbol("reflow_outline", Outline.self), let position = symbol("reflow_position", Position.self),
                  let positionPage = symbol("reflow_position_page", PositionPage.self),
                  let letterBoxes = symbol("reflow_letter_boxes", LetterBoxes.self),
                  let pageRuns = symbol("reflow_page_runs", Bytes.self),
                  let resolveLink = symbol("reflow_resolve_link", ResolveLink.self),
                  let archiveEntry = symbol("reflow_archive_entry", ArchiveEntry.self),
                  let parseXML = symbol("reflow_parse_xml", ParseXML.self),
                  let decodeImage = symbol("reflow_decode_image", DecodeImage.self), let free = symbol("reflow_free", Free.self),
                  let loadWith = symbol("reflow_load_with", LoadWith.self),
                  let chapterPages = symbol("reflow_chapter_pages", ChapterPages.self),
                  let digest = symbol("reflow_digest", Digest.self), let sha256 = symbol("reflow_sha256", SHA256.self),
                  let links = symbol("reflow_links", Links.self), let writePDF = symbol("reflow_write_pdf", WritePDF.self),
                  let engineVersion = symbol("reflow_engine_version", EngineVersion.self)
            else {
                problems.append("\(path) lacks reflow_* functions (an older build?)")
                dlclose(handle)
                continue
            }
            self.handle = handle
            (self.open, self.load, self.close, self.layout, self.pageCount, self.pageSize) = (open, load, close, layout, pageCount, pageSize)
            (self.render, self.pageText, self.search, self.outline, self.position) = (render, pageText, search, outline, position)
            (self.positionPage, self.resolveLink, self.archiveEntry, self.parseXML) = (positionPage, resolveLink, archiveEntry, parseXML)
            (self.decodeImage, self.free, self.letterBoxes, self.pageRuns) = (decodeImage, free, letterBoxes, pageRuns)
            (self.loadWith, self.chapterPages, self.digest, self.sha256) = (loadWith, chapterPages, digest, sha256)
            loadChapters = symbol("reflow_load_chapters", LoadChapters.self)
            (self.links, self.writePDF, self.engineVersion) = (links, writePDF, engineVersion)
            pageStarts = symbol("reflow_page_starts", PageStarts.self)
            deobfuscate = symbol("reflow_deobfuscate", Deobfuscate.self)
            return
        }
        if problems.isEmpty { problems.append("\(Self.fileName) is missing (looked in \(candidates.joined(separator: ", ")))") }
        throw .engineMissing(problems.joined(separator: "; "))
    }

    deinit { dlclose(handle) }

    /// Beside the running binary (a build folder, or ibook-full in libexec/ibook), or in ../libexec/ibook.
    static func candidates() -> [String] {
        PathName.besideRunningBinary(fileName)
    }

    /// Opened on first use and kept: MuPDF's 40 MB of code and fonts are mapped once per process.
    static func shared() throws(ReflowError) -> ReflowLibrary {
        switch loaded {
        case .success(let library): return library
        case .failure(let error): throw error
        }
    }

    private static let loaded: Result<ReflowLibrary, ReflowError> = {
        do throws(ReflowError) { return .success(try ReflowLibrary()) } catch { return .failure(error) }
    }()
}
