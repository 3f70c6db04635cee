import FileNames
import Glibc

/// One reflow_document of libibook-reflow.so, owned: closed in deinit. Turns the C API's
/// status codes, messages and malloc'd buffers into Swift values and ReflowErrors.
final class EngineDocument {
    /// What MuPDF may allocate for one book: enough for a large illustrated EPUB, far below
    /// what would take the machine down when a file is hostile.
    static let memoryLimit = 768 << 20

    private let library: ReflowLibrary
    private let handle: OpaquePointer

    private enum Status: Int32 {
        case ok = 0, damaged, tooLarge, noPage, noEntry
    }

    init(path: String?, bytes: [UInt8]?) throws(ReflowError) {
        let library = try ReflowLibrary.shared()
        var handle: OpaquePointer?
        var message = [CChar](repeating: 0, count: 512)
        let status: Int32
        if let path {
            // The name's bytes, as FileNames keeps them: a name that is not UTF-8 opens too.
            status = FileName.withCString(path) { library.open($0, nil, 0, Self.memoryLimit, &handle, &message, message.count) }
        } else {
            let bytes = bytes ?? []
            status = bytes.withUnsafeBufferPointer { buffer in
                library.open(nil, buffer.baseAddress, buffer.count, Self.memoryLimit, &handle, &message, message.count)
            }
        }
        guard status == 0, let handle else { throw Self.error(status, message) }
        self.library = library
        self.handle = handle
    }

    deinit { library.close(handle) }

    private static func error(_ status: Int32, _ message: [CChar]) -> ReflowError {
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .cleanedBookText(limit: 200) ?? "mupdf gave no reason"
        switch Status(rawValue: status) {
        case .tooLarge: return .tooLarge(reason)
        default: return .damaged(reason)
        }
    }

    /// `body` given a message buffer; a status other than OK becomes the error.
    private func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(ReflowError) {
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        if status != 0 { throw Self.error(status, message) }
    }

    /// Bytes the engine malloc'd, copied into Swift and freed.
    private func take(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> [UInt8] {
        defer { library.free(pointer) }
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// `stylesheet` over the book's own; `chapterPages` as `chapterPages()` gave them at this layout
    /// and stylesheet, so that only the chapters drawn are laid out.
    func load(_ format: ReflowFormat, _ layout: ReflowLayout, stylesheet: String? = nil,
              chapterPages: [Int32]? = nil) throws(ReflowError) {
        let pages = chapterPages ?? []
        try pages.withUnsafeBufferPointer { (counts) throws(ReflowError) in
            try call {
                library.loadWith(handle, format.magic, layout.width, layout.height, layout.fontSize, stylesheet,
                                 counts.isEmpty ? nil : counts.baseAddress, Int32(counts.count), $0, $1)
            }
        }
    }

    /// An EPUB of `chapters` chapters with only `laidOut` laid out (see reflow_load_chapters); false when
    /// the engine cannot load a part (an older library) or counts the chapters otherwise, and the book is
    /// then to be loaded whole.
    func loadChapters(_ layout: ReflowLayout, chapters: Int, laidOut: ClosedRange<Int>) -> Bool {
        guard let loadChapters = library.loadChapters else { return false }
        var message = [CChar](repeating: 0, count: 512)
        return loadChapters(handle, ReflowFormat.epub.magic, layout.width, layout.height, layout.fontSize, Int32(chapters),
                            Int32(laidOut.lowerBound), Int32(laidOut.upperBound), &message, message.count) == 0
    }

    /// Each chapter's page count in the current layout; nil when MuPDF cannot say.
    func chapterPages(maximum: Int = 100_000) -> [Int32]? {
        var pages = [Int32](repeating: 0, count: maximum)
        let count = Int(library.chapterPages(handle, &pages, Int32(maximum)))
        return count > 0 ? Array(pages.prefix(count)) : nil
    }

    /// SHA-256 of the book's bytes.
    func digest() throws(ReflowError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        try call { library.digest(handle, &digest, $0, $1) }
        return digest
    }

    /// The page's links: area as fractions (x0, y0, x1, y1), target page index (nil: external),
    /// the target's top as a fraction (nil: unknown), an external link's URI, and the text under the link.
    func links(_ index: Int) -> [(area: (Double, Double, Double, Double), page: Int?, top: Double?, uri: String, text: String)] {
        var pointer: UnsafeMutablePointer<UInt8>?
        var count = 0
        do { try call { library.links(handle, Int32(index), &pointer, &count, $0, $1) } } catch { return [] }
        var reader = RecordReader(take(pointer, count))
        var links: [(area: (Double, Double, Double, Double), page: Int?, top: Double?, uri: String, text: String)] = []
        while !reader.atEnd, let x0 = reader.f64(), let y0 = reader.f64(), let x1 = reader.f64(), let y1 = reader.f64(),
              let page = reader.u32(), let top = reader.f64(), let uri = reader.string(), let text = reader.string() {
            let index = Int32(bitPattern: page)
            links.append(((x0, y0, x1, y1), index >= 0 ? Int(index) : nil, top >= 0 && top <= 1 ? top : nil, uri, text))
        }
        return links
    }

    /// Every page of the current layout written as a PDF at `path`.
    func writePDF(to path: String) throws(ReflowError) {
        var message = [CChar](repeating: 0, count: 512)
        let status = FileName.withCString(path) { library.writePDF(handle, $0, &message, message.count) }
        if status != 0 { throw Self.error(status, message) }
    }

    func layout(_ layout: ReflowLayout) throws(ReflowError) {
        try call { library.layout(handle, layout.width, layout.height, layout.fontSize, $0, $1) }
    }

    var pageCount: Int { Int(library.pageCount(handle)) }

    func pageSize(_ index: Int) -> (width: Double, height: Double)? {
        var width = 0.0, height = 0.0
        do { try call { library.pageSize(handle, Int32(index), &width, &height, $0, $1) } } catch { return nil }
        return (width, height)
    }

    func render(_ index: Int, width: Int, height: Int) throws(ReflowError) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        try pixels.withUnsafeMutableBufferPointer { (buffer) throws(ReflowError) in
            try call { library.render(handle, Int32(index), Int32(width), Int32(height), buffer.baseAddress, $0, $1) }
        }
        return pixels
    }

    func text(_ index: Int) -> String? {
        var pointer: UnsafeMutablePointer<UInt8>?
        var count = 0
        do { try call { library.pageText(handle, Int32(index), &pointer, &count, $0, $1) } } catch { return nil }
        return String(decoding: take(pointer, count), as: UTF8.self)
    }

    /// The page's text blocks with their lines and runs of one style (reflow_page_runs).
    func runs(_ index: Int) throws(ReflowError) -> [ReflowTextBlock] {
        var pointer: UnsafeMutablePointer<UInt8>?
        var count = 0
        try call { library.pageRuns(handle, Int32(index), &pointer, &count, $0, $1) }
        var reader = RecordReader(take(pointer, count))
        var blocks: [ReflowTextBlock] = []
        while !reader.atEnd, let kind = reader.u8() {
            switch kind {
            case 1:
                guard let left = reader.f64(), let right = reader.f64() else { return blocks }
                blocks.append(ReflowTextBlock(left: left, right: right, lines: []))
            case 2:
                guard let left = reader.f64(), let right = reader.f64(), let top = reader.f64(), !blocks.isEmpty else { return blocks }
                blocks[blocks.count - 1].lines.append(ReflowTextBlock.Line(left: left, right: right, top: top, runs: []))
            case 3:
                guard let style = reader.u8(), let size = reader.f64(), let baseline = reader.f64(), let text = reader.string(),
                      let block = blocks.indices.last, !blocks[block].lines.isEmpty else { return blocks }
                blocks[block].lines[blocks[block].lines.count - 1].runs.append(ReflowTextBlock.Run(
                    text: text, bold: style & 1 != 0, italic: style & 2 != 0, monospaced: style & 4 != 0,
                    size: size, baseline: baseline))
            default:
                return blocks
            }
        }
        return blocks
    }

    /// Boxes in page points, (x0, y0, x1, y1), with the occurrence each belongs to.
    func search(_ needle: String, page index: Int, maximum: Int = 1000) -> [(occurrence: Int, box: (Double, Double, Double, Double))] {
        var boxes = [Double](repeating: 0, count: maximum * 4)
        var marks = [Int32](repeating: 0, count: maximum)
        let count = Int(library.search(handle, Int32(index), needle, &boxes, &marks, Int32(maximum)))
        guard count > 0 else { return [] }
        return (0..<min(count, maximum)).map {
            (Int(marks[$0]), (boxes[$0 * 4], boxes[$0 * 4 + 1], boxes[$0 * 4 + 2], boxes[$0 * 4 + 3]))
        }
    }

    /// MuPDF's own outline (an EPUB's NCX, an FB2's sections): depth, page index (nil: none), title.
    func outline() -> [(depth: Int, page: Int?, title: String)] {
        var pointer: UnsafeMutablePointer<UInt8>?
        var count = 0
        do { try call { library.outline(handle, &pointer, &count, $0, $1) } } catch { return [] }
        var reader = RecordReader(take(pointer, count))
        var entries: [(depth: Int, page: Int?, title: String)] = []
        while !reader.atEnd, let depth = reader.u32(), let page = reader.u32(), let title = reader.string() {
            let index = Int32(bitPattern: page)
            entries.append((Int(depth), index >= 0 ? Int(index) : nil, title))
        }
        return entries
    }

    func position(_ index: Int) -> UInt64 { library.position(handle, Int32(index)) }

    /// Where every page starts, as `position` says page by page; nil when the library cannot say at once.
    func pageStarts() -> [UInt64]? {
        guard let pageStarts = library.pageStarts else { return nil }
        let count = pageCount
        guard count > 0 else { return [] }
        var starts = [UInt64](repeating: 0, count: count)
        let written = starts.withUnsafeMutableBufferPointer { pageStarts(handle, $0.baseAddress, Int32(count)) }
        return written == count ? starts : nil
    }

    /// Boxes in page points, one per line, of the page's letters `first` to `last` (counted as positions count them).
    func letterBoxes(_ index: Int, first: UInt64, last: UInt64, maximum: Int = 4096) -> [(Double, Double, Double, Double)] {
        var boxes = [Double](repeating: 0, count: maximum * 4)
        let count = Int(library.letterBoxes(handle, Int32(index), first, last, &boxes, Int32(maximum)))
        guard count > 0 else { return [] }
        return (0..<min(count, maximum)).map { (boxes[$0 * 4], boxes[$0 * 4 + 1], boxes[$0 * 4 + 2], boxes[$0 * 4 + 3]) }
    }

    func page(ofPosition position: UInt64) -> Int? {
        let index = library.positionPage(handle, position)
        return index >= 0 ? Int(index) : nil
    }

    /// The page index a link target ("EPUB/text/ch1.xhtml#p3", an archive path) lands on.
    func resolve(_ uri: String) -> Int? {
        let index = library.resolveLink(handle, uri)
        return index >= 0 ? Int(index) : nil
    }

    /// The archive entry `name`, nil when absent; too long an entry is an error.
    func entry(_ name: String, maximum: Int = 64 << 20) throws(ReflowError) -> [UInt8]? {
        var pointer: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = library.archiveEntry(handle, name, maximum, &pointer, &count, &message, message.count)
        if status == Status.noEntry.rawValue { return nil }
        if status != 0 { throw Self.error(status, message) }
        return take(pointer, count)
    }

    /// The book becomes a copy of its archive in which each font's first `span` bytes are XORed with
    /// its key and the entries `dropped` are left out (ObfuscatedFonts). Before `load`.
    func rewrite(xoring fonts: [(path: String, key: [UInt8], span: Int)], dropping dropped: [String]) throws(ReflowError) {
        guard let deobfuscate = library.deobfuscate else { throw .engineMissing("\(ReflowLibrary.fileName) predates de-obfuscating fonts") }
        let keySize = 20
        var keys = [UInt8](repeating: 0, count: max(1, fonts.count * keySize))
        for (index, font) in fonts.enumerated() {
            for (offset, byte) in font.key.prefix(keySize).enumerated() { keys[index * keySize + offset] = byte }
        }
        let lengths = fonts.map { Int32(min($0.key.count, keySize)) }, spans = fonts.map { Int32(clamping: $0.span) }
        let names = fonts.map { strdup($0.path) }, hidden = dropped.map { strdup($0) }
        defer { (names + hidden).forEach { free($0) } }
        let namePointers = names.map { UnsafePointer<CChar>($0) }, hiddenPointers = hidden.map { UnsafePointer<CChar>($0) }
        try call {
            deobfuscate(handle, namePointers, keys, lengths, spans, Int32(fonts.count), hiddenPointers, Int32(dropped.count), $0, $1)
        }
    }

    /// XML parsed by MuPDF (no DTD entity is expanded), as a tree; `html5` for HTML that need not be XML.
    func parseXML(_ bytes: [UInt8], html5: Bool = false) throws(ReflowError) -> XMLNode {
        var pointer: UnsafeMutablePointer<UInt8>?
        var count = 0
        try bytes.withUnsafeBufferPointer { (buffer) throws(ReflowError) in
            try call { library.parseXML(handle, buffer.baseAddress, buffer.count, html5 ? 1 : 0, &pointer, &count, $0, $1) }
        }
        return XMLNode.build(from: take(pointer, count))
    }

    /// An encoded image scaled so its longer side is at most `maxSide`, on white.
    func decodeImage(_ bytes: [UInt8], maxSide: Int) throws(ReflowError) -> (width: Int, height: Int, rgba: [UInt8]) {
        var pointer: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        try bytes.withUnsafeBufferPointer { (buffer) throws(ReflowError) in
            try call { library.decodeImage(handle, buffer.baseAddress, buffer.count, Int32(maxSide), &pointer, &width, &height, $0, $1) }
        }
        return (Int(width), Int(height), take(pointer, Int(width) * Int(height) * 4))
    }
}
