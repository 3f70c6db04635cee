import Documents
import FileNames
import Foundation
import Raster

/// An EPUB, FB2, CBZ, XPS, MOBI or XHTML book opened through MuPDF (libibook-reflow.so):
/// laid out into pages, drawn, searched, and read for its metadata and navigation.
/// Used from one thread at a time; it owns its MuPDF document and closes it when released.
public final class ReflowDocument {
    public let format: ReflowFormat
    /// The layout pages are counted in; `relayout` changes it.
    public private(set) var layout: ReflowLayout
    public private(set) var pageCount: Int
    public let metadata: ReflowMetadata
    /// The chapters laid out when the document was opened with a `ChapterSelection` other than all
    /// of them; nil for a book laid out whole. Its other chapters must not be drawn, read or
    /// looked into: their pages are place-holders (see reflow_load_chapters).
    public let part: ReflowPart?

    private let engine: EngineDocument
    private let package: EPUBPackage?
    private let zipNames: [String]
    private let embeddedCover: [UInt8]?
    private lazy var navigation: EPUBNavigation? = package.flatMap { Self.readNavigation(package: $0, engine: engine) }
    /// Chapters parsed to find a link target's words, by archive path.
    private var chapterTrees: [String: XMLNode?] = [:]
    /// The book's file, for laying it out whole when a part cannot say where a target is.
    private let path: String?
    /// Set when a part looked for a target's words up to its last page without finding them: the
    /// whole book would have looked on into the next part's pages.
    private var lookedPastPart = false

    /// Files larger than this are no book MuPDF should lay out whole.
    static let largestFile: UInt64 = 2 << 30

    /// `stylesheet` is laid over the book's own for as long as it is open (a printed book's margins);
    /// `cache` keeps each chapter's page count at a layout, so that reopening an EPUB lays out only
    /// the chapters drawn.
    /// `chapters`: all of them, or a part of a long EPUB (see `ChapterSelection`; the part is `part`).
    public convenience init(path: String, layout: ReflowLayout = .reference, stylesheet: String? = nil,
                            cache: LayoutCache? = nil, chapters: ChapterSelection = .all) throws {
        var info = stat()
        guard FileName.withCString(path, { stat($0, &info) }) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw ReflowError.missing }
            throw ReflowError.damaged("cannot be read: \(String(cString: strerror(errno)).lowercased())")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw ReflowError.isDirectory }
        // A FIFO or a device would block or never end.
        if info.st_mode & S_IFMT != S_IFREG { throw ReflowError.notABook("not a regular file") }
        if info.st_size == 0 { throw ReflowError.empty }
        guard let file = RandomAccessFile(path: path) else {
            throw ReflowError.damaged("cannot be read: \(String(cString: strerror(errno)).lowercased())")
        }
        let size = file.size
        if size > Self.largestFile { throw ReflowError.tooLarge("\(size >> 20) MB") }
        let head = file.head(BookSniffer.headLength)
        let fileExtension = PathName.extension(of: path).lowercased()

        var format: ReflowFormat
        var zipNames: [String] = []
        var entrySizes: [String: Int] = [:]
        if BookSniffer.isZip(head) {
            let directory: ZipDirectory
            do { directory = try ZipDirectory.read(file) } catch {
                switch error {
                case .notAZip: throw ReflowError.damaged("its zip directory is missing")
                case .damaged(let reason): throw ReflowError.damaged(reason)
                case .tooManyEntries(let count): throw ReflowError.unsafe("looks like a zip bomb: \(count) entries")
                }
            }
            try ZipSafety.check(directory)
            guard let zipFormat = BookSniffer.format(zip: directory, head: head, fileExtension: fileExtension) else {
                throw ReflowError.notABook("ZIP archive")
            }
            format = zipFormat
            zipNames = directory.entries.map(\.name)
            for entry in directory.entries { entrySizes[entry.name] = Int(clamping: entry.uncompressedSize) }
        } else {
            guard let sniffed = BookSniffer.format(head: head, fileExtension: fileExtension) else {
                throw ReflowError.notABook(BookSniffer.describe(head))
            }
            format = sniffed
        }
        var engine = try EngineDocument(path: path, bytes: nil)
        // An FB2's description and an XHTML's title are read from the file's own XML.
        var markup: [UInt8]?
        if format == .fb2, let name = zipNames.first {
            // A zipped FB2: MuPDF opens the book from its one entry, inflated (the directory was checked).
            guard let bytes = try engine.entry(name, maximum: FB2Description.largestFile) else {
                throw ReflowError.damaged("its entry \(name.cleanedBookText(limit: 80) ?? "") cannot be read")
            }
            engine = try EngineDocument(path: nil, bytes: bytes)
            markup = bytes
        } else if format == .mobi {
            markup = file.head(MOBIMetadata.headLength)
        } else if format == .fb2 || format == .xhtml {
            if size > UInt64(FB2Description.largestFile) { throw ReflowError.tooLarge("\(size >> 20) MB of \(format.rawValue)") }
            markup = file.read(at: 0, count: Int(size))
        }
        try self.init(engine: engine, format: format, layout: layout, zipNames: zipNames, xml: markup, path: path,
                      stylesheet: stylesheet, cache: size <= LayoutCache.largestBook ? cache : nil,
                      chapters: chapters, entrySizes: entrySizes)
    }

    /// An XHTML book given as bytes (plain-text books are converted to this by another module).
    public convenience init(xhtml: [UInt8], layout: ReflowLayout = .reference, stylesheet: String? = nil) throws {
        if xhtml.isEmpty { throw ReflowError.empty }
        if xhtml.count > FB2Description.largestFile { throw ReflowError.tooLarge("\(xhtml.count >> 20) MB of XHTML") }
        let engine = try EngineDocument(path: nil, bytes: xhtml)
        try self.init(engine: engine, format: .xhtml, layout: layout, zipNames: [], xml: xhtml, path: nil,
                      stylesheet: stylesheet, cache: nil, chapters: .all, entrySizes: [:])
    }

    private init(engine: EngineDocument, format: ReflowFormat, layout: ReflowLayout, zipNames: [String],
                 xml: [UInt8]?, path: String?, stylesheet: String?, cache: LayoutCache?, chapters: ChapterSelection,
                 entrySizes: [String: Int]) throws(ReflowError) {
        self.format = format
        self.layout = layout
        self.zipNames = zipNames
        self.path = path
        // The package is read and checked (DRM, a broken OPF) before MuPDF lays anything out.
        let package = format == .epub ? try EPUBPackage(engine: engine) : nil
        self.package = package
        if let package, package.obfuscatesFonts {
            try ObfuscatedFonts.deobfuscate(engine, package: package, size: path.flatMap { RandomAccessFile(path: $0)?.size } ?? 0)
        }
        self.engine = engine
        // An EPUB's chapters are scanned by the part that lays them out, the rest (its navigation
        // document, which is read to choose the part, its NCX, pictures) first.
        let chapterPaths = Set(package?.spine ?? [])
        func refuseDeepMarkup(_ include: (String) -> Bool) throws(ReflowError) {
            try Self.refuseDeepMarkup(engine: engine, format: format, package: package, zipNames: zipNames, markup: xml,
                                      including: include)
        }
        let navigationPath = package?.navigation?.path
        try refuseDeepMarkup { !chapterPaths.contains($0) || $0 == navigationPath }
        var navigation: EPUBNavigation?
        var part: ReflowPart?
        if chapters != .all, format == .epub, let package, stylesheet == nil {
            navigation = Self.readNavigation(package: package, engine: engine)
            part = try Self.loadPart(chapters, engine: engine, package: package, navigation: navigation,
                                     layout: layout.sane, entrySizes: entrySizes, refusing: refuseDeepMarkup)
        }
        if part == nil, format == .epub { try refuseDeepMarkup { chapterPaths.contains($0) } }
        if case .chapters = chapters, part == nil { throw .damaged("its chapters cannot be read in parts") }
        self.part = part
        // Only MuPDF's EPUB handler takes page counts it did not lay out itself (its accelerator).
        let cache = format == .epub && part == nil ? cache : nil
        let digest = cache.flatMap { _ in try? engine.digest() }
        let key = digest.map { LayoutCache.Key(book: $0, layout: layout.sane, stylesheet: stylesheet) }
        let cached = key.flatMap { cache?.read($0) }
        if part == nil { try engine.load(format, layout.sane, stylesheet: stylesheet, chapterPages: cached) }
        if cached == nil, let cache, let key, let pages = engine.chapterPages() { cache.write(pages, for: key) }
        pageCount = engine.pageCount
        var metadata = package?.metadata ?? ReflowMetadata()
        var cover: [UInt8]?
        if format == .mobi {
            metadata = xml.flatMap(MOBIMetadata.read) ?? metadata
            if let xml, let path, let record = MOBIMetadata.coverRecord(xml) { cover = Self.read(record, of: path) }
        } else if format == .cbz {
            if let name = zipNames.first(where: { $0.lowercased() == ComicInfo.fileName.lowercased() }),
               let bytes = try? engine.entry(name, maximum: EPUBPackage.largestDocument),
               let tree = try? engine.parseXML(bytes) {
                metadata = ComicInfo.read(tree) ?? metadata
            }
        } else if let xml, let tree = (try? engine.parseXML(xml)) ?? (format == .xhtml ? try? engine.parseXML(xml, html5: true) : nil) {
            if format == .fb2 {
                let description = FB2Description(tree: tree)
                metadata = description.metadata
                cover = description.cover
            } else if format == .xhtml {
                metadata.title = tree.descendants("title").first.flatMap { $0.text.cleanedBookText(limit: 500) }
            }
        }
        self.metadata = metadata
        embeddedCover = cover
        if let navigation { self.navigation = navigation }
    }

    /// The part `chapters` selects, laid out; nil when the book is to be loaded whole.
    private static func loadPart(_ chapters: ChapterSelection, engine: EngineDocument, package: EPUBPackage,
                                 navigation: EPUBNavigation?, layout: ReflowLayout, entrySizes: [String: Int],
                                 refusing refuseDeepMarkup: ((String) -> Bool) throws(ReflowError) -> Void) throws(ReflowError) -> ReflowPart? {
        let bytes = package.spine.map { entrySizes[$0] ?? 0 }
        let range: ClosedRange<Int>
        switch chapters {
        case .all:
            return nil
        case .firstOf(let parts):
            // Only a navigation document's entries are resolved chapter by chapter (MuPDF resolves an NCX's all at once).
            guard navigation?.contents.isEmpty == false, let first = ReflowPart.firstPart(bytes, parts: parts) else { return nil }
            range = first
        case .chapters(let asked, let count):
            guard count == bytes.count, asked.upperBound < count, navigation?.contents.isEmpty == false else { return nil }
            range = asked
        }
        let laidOut = Set(package.spine[range])
        try refuseDeepMarkup { laidOut.contains($0) }
        // An engine that cannot, or a spine MuPDF counts otherwise (nothing is loaded then): the book is read whole.
        guard engine.loadChapters(layout, chapters: bytes.count, laidOut: range) else { return nil }
        guard let pages = engine.chapterPages(), pages.count == bytes.count else { throw .damaged("its chapters cannot be counted") }
        let firstPage = pages[..<range.lowerBound].reduce(0) { $0 + Int($1) } + 1
        return ReflowPart(chapters: range, chapterCount: bytes.count, chapterBytes: bytes, firstPage: firstPage,
                          chapterPages: pages[range].map(Int.init))
    }

    /// A MOBI's cover record, when it is no larger than a picture should be.
    private static func read(_ record: (start: UInt64, end: UInt64?), of path: String) -> [UInt8]? {
        guard let file = RandomAccessFile(path: path) else { return nil }
        let end = min(record.end ?? file.size, file.size)
        guard end > record.start, end - record.start <= MOBIMetadata.largestCover else { return nil }
        return file.read(at: record.start, count: Int(end - record.start))
    }

    /// Every document MuPDF will lay out (an EPUB's XHTML and SVG, an XPS's pages, an FB2 or XHTML
    /// file) scanned for nesting deep enough to overflow MuPDF's recursion (MarkupDepth). A MOBI's
    /// HTML is compressed inside it and is not scanned.
    /// `including`: which of an EPUB's documents (by archive path) to scan this time.
    private static func refuseDeepMarkup(engine: EngineDocument, format: ReflowFormat, package: EPUBPackage?,
                                         zipNames: [String], markup: [UInt8]?,
                                         including include: (String) -> Bool) throws(ReflowError) {
        var names: [String] = []
        switch format {
        case .epub:
            // The NCX too: MuPDF reads its nested navPoints recursively.
            let laidOut: Set<String> = ["application/xhtml+xml", "text/html", "image/svg+xml", "application/x-dtbook+xml",
                                        "application/x-dtbncx+xml"]
            names = package?.manifest.filter { laidOut.contains($0.mediaType.lowercased()) && include($0.path) }.map(\.path) ?? []
        case .xps:
            names = zipNames.filter { $0.lowercased().hasSuffix(".fpage") }
        case .fb2, .xhtml:
            if let markup, MarkupDepth.exceeds(MarkupDepth.deepest, in: markup) {
                throw .unsafe("nests its elements more than \(MarkupDepth.deepest) deep")
            }
        case .cbz, .mobi:
            break
        }
        for name in names {
            guard let bytes = try engine.entry(name, maximum: Int(ZipSafety.largestEntry)) else { continue }
            if MarkupDepth.exceeds(MarkupDepth.deepest, in: bytes) {
                throw .unsafe("nests its elements more than \(MarkupDepth.deepest) deep in \(name.cleanedBookText(limit: 80) ?? "")")
            }
        }
    }

    // MARK: Pages

    public func pageText(_ number: Int) -> String {
        guard (1...max(1, pageCount)).contains(number), var text = engine.text(number - 1) else { return "" }
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// An EPUB's package document: its archive path and its bytes, as the archive holds them.
    public func packageDocument() throws -> (path: String, bytes: [UInt8])? {
        guard let path = package?.path, let bytes = try engine.entry(path, maximum: EPUBPackage.largestDocument) else { return nil }
        return (path, bytes)
    }

    /// The page's text as blocks of lines and styled runs, for showing its structure
    /// (headings, indented quotes and lists, emphasis) where only text can be shown; ruby in 《》,
    /// a CJK paragraph whole when MuPDF made a block of each of its lines.
    public func textBlocks(_ number: Int) throws -> [ReflowTextBlock] {
        guard (1...max(1, pageCount)).contains(number) else { throw ReflowError.damaged("no page \(number) in 1-\(pageCount)") }
        return RubyText.bracketed(CJKParagraphs.joined(try engine.runs(number - 1)))
    }

    /// In points; the layout's page when MuPDF cannot say.
    public func pageSize(_ number: Int) -> (width: Double, height: Double) {
        guard (1...max(1, pageCount)).contains(number), let size = engine.pageSize(number - 1),
              size.width > 0, size.height > 0 else { return (layout.sane.width, layout.sane.height) }
        return size
    }

    /// The page's size scaled, proportions kept, to fit a box of fittingWidth × height pixels.
    public func pixelSize(page: Int, fittingWidth: Int, height: Int) -> (width: Int, height: Int) {
        let size = pageSize(page)
        let scale = min(Double(max(1, fittingWidth)) / size.width, Double(max(1, height)) / size.height)
        return (max(1, Int((size.width * scale).rounded())), max(1, Int((size.height * scale).rounded())))
    }

    /// The page drawn on white, stretched to exactly width × height (pixelSize gives the size that keeps its shape).
    public func render(page: Int, width: Int, height: Int) throws -> RasterImage {
        guard (1...max(1, pageCount)).contains(page) else { throw ReflowError.damaged("no page \(page) in 1-\(pageCount)") }
        // 16384 on a side and 64 megapixels (256 MB of RGBA) at most: more is no screen's and no thumbnail's.
        guard width > 0, height > 0, width <= 16384, height <= 16384, width * height <= 1 << 26 else {
            throw ReflowError.tooLarge("an image of \(width)×\(height) pixels")
        }
        let pixels = try engine.render(page - 1, width: width, height: height)
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// Case-insensitive occurrences of `text` on the page, as fractions of it: one rectangle per
    /// occurrence and line (MuPDF gives a box per word; those of one line are joined).
    public func find(_ text: String, page: Int) -> [PageRectangle] {
        guard (1...max(1, pageCount)).contains(page), !text.isEmpty else { return [] }
        let size = pageSize(page)
        func fraction(_ value: Double, _ side: Double) -> Double { min(1, max(0, value / side)) }
        var joined: [(occurrence: Int, box: (x0: Double, y0: Double, x1: Double, y1: Double))] = []
        for hit in engine.search(text, page: page - 1) {
            let box = (x0: hit.box.0, y0: hit.box.1, x1: hit.box.2, y1: hit.box.3)
            if let last = joined.last, last.occurrence == hit.occurrence,
               abs((last.box.y0 + last.box.y1) / 2 - (box.y0 + box.y1) / 2) < (box.y1 - box.y0) / 2 {
                joined[joined.count - 1].box = (min(last.box.x0, box.x0), min(last.box.y0, box.y0),
                                                max(last.box.x1, box.x1), max(last.box.y1, box.y1))
            } else {
                joined.append((hit.occurrence, box))
            }
        }
        return joined.map { hit in
            let x0 = fraction(hit.box.x0, size.width), y0 = fraction(hit.box.y0, size.height)
            let x1 = fraction(hit.box.x1, size.width), y1 = fraction(hit.box.y1, size.height)
            return PageRectangle(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
    }

    // MARK: Links

    /// The page's links that lead somewhere: a page of this layout, or an http, https or mailto address.
    public func links(page: Int) -> [PageLink] {
        guard (1...max(1, pageCount)).contains(page) else { return [] }
        return engine.links(page - 1).compactMap { link in
            func clamp(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
            let x0 = clamp(link.area.0), y0 = clamp(link.area.1), x1 = clamp(link.area.2), y1 = clamp(link.area.3)
            let area = PageRectangle(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
            let text = link.text.cleanedBookText(limit: 200) ?? ""
            if let target = link.page {
                guard target < pageCount else { return nil }
                return PageLink(area: area, target: .page(target + 1, top: link.top), text: text)
            }
            guard Self.isFollowable(link.uri) else { return nil }
            return PageLink(area: area, target: .uri(link.uri), text: text)
        }
    }

    /// Whether a reader may hand `uri` to a browser or mail program: a book must not make it open
    /// local files or run anything.
    static func isFollowable(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        let scheme = uri[..<colon].lowercased()
        let rest = uri[uri.index(after: colon)...]
        guard !rest.isEmpty, !uri.contains(where: { $0.isNewline || $0 == "\u{0}" }) else { return false }
        return scheme == "http" || scheme == "https" || scheme == "mailto"
    }

    // MARK: Printing

    /// Every page laid out at `layout` (the document keeps that layout) written as a PDF at `path`,
    /// each page the layout's size: under a temporary name beside it, renamed into place when whole.
    public func writePDF(to path: String, layout: ReflowLayout) throws {
        try relayout(layout)
        let temporary = PathName.appending(".\(PathName.lastComponent(of: path)).\(getpid()).tmp", to: PathName.folder(of: path))
        defer { FileName.withCString(temporary) { _ = unlink($0) } }
        do { try engine.writePDF(to: temporary) } catch {
            // MuPDF's reasons here are about the file it writes, not a damaged book.
            if case .damaged(let reason) = error { throw ReflowError.cannotWrite(reason) }
            throw error
        }
        guard FileName.withCString(temporary, { from in FileName.withCString(path) { rename(from, $0) } }) == 0 else {
            throw ReflowError.cannotWrite(String(cString: strerror(errno)).lowercased())
        }
    }

    // MARK: Layout and places

    /// What the layout cache keys this book's page counts by (`LayoutCache.write(chapterPages:…)`): the
    /// SHA-256 of its bytes as MuPDF reads them (an EPUB's fonts made whole, if they were obfuscated).
    public func layoutDigest() -> [UInt8]? { try? engine.digest() }

    public func relayout(_ layout: ReflowLayout) throws {
        guard layout != self.layout else { return }
        // Its other chapters' counts are place-holders that a new layout would replace by laying them out.
        if part != nil { throw ReflowError.damaged("a part of a book is laid out at one size") }
        // MuPDF may have laid part of the book out before failing: count what it now has either way.
        defer { pageCount = engine.pageCount }
        try engine.layout(layout.sane)
        self.layout = layout
    }

    public func position(ofPage number: Int) -> ReflowPosition {
        ReflowPosition(value: engine.position(min(max(1, number), max(1, pageCount)) - 1))
    }

    /// `position(ofPage:)` of every page, in order, counting each page's text once.
    public func pageStarts() -> [ReflowPosition] {
        if let starts = engine.pageStarts() { return starts.map(ReflowPosition.init(value:)) }
        return (1...max(1, pageCount)).map(position(ofPage:))
    }

    /// Where the letters `first` through `last` (positions of one chapter, both included) lie on
    /// the page, as fractions of it, one rectangle per line: a highlight kept as positions drawn
    /// on whichever layout the page belongs to. Empty when none of them is on the page, and for a
    /// book of fixed pages, whose positions count pages rather than letters.
    public func letterBoxes(page: Int, first: ReflowPosition, last: ReflowPosition) -> [PageRectangle] {
        guard format != .cbz, format != .xps, (1...max(1, pageCount)).contains(page),
              first.chapter == last.chapter, first.letters <= last.letters else { return [] }
        let start = position(ofPage: page)
        guard start.chapter == first.chapter, last.letters >= start.letters else { return [] }
        let size = pageSize(page)
        func fraction(_ value: Double, _ side: Double) -> Double { min(1, max(0, value / side)) }
        let from = UInt64(max(0, first.letters - start.letters)), through = UInt64(last.letters - start.letters)
        return engine.letterBoxes(page - 1, first: from, last: through).map { box in
            let x0 = fraction(box.0, size.width), y0 = fraction(box.1, size.height)
            let x1 = fraction(box.2, size.width), y1 = fraction(box.3, size.height)
            return PageRectangle(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
    }

    /// The page holding `position` in the current layout; the first page when it is not in the book.
    public func page(at position: ReflowPosition) -> Int {
        guard let index = engine.page(ofPosition: position.value) else { return 1 }
        return min(max(1, index + 1), max(1, pageCount))
    }

    // MARK: Navigation

    /// The EPUB 3 navigation document's table of contents, else MuPDF's (an NCX, FB2 sections).
    public func outline() -> [ReflowOutlineEntry] {
        if let contents = navigation?.contents, !contents.isEmpty {
            return ReflowOutlineEntry.headingsOpened(targets(of: contents))
        }
        return engine.outline().compactMap { entry in
            guard let title = entry.title.cleanedBookText(limit: 300) else { return nil }
            return ReflowOutlineEntry(title: title, depth: entry.depth, page: entry.page.map { $0 + 1 })
        }
    }

    /// The print edition's page numbers from an EPUB's page-list: each page is labelled with the first
    /// target it holds, a page holding none with the last target before it; pages before the first target are nil.
    public func pageLabels() -> [String?] {
        ReflowPageTarget.labels(pageCount: pageCount, targets: pageListTargets())
    }

    /// The table of contents' entries with the page each lands on (1-based), before headings are opened.
    private func targets(of contents: [EPUBNavigation.Target]) -> [ReflowOutlineEntry] {
        // Entries come in reading order: one inside a chapter is looked for from where the one
        // before it in that chapter was found, not from the chapter's start again.
        var found: [String: Int] = [:]
        return contents.map { target in
            ReflowOutlineEntry(title: target.title, depth: target.depth,
                               page: target.path.flatMap { pageIndex(ofTarget: $0, found: &found) }.map { $0 + 1 })
        }
    }

    private func pageListTargets() -> [ReflowPageTarget] {
        (navigation?.pageList ?? []).map { target in
            ReflowPageTarget(title: target.title, page: target.path.flatMap { pageIndex(ofTarget: $0) }.map { $0 + 1 })
        }
    }

    /// A part's table of contents (before headings are opened) and page list, to be joined with the
    /// other parts': an entry whose target is in another part's chapters has no page here; a page is
    /// counted from the part's first page (1), and is past its last one when the words of a target in
    /// its chapters are first found in a later chapter. nil for a book laid out whole.
    public func partNavigation() -> (contents: [ReflowOutlineEntry], pageList: [ReflowPageTarget])? {
        guard let part, let contents = navigation?.contents else { return nil }
        lookedPastPart = false
        var outline = targets(of: contents)
        var pageList = pageListTargets()
        let owned = (contents.map(\.path), (navigation?.pageList ?? []).map(\.path))
        func mine(_ path: String?) -> Bool { path.map(owns) ?? false }
        if lookedPastPart {
            // The whole book, laid out as `add` used to lay it out, says where this part's targets land.
            guard let path, let whole = try? ReflowDocument(path: path, layout: layout), let counts = whole.engine.chapterPages(),
                  counts.count == part.chapterCount, let wholeContents = whole.navigation?.contents, wholeContents.count == contents.count
            else { return nil }
            let before = counts[..<part.chapters.lowerBound].reduce(0) { $0 + Int($1) }
            let wholeOutline = whole.targets(of: wholeContents), wholeList = whole.pageListTargets()
            guard wholeList.count == pageList.count else { return nil }
            for index in outline.indices { outline[index].page = mine(owned.0[index]) ? wholeOutline[index].page.map { $0 - before } : nil }
            for index in pageList.indices { pageList[index].page = mine(owned.1[index]) ? wholeList[index].page.map { $0 - before } : nil }
        } else {
            let before = part.firstPage - 1
            for index in outline.indices { outline[index].page = outline[index].page.map { $0 - before } }
            for index in pageList.indices { pageList[index].page = pageList[index].page.map { $0 - before } }
        }
        return (outline, pageList)
    }

    /// Whether a target is in this document's chapters: every target is in a book laid out whole;
    /// in a part, those whose chapter starts on one of the part's pages (found without laying it out).
    private func owns(_ target: String) -> Bool {
        guard let part else { return true }
        guard let index = engine.resolve(String(target.prefix { $0 != "#" })) else { return false }
        return part.pages.contains(index + 1)
    }

    /// The page index a link target ("OEBPS/text.xhtml#ch2") lands on. MuPDF 1.21 finds no target for
    /// an id on an element it lays out inline, such as HTML5's <section> (The Waste Land's nav points
    /// at <section id="ch2">), and answers the chapter's first page; then the element's first words
    /// are looked for from there, as a layout shows them (`leadingText`): Children's Literature's
    /// sections begin with the print edition's page number, which ends the page before the heading,
    /// and its bibliography's heading is followed by a numbered list, so "169 SECTION IV FAIRY" and
    /// "BIBLIOGRAPHY Alden, Raymond Macdonald" were on no page, looked for on every page of the book.
    private func pageIndex(ofTarget path: String) -> Int? {
        var found: [String: Int] = [:]
        return pageIndex(ofTarget: path, found: &found)
    }

    /// `found`: the page where the last target looked for in each chapter was found.
    private func pageIndex(ofTarget path: String, found: inout [String: Int]) -> Int? {
        // A part resolves only its own chapters' targets: resolving another's would lay it out.
        guard owns(path) else { return nil }
        guard let index = engine.resolve(path), let hash = path.firstIndex(of: "#") else { return engine.resolve(path) }
        let chapter = String(path[..<hash]), id = String(path[path.index(after: hash)...])
        guard !id.isEmpty, engine.resolve(chapter) == index else { return index }
        if chapterTrees[chapter] == nil {
            chapterTrees[chapter] = (try? engine.entry(chapter, maximum: EPUBPackage.largestDocument)).flatMap { try? engine.parseXML($0) }
        }
        guard let element = chapterTrees[chapter]??.element(withID: id),
              let text = element.leadingText.cleanedBookText(limit: 200) else { return index }
        let words = text.split(separator: " ").prefix(4).joined(separator: " ")
        let lastPage = min(pageCount, index + 500)
        let first = min(max(index, found[chapter] ?? index), lastPage)
        // A part has only its own pages to look in; the whole book would look on (partNavigation).
        let end = part.map { min(lastPage, $0.pages.upperBound) } ?? lastPage
        for page in first..<max(first, end) where !engine.search(words, page: page, maximum: 1).isEmpty {
            found[chapter] = page
            return page
        }
        if end < lastPage { lookedPastPart = true }
        return index
    }

    /// The EPUB 3 navigation document; an EPUB 2's page list comes from its NCX instead.
    private static func readNavigation(package: EPUBPackage, engine: EngineDocument) -> EPUBNavigation? {
        func tree(_ item: EPUBPackage.Item?) -> XMLNode? {
            guard let item, let bytes = try? engine.entry(item.path, maximum: EPUBPackage.largestDocument) else { return nil }
            return try? engine.parseXML(bytes)
        }
        var navigation = package.navigation.flatMap { item in tree(item).map { EPUBNavigation(tree: $0, path: item.path) } }
            ?? EPUBNavigation()
        if navigation.pageList.isEmpty, let ncx = package.ncx, let ncxTree = tree(ncx) {
            navigation.pageList = EPUBNavigation.pageTargets(ncx: ncxTree, path: ncx.path)
        }
        return navigation
    }

    // MARK: Cover

    /// The book's own cover image (EPUB manifest, EPUB 2 meta or guide page, FB2 coverpage; a
    /// comic's first page), scaled so its longer side is at most maxPixels; nil when it has none.
    public func coverImage(maxPixels: Int) -> RasterImage? {
        guard maxPixels > 0, let bytes = coverBytes(),
              let image = try? engine.decodeImage(bytes, maxSide: min(maxPixels, 16384)) else { return nil }
        return RasterImage(width: image.width, height: image.height, pixels: image.rgba)
    }

    private func coverBytes() -> [UInt8]? {
        if let embeddedCover { return embeddedCover }
        if format == .cbz {
            let first = zipNames.filter(BookSniffer.isImage).sorted { $0.localizedStandardCompare($1) == .orderedAscending }.first
            return first.flatMap { try? engine.entry($0) }.flatMap { $0 }
        }
        guard let package else { return nil }
        if let path = package.coverImagePath, let bytes = try? engine.entry(path) { return bytes }
        // The guide's cover page: the first image it shows.
        guard let page = package.guideCover.map({ String($0.prefix { $0 != "#" }) }),
              let markup = try? engine.entry(page, maximum: EPUBPackage.largestDocument),
              let tree = try? engine.parseXML(markup) else { return nil }
        let source = tree.descendants("img").first?.attribute("src") ?? tree.descendants("image").first?.attribute("href")
        guard let path = source.flatMap({ ArchivePath.resolve($0, from: page) }) else { return nil }
        return (try? engine.entry(path)).flatMap { $0 }
    }
}
