import BookLibrary
import Foundation
import PageRendering
import PDF
import Raster
import TerminalIO
import TextCells

/// Runs the reader on a terminal: raw mode and the alternate screen, one
/// poll() loop over keys, signals and the render worker, and the effects
/// of `ReaderUpdate`. The terminal is restored on every way out.
public final class ReaderSession {
    public struct Options {
        public var graphics: GraphicsMode
        public var password: String?
        /// The binary with the hidden `__render` mode.
        public var rendererExecutable: String
        /// Seconds a page may take to render before the worker is stopped and the page shown as text.
        public var renderTimeLimit: TimeInterval = 15
        /// Why the page images cannot be shown, when they cannot (the file is gone).
        public var textOnlyReason: String?
        public var cellSize: (width: Int, height: Int)?
        public var wrapForTmux = false
        /// Blocks drawn without colour (NO_COLOR, TERM=dumb).
        public var monochrome = false
        /// Said once on the status line at start (e.g. how to enable tmux passthrough).
        public var notice: String?
        /// Keys that arrived before the reader started reading them.
        public var pendingInput: [UInt8] = []
        /// The PDF's outline destinations in document order (page and top, a
        /// fraction of the page's height), for a contents entry to land on
        /// its heading; set by the binary that reads PDFs.
        public var outlineDestinations: (() -> [(page: Int?, top: Double?)])?
        /// Highlights a passage on a page, choosing among its occurrences the
        /// one nearest a point (fractions of the page), or the nth (1-based) on a laid-out book's
        /// reference page, where a point on the screen's page says nothing; set by the binary that reads PDFs.
        public var highlighter: ((_ page: Int, _ passage: String, _ near: (x: Double, y: Double)?, _ occurrence: Int?) throws -> Annotation)?
        /// The links on a page (1-based) of the document's own pages, for `f` to follow; set by the
        /// binary that reads PDFs. A laid-out book's screen pages have theirs from the render worker.
        public var links: ((_ page: Int) -> [PageLink])?
        /// A PDF page's text with each character's box (fractions of the
        /// page), for visual mode to draw its selection; set by the binary that reads PDFs.
        public var pageGlyphs: ((_ page: Int) -> (text: String, boxes: [PageRectangle])?)?
        /// Where the searches of `/` and `?` are kept between sessions.
        public var searchHistory = SearchHistoryFile(environment: ProcessInfo.processInfo.environment)

        public init(graphics: GraphicsMode, password: String?, rendererExecutable: String) {
            self.graphics = graphics
            self.password = password
            self.rendererExecutable = rendererExecutable
        }
    }

    let library: Library
    let book: Book
    private let options: Options
    var state: ReaderState
    private let input: Int32 = 0
    private let output: Int32 = 1
    private var rawMode: RawMode?
    private var signals: SignalPipe?
    private var decoder = KeyDecoder()
    /// Two render workers, one a core: the page on screen never waits behind
    /// a prefetch. `pageRenderer` takes the page that is wanted now, and
    /// `aheadRenderer` the pages either side and thumbnails (or the page now,
    /// when it is the idle one).
    private let pageRenderer: RenderClient
    private let aheadRenderer: RenderClient
    private var renderers: [RenderClient] { [pageRenderer, aheadRenderer] }
    var cache = PageImageCache()
    let painter: PagePainter
    var size = TerminalSize(columns: 80, rows: 24)
    var cell = TerminalSize.defaultCellSize
    private var quitting = false
    /// The signal that ended the reader, if one did.
    private var terminatedBy: Int32?
    private var needsDraw = true
    /// What was drawn last, so an unchanged image is not sent again.
    var shownImage: RenderRequest?
    var shownFrameKey = ""
    /// The search matches on the page last drawn, as the renderer found them.
    var shownMatches: (page: Int, rectangles: [PageRectangle]) = (0, [])
    private var pageTextCache: (page: Int, text: String)?
    /// Overview thumbnails by page, rendered small.
    private var thumbnails: [Int: RasterImage] = [:]
    /// Hint labels were written over the page last drawn, and must be cleared from the screen.
    var shownHints = false
    /// The reference page of each hit of the last search, to place the hits again after a new layout.
    private var searchReferencePages: [Int] = []
    private lazy var clipboard = ClipboardWriter(environment: ProcessInfo.processInfo.environment)
    /// A layout the worker failed to make, not asked for again.
    private var failedLayout: RenderLayout?
    /// Where the last search's hits are in the layout shown, to ask the worker when one is free.
    private var pendingHitPlaces: RenderRequest?
    /// Continuous and two-page modes' page texts, by page.
    var modeTexts: [Int: String] = [:]
    /// The mode and fit as the library last kept them for this book.
    var rememberedView: String?

    public init(library: Library, book: Book, startPage: Int, options: Options) throws {
        self.library = library
        self.book = book
        self.options = options
        state = ReaderState(title: book.title, pageCount: book.pageCount, page: startPage)
        state.textMode = options.graphics == .text || options.textOnlyReason != nil
        // Text mode shows the indexed text of reference pages; only images are laid out for the screen.
        if book.format.isLaidOut && !state.textMode { state.reflow = ReflowView() }
        state.message = options.textOnlyReason ?? options.notice
        pageRenderer = RenderClient(executable: options.rendererExecutable, timeLimit: options.renderTimeLimit)
        aheadRenderer = RenderClient(executable: options.rendererExecutable, timeLimit: options.renderTimeLimit)
        painter = PagePainter(mode: options.graphics, wrapForTmux: options.wrapForTmux, monochrome: options.monochrome)
        restoreViewMode()
    }

    /// Runs until the reader quits; the terminal is as it was afterwards.
    /// Returns the signal that ended it (SIGTERM, SIGHUP…), if one did.
    @discardableResult
    public func run() throws -> Int32? {
        let rawMode = try RawMode(fileDescriptor: input)
        // Clicks and the wheel, on from enterScreen to leaveScreen (raw mode's own span).
        rawMode.reportsMouse = true
        rawMode.reportsDrags = true
        self.rawMode = rawMode
        signals = try SignalPipe()
        EmergencyRestore.setResetSequence(Array(leaveScreenBytes.utf8) + painter.clearAll())
        EmergencyRestore.installCrashHandlers()
        try enterScreen()
        defer { leaveScreen() }
        // The first page is asked for before anything else, so the worker's
        // start-up overlaps with reading the outline and the history.
        scheduleRender()
        state.outline = withDestinationTops((try? library.tableOfContents(book)) ?? [])
        state.annotations = (try? library.annotations(of: book)) ?? []
        // Known from the start, so bookmarking a page shows the note it has.
        state.bookmarks = (try? library.bookmarks(of: book)) ?? []
        state.searchHistory = options.searchHistory.load()
        pageChanged()
        for key in decoder.decode(options.pendingInput) where !quitting {
            perform(ReaderUpdate.handle(key, &state))
        }
        while !quitting {
            if needsDraw { draw() }
            scheduleRender()
            waitForInput()
        }
        return terminatedBy
    }

    /// The stored outline knows pages only; where on its page each entry
    /// starts comes from the PDF, entry by entry, while the two still agree.
    private func withDestinationTops(_ outline: [TOCEntry]) -> [TOCEntry] {
        guard let destinations = options.outlineDestinations?(), destinations.count == outline.count else { return outline }
        var merged = outline
        for index in merged.indices where destinations[index].page == merged[index].page {
            merged[index].top = destinations[index].top
        }
        return merged
    }

    // MARK: The screen

    private var leaveScreenBytes: String {
        ScreenSequences.resetStyle + ScreenSequences.clearScreen + ScreenSequences.enableWrap + ScreenSequences.showCursor
            + ScreenSequences.leaveAlternateScreen
    }

    private func enterScreen() throws {
        try rawMode?.enter()
        write(ScreenSequences.enterAlternateScreen + ScreenSequences.hideCursor + ScreenSequences.disableWrap
              + ScreenSequences.clearScreen)
        measure()
        shownImage = nil
        shownFrameKey = ""
        needsDraw = true
    }

    private func leaveScreen() {
        writeBytes(painter.clearAll() + Array(leaveScreenBytes.utf8))
        rawMode?.leave()
    }

    private func measure() {
        size = TerminalSize.of(fileDescriptor: output) ?? TerminalSize.of(fileDescriptor: input) ?? size
        cell = size.cellSize(fallback: options.cellSize)
        state.screen = viewport
        state.textRows = max(1, size.rows - 1)
        state.screenColumns = max(1, size.columns)
    }

    /// The pixels available for the page: every row but the status line.
    var viewport: (width: Int, height: Int) {
        (max(1, size.columns * cell.width), max(1, (size.rows - 1) * cell.height))
    }

    // MARK: The loop

    private func waitForInput() {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        if let signals { descriptors.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)) }
        for renderer in renderers {
            if let replies = renderer.replyDescriptor { descriptors.append(pollfd(fd: replies, events: Int16(POLLIN), revents: 0)) }
        }
        let timeLeft = renderers.compactMap(\.timeLeft).min()
        let timeout = timeLeft.map { Int32(min(1000, $0 * 1000 + 10)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if ready < 0 && errno != EINTR { quitting = true; return }

        if let events = signals?.drain() {
            for event in events { handle(event) }
        }
        if descriptors[0].revents & Int16(POLLIN | POLLHUP) != 0 { readKeys() }
        for renderer in renderers where renderer.isBusy {
            if let (request, reply) = renderer.collectReply() {
                switch reply {
                case .page(let page): received(request, page)
                case .pageMap(let map): received(map)
                case .hitPlaces(let places): received(request, places)
                }
            }
        }
    }

    private func readKeys() {
        guard let keys = decoder.read(from: input) else {  // the terminal went away
            quitting = true
            return
        }
        for key in keys where !quitting {
            perform(ReaderUpdate.handle(key, &state))
        }
    }

    private func handle(_ event: SignalPipe.Event) {
        switch event {
        case .resized:
            measure()
            write(ScreenSequences.clearScreen)
            writeBytes(painter.clearAll())
            shownImage = nil
            shownFrameKey = ""
            needsDraw = true
        case .terminate(let signal):
            terminatedBy = signal
            quitting = true
        case .suspend:
            suspend()
        case .resumed:
            needsDraw = true
        }
    }

    private func suspend() {
        leaveScreen()
        signals?.suspendProcess()
        try? enterScreen()
    }

    // MARK: Effects

    private func perform(_ effects: [ReaderEffect]) {
        for effect in effects {
            switch effect {
            case .pageChanged: pageChanged()
            case .redraw: needsDraw = true
            case .quit: quitting = true
            case .suspend: suspend()
            case .viewModeChanged: rememberViewMode()
            case .relayout:
                // scheduleRender asks for the new layout; the old pages stay until it comes.
                needsDraw = true
            default:
                guard let outcome = outcome(of: effect) else { continue }
                perform(ReaderUpdate.apply(outcome, &state))
                // A laid-out book's hits are then placed on its screen pages by the worker.
                if case .searched = outcome { askForHitPlaces() }
            }
        }
        // A scroll brings other pages into view: their links are ready for the next key.
        readViewLinks()
        needsDraw = true
    }

    /// Does what `effect` asks of the library, the clipboard or other programs,
    /// and says what came of it, for the update to show.
    private func outcome(of effect: ReaderEffect) -> ReaderOutcome? {
        do {
            switch effect {
            case .loadBookmarks:
                return .bookmarksLoaded(try library.bookmarks(of: book))
            case .goTo(let text):
                return .located(page: try library.locate(PageReference(text), in: book).page)
            case .search(let query, let backward):
                // Kept for the next session; a history that cannot be written costs nothing but itself.
                _ = try? options.searchHistory.add(query)
                return try search(query, backward: backward)
            case .loadWords(let key):
                return .wordsLoaded(pageWords(), then: key)
            case .copy(let text, let words):
                return copy(text, words: words)
            case .highlightHit(let page, let query, let occurrence):
                return try highlight(page: page, query: query, occurrence: occurrence)
            case .saveBookmark(let page, let note):
                let (_, created) = try library.bookmark(book, page: .number(page), note: note)
                return .bookmarkSaved(page: page, created: created, bookmarks: try library.bookmarks(of: book))
            case .deleteBookmark(let page):
                _ = try library.deleteBookmark(book, page: .number(page))
                return .bookmarkDeleted(page: page, bookmarks: try library.bookmarks(of: book))
            case .loadAnnotations:
                return .annotationsLoaded(try library.annotations(of: book))
            case .deleteAnnotation(let id):
                let deleted = try library.deleteAnnotation(id: id)
                return .annotationDeleted(deleted, annotations: try library.annotations(of: book))
            case .openURI(let uri):
                return open(uri)
            case .pageChanged, .redraw, .quit, .suspend, .viewModeChanged, .relayout:
                return nil
            }
        } catch {
            return .failed(String(describing: error))
        }
    }

    /// The page's words as `ibook read` has them (a laid-out book's: the
    /// reference page it stands for), with their boxes on a PDF's image.
    private func pageWords() -> PageWords {
        let reference = state.referencePage
        let text = (try? library.pageText(book, page: reference).text) ?? ""
        let glyphs = state.reflow == nil && !state.textMode ? options.pageGlyphs?(reference) : nil
        return PageWords(page: state.page, text: text, glyphs: glyphs)
    }

    private func copy(_ text: String, words: Int) -> ReaderOutcome {
        guard let outcome = clipboard.copy(text) else { return .notCopied(words: words, bytes: text.utf8.count) }
        if let bytes = outcome.terminalBytes { writeBytes(bytes) }
        return .copied(words: words, program: outcome.program, droppedByTmux: outcome.droppedByTmux)
    }

    /// Hands a link's address to xdg-open, as an argument and never through
    /// a shell. Only web and mail addresses: a file or program named by a
    /// PDF is not something to open on a keypress.
    private func open(_ uri: String) -> ReaderOutcome {
        let scheme = uri.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/xdg-open" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard ["http", "https", "ftp", "mailto"].contains(scheme), let path else { return .linkShown(uri, reason: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [uri]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return .linkOpened(uri)
        } catch {
            return .linkShown(uri, reason: "xdg-open failed: \(error)")
        }
    }

    /// A page's links: as the document has them, for a PDF and for the reference pages text mode
    /// shows; for a laid-out book's view page, as the worker found them when it drew the page in
    /// the layout shown (its request names that layout), so nil until the page has come.
    func readLinks(onPage page: Int) -> [PageLink]? {
        guard state.reflow != nil else { return options.links?(page) ?? [] }
        guard let request = request(forPage: page), case .image(_, _, let links)? = cache.get(request) else { return nil }
        return links
    }

    func pageChanged() {
        state.links = (state.page, readLinks(onPage: state.page) ?? [])
        readViewLinks()
        let reference = state.referencePage
        let outcome: ReaderOutcome
        do {
            try library.recordReading(book, page: reference)
            outcome = .pageRecorded(label: PageLabel.distinct(try library.locate(.number(reference), in: book).label, page: reference))
        } catch {
            outcome = .failed(String(describing: error))
        }
        _ = ReaderUpdate.apply(outcome, &state)
        needsDraw = true
    }

    /// Hits found on reference pages, on the pages shown: counted again on each
    /// page, as the worker finds them on the page it draws.
    private func viewHits(_ referencePages: [Int]) -> [ReaderState.SearchResults.Hit] {
        var perPage: [Int: Int] = [:]
        return referencePages.map { reference in
            let page = state.viewPage(ofReference: reference)
            let occurrence = perPage[page, default: 0]
            perPage[page] = occurrence + 1
            return .init(page: page, occurrence: occurrence, reference: state.reflow?.map == nil ? nil : reference)
        }
    }

    /// Hits are first put where their reference page starts, then, when the
    /// worker has found each on the view pages, where it is.
    private func askForHitPlaces() {
        pendingHitPlaces = nil
        guard let map = state.reflow?.map, let query = state.search?.query, !searchReferencePages.isEmpty else { return }
        var request = RenderRequest(path: book.path, password: options.password, page: 1, boxWidth: 1, boxHeight: 1,
                                    find: query, layout: map.layout)
        request.hitPages = searchReferencePages
        pendingHitPlaces = request
    }

    private func received(_ request: RenderRequest, _ places: [HitPlace]) {
        guard var search = state.search, search.query == request.find, request.layout == state.reflow?.map?.layout,
              request.hitPages == searchReferencePages, places.count == search.hits.count else { return }
        let shown = search.current.map { search.hits[$0] }
        search.hits = zip(places, searchReferencePages).map { .init(page: $0.page, occurrence: $0.occurrence, reference: $1) }
        state.search = search
        // The hit gone to was put on its reference page's first view page: on to where it is.
        guard let current = search.current, let shown, shown.page == state.page else { return }
        let hit = search.hits[current]
        let moved = state.show(page: hit.page)
        state.referencePin = hit.reference
        state.reveal = .hit(occurrence: hit.occurrence)
        shownFrameKey = ""
        if moved { pageChanged() }
        needsDraw = true
    }

    private func highlight(page: Int, query: String, occurrence: Int) throws -> ReaderOutcome {
        guard let highlighter = options.highlighter else { return .failed("Highlighting needs the PDF reader (ibook-full)") }
        let match = shownMatches.page == page && occurrence < shownMatches.rectangles.count
            ? shownMatches.rectangles[occurrence] : nil
        let made: Annotation
        if state.reflow?.map != nil, let search = state.search, let current = search.current,
           let reference = search.hits[current].reference {
            // The library found the hit on a reference page: the nth of its hits there.
            let rank = search.hits[..<current].filter { $0.reference == reference }.count
            made = try highlighter(reference, query, nil, rank + 1)
        } else {
            made = try highlighter(page, query, match.map { ($0.x + $0.width / 2, $0.y + $0.height / 2) }, nil)
        }
        return .highlighted(made, query: query)
    }

    private func search(_ query: String, backward: Bool) throws -> ReaderOutcome {
        var pages: [Int] = []
        _ = try library.search(query, scope: .book(book), limit: 100_000) { hit in pages.append(hit.page) }
        searchReferencePages = pages
        let hits = viewHits(pages)
        return .searched(query: query, hits: hits, backward: backward)
    }

    // MARK: Rendering

    /// The render the current view needs.
    var currentRequest: RenderRequest? {
        guard !state.textMode else { return nil }
        let geometry = PageGeometry(viewport: pageViewport, fit: state.fit, zoom: state.zoom, rotation: state.rotation)
        if state.reflow != nil && state.reflow?.map == nil { return nil }
        var request = RenderRequest(path: book.path, password: options.password, page: state.page,
                                    boxWidth: geometry.renderBox.width, boxHeight: geometry.renderBox.height,
                                    find: state.search?.query, layout: state.reflow?.map?.layout)
        // The same for every page, so that the pages either side, asked ahead, are the ones later shown.
        if request.layout != nil, case let highlights = ReflowHighlights.of(state.annotations), !highlights.isEmpty {
            request.highlights = highlights
        }
        return request
    }

    /// The layout a laid-out book wants now (the screen's size, the type size), when it is not the one shown.
    private var wantedLayout: RenderLayout? {
        guard let reflow = state.reflow else { return nil }
        let layout = reflow.layout(screen: viewport)
        return layout == reflow.map?.layout ? nil : layout
    }

    /// Asks for a new layout's page map, ahead of any page: the pages shown until it comes are the old layout's.
    private func scheduleLayout() {
        guard let layout = wantedLayout, layout != failedLayout else { return }
        guard !renderers.contains(where: { $0.inFlight?.pageMap == true && $0.inFlight?.layout == layout }),
              let idle = renderers.first(where: { !$0.isBusy }) else { return }
        let request = RenderRequest(path: book.path, password: options.password, page: 1, boxWidth: 1, boxHeight: 1,
                                    layout: layout, pageMap: true)
        // A whole book laid out and every page's start counted: far longer than one page takes.
        if let failure = idle.send(request, timeLimit: max(60, options.renderTimeLimit * 4)) { received(request, failure) }
    }

    /// Keeps the workers busy: the page on screen first, then the overview's
    /// thumbnails, then the pages either side, so a turn finds them ready.
    private func scheduleRender() {
        if !state.textMode { scheduleLayout() }
        if let request = pendingHitPlaces, request.layout == state.reflow?.map?.layout, let idle = renderers.first(where: { !$0.isBusy }) {
            pendingHitPlaces = nil
            if let failure = idle.send(request, timeLimit: max(60, options.renderTimeLimit * 4)) { received(request, failure) }
        }
        guard !state.textMode, let current = currentRequest else { return }
        let inFlight = renderers.compactMap(\.inFlight)
        func needed(_ request: RenderRequest) -> Bool {
            guard !inFlight.contains(request) else { return false }
            return isThumbnail(request) ? thumbnails[request.page] == nil : !cache.contains(request)
        }
        var wanted = [current]
        if case .overview(let selected) = state.panel {
            wanted += overviewRequests(selected: selected)
        }
        // What else is on the screen (continuous, two pages) before what the next moves show.
        let shown = otherVisiblePages.compactMap(request(forPage:))
        wanted += shown + pagesAhead.compactMap(request(forPage:))
        var pending = wanted.filter(needed)
        for request in [current] + shown where needed(request) && pending.contains(request) {
            guard let idle = renderers.first(where: { !$0.isBusy }) else { break }
            send(request, on: idle)
            pending.removeAll { $0 == request }
        }
        if !aheadRenderer.isBusy, let next = pending.first(where: { $0 != current }) {
            send(next, on: aheadRenderer)
        }
    }

    private func send(_ request: RenderRequest, on renderer: RenderClient) {
        if let failure = renderer.send(request) { received(request, failure) }
    }

    private func isThumbnail(_ request: RenderRequest) -> Bool {
        request.find == nil && request.boxWidth == overviewBox.width && request.boxHeight == overviewBox.height
    }

    private func received(_ map: PageMap) {
        // A layout asked for before a resize or another + is no longer wanted: the next one is asked for.
        guard let reflow = state.reflow, map.layout == reflow.layout(screen: viewport) else { return }
        state.adopt(map)
        if var search = state.search {
            search.hits = viewHits(searchReferencePages)
            state.search = search
            askForHitPlaces()
        }
        thumbnails.removeAll()
        shownFrameKey = ""
        pageChanged()
    }

    private func received(_ request: RenderRequest, _ page: RenderedPage) {
        // Hits whose places could not be found stay where their reference pages start.
        if request.hitPages != nil { return }
        if request.pageMap == true {
            var reason = "a page came instead"
            if case .failed(let why) = page { reason = why }
            state.message = "The book could not be laid out for this screen: \(reason)"
            if let shown = state.reflow?.map {
                // The layout shown stays, and so does its type size.
                failedLayout = request.layout
                state.reflow?.fontSize = Int(shown.layout.fontSize)
            } else {
                // Never laid out: its reference pages are shown instead, as they are (the pages are still those).
                state.reflow = nil
            }
            needsDraw = true
            return
        }
        if request.layout != state.reflow?.map?.layout { return }
        if isThumbnail(request) {
            if case .image(let image, _, _) = page { thumbnails[request.page] = image }
            else { thumbnails[request.page] = RasterImage(width: 1, height: 1, fill: RGB(red: 200, green: 200, blue: 200)) }
            if case .overview = state.panel { needsDraw = true; shownFrameKey = "" }
            return
        }
        cache.put(request, page)
        if state.reflow != nil { takeLinks() }
        if request == currentRequest || isShown(request) { needsDraw = true }
    }

    /// A laid-out book's links come with its pages: once the page shown or one
    /// beside it has come, `f` and clicks find its links.
    private func takeLinks() {
        if let links = readLinks(onPage: state.page) { state.links = (state.page, links) }
        readViewLinks()
    }

    // MARK: Drawing

    private func draw() {
        needsDraw = false
        let rows = max(1, size.rows - 1)
        var frame = ""
        if let panel = ReaderView.panelLines(state, rows: rows, columns: size.columns) {
            frame += hideImage()
            frame += textBlock(panel)
        } else if case .overview(let selected) = state.panel {
            frame += drawOverview(selected: selected, rows: rows)
        } else if state.textMode {
            frame += hideImage()
            frame += textBlock(modeTextLines(rows: rows) ?? pageTextLines(rows: rows))
            readViewLinks()
        } else if state.mode != .single {
            frame += drawPages(rows: rows)
            // Drawing measured the column: the pages in view and their sizes are known now.
            readViewLinks()
            frame += hintLabels(rows: rows)
        } else {
            frame += drawPage(rows: rows)
            frame += hintLabels(rows: rows)
        }
        state.rendering = !state.textMode && state.panel == .none
            && (currentRequest.map { !cache.contains($0) } == true || (wantedLayout != nil && wantedLayout != failedLayout))
        frame += ScreenSequences.moveTo(row: size.rows, column: 1) + ScreenSequences.reverse
            + ReaderView.statusLine(state, columns: size.columns) + ScreenSequences.resetStyle
        write(frame)
    }

    func textBlock(_ lines: [String]) -> String {
        var text = ""
        for (index, line) in lines.enumerated() {
            text += ScreenSequences.moveTo(row: index + 1, column: 1) + ScreenSequences.clearLine + line
        }
        for row in lines.count..<max(lines.count, size.rows - 1) {
            text += ScreenSequences.moveTo(row: row + 1, column: 1) + ScreenSequences.clearLine
        }
        return text
    }

    func hideImage() -> String {
        guard shownImage != nil || !shownFrameKey.isEmpty else { return "" }
        shownImage = nil
        shownFrameKey = ""
        return String(decoding: painter.clearAll(), as: UTF8.self) + ScreenSequences.clearScreen
    }

    private func pageTextLines(rows: Int) -> [String] {
        // The library keeps the text of reference pages.
        let reference = state.referencePage
        if pageTextCache?.page != reference {
            let text = (try? library.pageText(book, page: reference).text) ?? ""
            pageTextCache = (reference, text)
        }
        var text = pageTextCache?.text ?? ""
        if let hints = state.hints { text = LinkHints.labelled(text, hints) }
        let (lines, first, limit) = ReaderView.textLines(text, state: state, rows: rows, columns: size.columns)
        _ = ReaderUpdate.apply(.textMeasured(firstLine: first, lastFirstLine: limit), &state)
        guard let selection = state.visual, let words = state.words, words.page == state.page, words.text == text else { return lines }
        let selected = words.words[selection.range.lowerBound].range.lowerBound..<words.words[selection.range.upperBound].range.upperBound
        let wrapped = ReaderView.wrapped(text, columns: size.columns)
        return lines.enumerated().map { index, line in
            wrapped.indices.contains(first + index) ? VisualSelection.reversing(wrapped[first + index], selected) : line
        }
    }

    private func drawPage(rows: Int) -> String {
        guard let request = currentRequest else {
            guard state.reflow != nil else { return "" }
            return hideImage() + textBlock(["Laying the book out for this screen…"])
        }
        guard let rendered = cache.get(request) else {
            // Until the page arrives the previous one stays; the status says why.
            if shownImage == nil { return textBlock([]) + ScreenSequences.moveTo(row: 1, column: 1) + "Rendering page \(state.page)…" }
            return ""
        }
        switch rendered {
        case .failed(let reason):
            if state.message == nil { state.message = reason.hasPrefix("this page") ? reason : "This page could not be rendered: \(reason)" }
            return hideImage() + textBlock(pageTextLines(rows: rows))
        case .image(let image, let matches, _):
            let canvas = compose(image, matches: matches)
            let hints = state.hints.map { "hints \($0.typed)" } ?? ""
            let selection = state.visual.map { "visual \($0.anchor)-\($0.cursor)" } ?? ""
            let key = "\(request.hashValue) \(state.scrollX) \(state.scrollY) \(state.rotation) \(state.inverted) \(state.search?.current ?? -1) \(state.annotations.count) \(size.columns)x\(size.rows) \(hints) \(selection)"
            guard key != shownFrameKey else { return "" }
            var bytes = ""
            if shownImage == nil || shownHints { bytes += ScreenSequences.clearScreen }
            shownHints = false
            shownImage = request
            shownFrameKey = key
            let encoded = (try? painter.paint(canvas, columns: size.columns, rows: rows, cellSize: cell)) ?? []
            return bytes + ScreenSequences.moveTo(row: 1, column: 1) + String(decoding: encoded, as: UTF8.self)
        }
    }

    /// Each link's label written in the cell at its top-left corner, over the
    /// page just drawn (or drawn before, when unchanged).
    func hintLabels(rows: Int) -> String {
        guard let hints = state.hints, shownImage != nil else { return "" }
        var text = ""
        // Links closer than a cell would share one: a later label goes after the one before it on its row.
        var taken: [Int: Int] = [:]
        for hint in hints.remaining {
            guard let place = LinkHints.position(of: hint.link, onPage: hint.page, state) else { continue }
            let row = min(rows, max(1, place.y / max(1, cell.height) + 1))
            let wanted = max(1, place.x / max(1, cell.width) + 1, (taken[row] ?? 0) + 1)
            let column = min(max(1, size.columns - hint.label.count), wanted)
            taken[row] = column + hint.label.count
            text += ScreenSequences.moveTo(row: row, column: column) + ScreenSequences.reverse + hint.label + ScreenSequences.resetStyle
        }
        shownHints = true
        return text
    }

    /// The visible part of the page, with search hits outlined, turned,
    /// coloured, and centred on a viewport-sized canvas.
    private func compose(_ image: RasterImage, matches: [PageRectangle]) -> RasterImage {
        var page = image
        shownMatches = (state.page, matches)
        // Annotations are placed on reference pages, nowhere known on a view page.
        AnnotationPainter.paint(state.annotations.filter { $0.page == state.page && state.reflow == nil }, on: &page)
        if let selection = state.visual, let words = state.words, words.page == state.page, words.hasBoxes {
            SelectionPainter.paint(words.words[selection.range].compactMap(\.box), on: &page)
        }
        let currentOccurrence: Int? = state.search.flatMap { search in
            search.current.flatMap { search.hits[$0].page == state.page ? search.hits[$0].occurrence : nil }
        }
        for (index, match) in matches.enumerated() {
            let current = index == currentOccurrence
            let pad = 2
            page.strokeRectangle(x: Int(match.x * Double(page.width)) - pad, y: Int(match.y * Double(page.height)) - pad,
                                 width: Int(match.width * Double(page.width)) + 2 * pad,
                                 height: Int(match.height * Double(page.height)) + 2 * pad,
                                 color: current ? RGB(red: 230, green: 40, blue: 40) : RGB(red: 240, green: 170, blue: 0),
                                 thickness: current ? 3 : 2)
        }
        // Each link is outlined too: a kitty image lies over the text of the
        // labels, and the legend's order (top to bottom) then tells them apart.
        for hint in state.hints?.remaining ?? [] {
            let area = hint.link.area
            page.strokeRectangle(x: Int(area.x * Double(page.width)) - 1, y: Int(area.y * Double(page.height)) - 1,
                                 width: Int(area.width * Double(page.width)) + 2, height: Int(area.height * Double(page.height)) + 2,
                                 color: RGB(red: 40, green: 120, blue: 230), thickness: 2)
        }
        page = page.rotated(quarterTurns: state.rotation)
        // The page's size at this zoom decides how far a screen scrolls and where a jump's target lies.
        ReaderScroll.laidOut(PageLayout(page: state.page, width: page.width, height: page.height, matches: matches), &state)
        let region = PageGeometry.visibleRegion(image: (page.width, page.height), viewport: viewport,
                                                scroll: (state.scrollX, state.scrollY))
        _ = ReaderUpdate.apply(.pageRegionShown(x: region.x, y: region.y, overflow: region.overflow), &state)
        page = page.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
        if state.inverted { page = page.inverted() }
        var canvas = RasterImage(width: viewport.width, height: viewport.height, fill: surround)
        canvas.draw(page, atX: (viewport.width - page.width) / 2, y: (viewport.height - page.height) / 2)
        return canvas
    }

    /// What shows around a page: a grey that a page's white stands out on, darker in dark mode.
    var surround: RGB { state.inverted ? RGB(red: 24, green: 24, blue: 24) : RGB(red: 64, green: 64, blue: 64) }

    // MARK: Overview

    /// Labels of the pages the overview has captioned.
    private var overviewLabels: [Int: String?] = [:]

    private var overviewGrid: OverviewGrid {
        OverviewGrid(screenColumns: size.columns, screenRows: max(1, size.rows - 1),
                     cellAspect: Double(cell.width) / Double(max(1, cell.height)))
    }

    /// Thumbnails are rendered to fit one grid cell less its caption line.
    private var overviewBox: (width: Int, height: Int) {
        let grid = overviewGrid
        return (max(8, (grid.cellColumns - 2) * cell.width), max(8, (grid.cellRows - 2) * cell.height))
    }

    private func overviewRequests(selected: Int) -> [RenderRequest] {
        let grid = overviewGrid, box = overviewBox
        let first = grid.firstIndex(showing: selected)
        return (first..<min(state.pageCount, first + grid.perScreen)).map { index in
            RenderRequest(path: book.path, password: options.password, page: index + 1,
                          boxWidth: box.width, boxHeight: box.height, layout: state.reflow?.map?.layout)
        }
    }

    /// A page's label for its overview caption, when it says what the number does not ("iv" for 4);
    /// a laid-out book's view pages have none. Asked of the library once per page.
    private func overviewLabel(_ page: Int) -> String? {
        guard state.reflow == nil else { return nil }
        if let known = overviewLabels[page] { return known }
        let label = (try? library.locate(.number(page), in: book)).flatMap { PageLabel.distinct($0.label, page: page) }
        overviewLabels[page] = .some(label)
        return label
    }

    private func drawOverview(selected: Int, rows: Int) -> String {
        let grid = overviewGrid, box = overviewBox
        _ = ReaderUpdate.apply(.overviewMeasured(columns: grid.columns), &state)
        let first = grid.firstIndex(showing: selected)
        let pages = first..<min(state.pageCount, first + grid.perScreen)
        var captions = ""
        for index in pages {
            let slot = index - first
            let row = (slot / grid.columns) * grid.cellRows + grid.cellRows, column = (slot % grid.columns) * grid.cellColumns + 2
            let mark = index == selected ? "▶ " : ""
            let label = overviewLabel(index + 1).map { " (\($0))" } ?? ""
            let caption = TextWidth.truncate("\(mark)\(index + 1)\(label)", to: max(1, grid.cellColumns - 2))
            captions += ScreenSequences.moveTo(row: min(row, rows), column: column)
                + (index == selected ? ScreenSequences.reverse : "") + caption + ScreenSequences.resetStyle
        }
        if state.textMode {
            return hideImage() + textBlock([]) + captions
        }
        let key = "overview \(first) \(selected) \(pages.filter { thumbnails[$0 + 1] != nil }.count) \(state.inverted) \(size.columns)x\(size.rows)"
        guard key != shownFrameKey else { return "" }
        var canvas = RasterImage(width: viewport.width, height: viewport.height, fill: surround)
        for index in pages {
            let slot = index - first
            let x = (slot % grid.columns) * grid.cellColumns * cell.width + cell.width
            let y = (slot / grid.columns) * grid.cellRows * cell.height + cell.height / 2
            if let thumbnail = thumbnails[index + 1] {
                let image = state.inverted ? thumbnail.inverted() : thumbnail
                canvas.draw(image, atX: x + (box.width - image.width) / 2, y: y + (box.height - image.height) / 2)
            }
            if index == selected {
                canvas.strokeRectangle(x: x - 4, y: y - 4, width: box.width + 8, height: box.height + 8,
                                       color: RGB(red: 80, green: 160, blue: 255), thickness: 3)
            }
        }
        shownFrameKey = key
        shownImage = nil
        let encoded = (try? painter.paint(canvas, columns: size.columns, rows: rows, cellSize: cell)) ?? []
        return ScreenSequences.clearScreen + ScreenSequences.moveTo(row: 1, column: 1) + String(decoding: encoded, as: UTF8.self)
            + captions
    }

    // MARK: Output

    private func write(_ text: String) { writeBytes(Array(text.utf8)) }

    private func writeBytes(_ bytes: [UInt8]) {
        if !TerminalWriter.writeAll(bytes, to: output) { quitting = true }
    }
}
