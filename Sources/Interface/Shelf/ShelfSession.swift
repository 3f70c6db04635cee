import BookLibrary
import Foundation
import Raster
import Reader
import TerminalIO
import TextCells

/// Runs the shelf on a terminal: raw mode and the alternate screen, one
/// poll() loop over keys and signals, and the effects of `ShelfUpdate`.
/// Opening a book hands the terminal to the reader and takes it back after.
/// The terminal is restored on every way out.
public final class ShelfSession {
    public struct Options {
        public var graphics: GraphicsMode
        public var cellSize: (width: Int, height: Int)?
        public var wrapForTmux = false
        /// Said once on the status line at start (e.g. how to enable tmux passthrough).
        public var notice: String?
        /// Keys that arrived before the shelf started reading them.
        public var pendingInput: [UInt8] = []
        /// The command that puts a book's cover in the thumbnail cache, up to
        /// the book (`ibook --library DIR thumbnail`); empty makes none.
        public var coverCommand: [String] = []
        /// Reads a book full screen at the page given, else where it stopped, on a terminal
        /// the shelf has put back as it found it; returns the signal that ended the reader, if one did.
        public var read: (Book, Int?) throws -> Int32?

        public init(graphics: GraphicsMode, read: @escaping (Book, Int?) throws -> Int32?) {
            self.graphics = graphics
            self.read = read
        }
    }

    private let library: Library
    private let options: Options
    private var books: [Int: Book]
    private var state: ShelfState
    private let input: Int32 = 0
    private let output: Int32 = 1
    private var rawMode: RawMode?
    private var signals: SignalPipe?
    private var decoder = KeyDecoder()
    private let painter: PagePainter
    private let covers: ShelfCovers
    private let coverMaker: ShelfCoverMaker
    private var size = TerminalSize(columns: 80, rows: 24)
    private var cell = TerminalSize.defaultCellSize
    private var quitting = false
    private var terminatedBy: Int32?
    private var needsDraw = true
    /// What the screen was laid out for last, so a move within it redraws only what changed.
    private var shownLayout = ""
    /// Per slot on the screen, the cover drawn there (book, selected), so it is not sent again.
    private var shownCovers: [Int: String] = [:]

    /// Whether covers are drawn: only with an image protocol; blocks are too coarse for a cover, so a list.
    private var drawsCovers: Bool { [.kitty, .iterm, .sixel].contains(options.graphics) }

    /// kitty ids of the covers on screen, one per slot; apart from the reader's page.
    private static let firstCoverID: UInt32 = 7_400

    public init(library: Library, options: Options) throws {
        self.library = library
        self.options = options
        let shelf = try ShelfBooks(library: library)
        books = shelf.books
        state = ShelfState(items: shelf.items, grid: ShelfGrid(screenColumns: 80, screenRows: 22, cellAspect: 0.5, covers: false))
        state.setCollections(shelf.collections, bookmarks: shelf.bookmarks)
        state.message = options.notice
        painter = PagePainter(mode: options.graphics, wrapForTmux: options.wrapForTmux)
        covers = ShelfCovers(library: library)
        coverMaker = ShelfCoverMaker(command: options.coverCommand)
    }

    /// Runs until the shelf quits; the terminal is as it was afterwards.
    /// Returns the signal that ended it (SIGTERM, SIGHUP…), if one did.
    @discardableResult
    public func run() throws -> Int32? {
        rawMode = try RawMode(fileDescriptor: input)
        // Clicks and the wheel, on from enterScreen to leaveScreen (raw mode's own span).
        rawMode?.reportsMouse = true
        try enterScreen()
        defer {
            coverMaker.stop()
            leaveScreen()
        }
        for key in decoder.decode(options.pendingInput) where !quitting {
            perform(ShelfUpdate.handle(key, &state))
        }
        while !quitting {
            if needsDraw { draw() }
            waitForInput()
        }
        return terminatedBy
    }

    // MARK: The screen

    private var leaveScreenBytes: String {
        ScreenSequences.resetStyle + ScreenSequences.clearScreen + ScreenSequences.enableWrap + ScreenSequences.showCursor
            + ScreenSequences.leaveAlternateScreen
    }

    private func enterScreen() throws {
        signals = try SignalPipe()
        EmergencyRestore.setResetSequence(Array(leaveScreenBytes.utf8) + painter.clearAll())
        EmergencyRestore.installCrashHandlers()
        try rawMode?.enter()
        write(ScreenSequences.enterAlternateScreen + ScreenSequences.hideCursor + ScreenSequences.disableWrap
              + ScreenSequences.clearScreen)
        measure()
    }

    private func leaveScreen() {
        writeBytes(painter.clearAll() + Array(leaveScreenBytes.utf8))
        rawMode?.leave()
        // The reader, when a book is opened, sets up signals of its own.
        signals = nil
    }

    private func measure() {
        size = TerminalSize.of(fileDescriptor: output) ?? TerminalSize.of(fileDescriptor: input) ?? size
        cell = size.cellSize(fallback: options.cellSize)
        ShelfUpdate.resize(ShelfGrid(screenColumns: size.columns, screenRows: size.rows - ShelfView.bottomRows,
                                     cellAspect: Double(cell.width) / Double(max(1, cell.height)), covers: drawsCovers),
                           &state)
        shownLayout = ""
        needsDraw = true
    }

    // MARK: The loop

    private func waitForInput() {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        if let signals { descriptors.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)) }
        // Covers being made: a child's end is an event like a key.
        let coverChildren = coverMaker.descriptors
        let firstChild = descriptors.count
        descriptors += coverChildren.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
        if ready < 0 && errno != EINTR { quitting = true; return }
        if let events = signals?.drain() {
            for event in events { handle(event) }
        }
        for (offset, child) in coverChildren.enumerated() where descriptors[firstChild + offset].revents != 0 {
            if let made = coverMaker.childReady(child) { coverMade(made) }
        }
        if descriptors[0].revents & Int16(POLLIN | POLLHUP) != 0 { readKeys() }
    }

    private func readKeys() {
        guard let keys = decoder.read(from: input) else {  // the terminal went away
            quitting = true
            return
        }
        for key in keys where !quitting {
            perform(ShelfUpdate.handle(key, &state))
        }
    }

    /// The cover is in the cache: its slot, if it is still on the screen, is drawn again with it.
    private func coverMade(_ bookID: Int) {
        covers.forget(bookID)
        for (slot, shown) in shownCovers where shown.hasPrefix("\(bookID) ") { shownCovers[slot] = nil }
        needsDraw = true
    }

    private func handle(_ event: SignalPipe.Event) {
        switch event {
        case .resized:
            measure()
        case .terminate(let signal):
            terminatedBy = signal
            quitting = true
        case .suspend:
            suspend()
        case .resumed:
            shownLayout = ""
            needsDraw = true
        }
    }

    private func suspend() {
        // With the signals back to their defaults (leaveScreen), Ctrl-Z's own signal stops the process.
        leaveScreen()
        kill(getpid(), SIGTSTP)
        try? enterScreen()
    }

    // MARK: Effects

    private func perform(_ effects: [ShelfEffect]) {
        for effect in effects {
            switch effect {
            case .redraw: needsDraw = true
            case .quit: quitting = true
            case .suspend: suspend()
            case .open(let id): open(id, page: nil)
            case .openAt(let id, let page): open(id, page: page)
            case .filter(let query):
                do {
                    ShelfUpdate.filtered(query, ids: query.isEmpty ? [] : try library.bookIDs(matching: query), &state)
                } catch {
                    state.message = String(describing: error)
                }
            case .search(let query): search(query)
            case .details(let id): showDetails(id)
            case .remove(let id):
                change(id) { book in
                    try library.remove("#\(book.id)")
                    return "Removed \(book.title) from the library; the file stays (ibook add brings it back)"
                }
            case .edit(let id, let title, let authors):
                change(id) { book in
                    var edit = BookEdit()
                    edit.title = title
                    edit.authors = authors
                    let edited = try library.edit(book, edit)
                    return "Now \(edited.title) — \(edited.author)"
                }
            case .tag(let id, let adding, let removing):
                change(id) { book in
                    try library.tag([book], adding: adding, removing: removing)
                    let tags = try library.tags(of: book)
                    return "\(book.title): \(tags.isEmpty ? "no tags" : "tags " + tags.joined(separator: ", "))"
                }
            }
        }
        needsDraw = true
    }

    /// As many hits as a person reads through: the hit list is not a report.
    static let searchLimit = 200

    private func search(_ query: String) {
        var hits: [ShelfHit] = []
        do {
            let summary = try library.search(query, scope: .all, limit: Self.searchLimit) { hit in
                // A label that is only the page's number says nothing more.
                let label = hit.label.flatMap { $0 == String(hit.page) || $0.isEmpty ? nil : $0 }
                hits.append(ShelfHit(bookID: hit.bookID, title: hit.bookTitle, page: hit.page, label: label,
                                     before: hit.snippet.before, match: hit.snippet.match, after: hit.snippet.after))
            }
            ShelfUpdate.searched(query, hits: hits, truncated: summary.truncated, &state)
        } catch {
            state.message = String(describing: error)
        }
    }

    /// Changes a book in the library, says what became of it, and reads the library again for the shelf.
    private func showDetails(_ id: Int) {
        guard let book = books[id] else { return }
        do {
            let info = try library.info(book)
            // A shared library keeps no highlights yet: its panel leaves the line out.
            let notes = library.capabilities.contains(.annotations) ? try library.annotations(of: book).count : nil
            state.detailLines = ShelfDetails.lines(info, item: state.items.first { $0.id == id }, notes: notes)
        } catch {
            state.message = String(describing: error)
        }
    }

    private func change(_ id: Int, _ body: (Book) throws -> String) {
        guard let book = books[id] else { return }
        do {
            state.message = try body(book)
        } catch {
            state.message = String(describing: error)
        }
        reload()
    }

    private func reload() {
        if let shelf = try? ShelfBooks(library: library) {
            books = shelf.books
            state.setItems(shelf.items)
            state.setCollections(shelf.collections, bookmarks: shelf.bookmarks)
            if let list = state.hits, list.isBookmarks {
                // A bookmark set or removed in the reader shows in the list it came back to.
                var fresh = ShelfHitList(query: "", hits: shelf.bookmarks, isBookmarks: true)
                fresh.select(list.selected)
                state.hits = shelf.bookmarks.isEmpty ? nil : fresh
            }
        }
        // The same slots may now hold other books, or the same ones with new captions.
        shownLayout = ""
    }

    /// The reader takes the terminal as a shell would leave it, and gives it back;
    /// the shelf then reads the library again, for where the reading stopped.
    private func open(_ id: Int, page: Int?) {
        guard let book = books[id] else { return }
        leaveScreen()
        do {
            if let signal = try options.read(book, page) {
                terminatedBy = signal
                quitting = true
                return
            }
        } catch {
            state.message = String(describing: error)
        }
        reload()
        do {
            try enterScreen()
        } catch {
            quitting = true
        }
    }

    // MARK: Drawing

    private func draw() {
        needsDraw = false
        let gridRows = max(1, size.rows - ShelfView.bottomRows)
        let layout = "\(size.columns)x\(size.rows) \(state.first) \(state.shown.count) \(state.showingHelp) \(state.detailLines != nil) \(state.sort) \(state.filter?.query ?? "") \(state.hits != nil) \(state.section)"
        var frame = ""
        if layout != shownLayout {
            // A new screenful: every cover goes, and is drawn again where the new layout puts it.
            frame += String(decoding: painter.clearAll(), as: UTF8.self) + ScreenSequences.clearScreen
            shownCovers = [:]
            shownLayout = layout
        }
        if state.showingHelp {
            frame += textLines(ShelfView.helpLines.map { TextWidth.truncate($0, to: size.columns) }, rows: gridRows)
        } else if let lines = state.detailLines {
            frame += textLines(lines.map { TextWidth.truncate($0, to: size.columns) }, rows: gridRows)
        } else if let list = state.hits {
            let first = list.first(rows: gridRows)
            frame += textLines(list.hits[first..<min(list.hits.count, first + gridRows)].enumerated().map { offset, hit in
                let selected = first + offset == list.selected
                let line = ShelfView.hitLine(hit, selected: selected, columns: size.columns)
                let style = selected ? ScreenSequences.reverse : ""
                return style + line.head + ScreenSequences.bold + "\u{1B}[4m" + line.match + ScreenSequences.resetStyle + style + line.tail
                    + ScreenSequences.resetStyle
            }, rows: gridRows)
        } else if state.section == .collections {
            frame += textLines(state.collections.enumerated().map { index, collection in
                let selected = index == state.selectedCollection
                let line = ShelfView.collectionLine(collection, selected: selected, columns: size.columns)
                return selected ? ScreenSequences.reverse + line + ScreenSequences.resetStyle : line
            }.dropFirst(max(0, state.selectedCollection - gridRows + 1)).map { $0 }, rows: gridRows)
        } else if state.items.isEmpty {
            frame += textLines([TextWidth.truncate(ShelfView.emptyHint, to: size.columns)], rows: gridRows)
        } else if drawsCovers {
            frame += drawGrid()
        } else {
            frame += textLines(state.onScreen.map {
                let line = ShelfView.listLine(state.shown[$0], selected: $0 == state.selected, columns: size.columns)
                return $0 == state.selected ? ScreenSequences.reverse + line + ScreenSequences.resetStyle : line
            }, rows: gridRows)
        }
        frame += ScreenSequences.moveTo(row: size.rows - 1, column: 1) + ScreenSequences.clearLine
            + ShelfView.details(state.showingHelp || state.hits != nil || state.section == .collections ? nil : state.selectedItem, columns: size.columns)
        frame += ScreenSequences.moveTo(row: size.rows, column: 1) + ScreenSequences.reverse
            + ShelfView.statusLine(state, columns: size.columns) + ScreenSequences.resetStyle
        write(frame)
    }

    private func textLines(_ lines: [String], rows: Int) -> String {
        var text = ""
        for row in 0..<rows {
            text += ScreenSequences.moveTo(row: row + 1, column: 1) + ScreenSequences.clearLine + (row < lines.count ? lines[row] : "")
        }
        return text
    }

    /// The covers on the screen with their captions; a cover is sent only
    /// when its slot shows another book or its selection changed.
    private func drawGrid() -> String {
        let grid = state.grid, first = state.first
        let box = (width: grid.coverColumns * cell.width, height: grid.coverRows * cell.height)
        var text = ""
        for index in state.onScreen {
            let item = state.shown[index], slot = index - first
            let selected = index == state.selected
            let origin = grid.origin(of: index, first: first)
            let key = "\(item.id) \(selected)"
            if shownCovers[slot] != key, let book = books[item.id] {
                shownCovers[slot] = key
                var canvas = RasterImage(width: box.width, height: box.height, fill: Self.surround)
                let cover = covers.cover(of: book, width: box.width - 8, height: box.height - 8)
                canvas.draw(cover, atX: (box.width - cover.width) / 2, y: (box.height - cover.height) / 2)
                if selected {
                    canvas.strokeRectangle(x: 0, y: 0, width: box.width, height: box.height, color: Self.selection, thickness: 3)
                }
                let encoded = (try? painter.paint(canvas, columns: grid.coverColumns, rows: grid.coverRows, cellSize: cell,
                                                  kittyID: Self.firstCoverID + UInt32(slot))) ?? []
                text += ScreenSequences.moveTo(row: origin.row, column: origin.column + 1) + String(decoding: encoded, as: UTF8.self)
            }
            for (line, caption) in ShelfView.captions(item, width: grid.coverColumns).enumerated() {
                text += ScreenSequences.moveTo(row: origin.row + grid.coverRows + line, column: origin.column + 1)
                    + String(repeating: " ", count: grid.coverColumns)
                    + ScreenSequences.moveTo(row: origin.row + grid.coverRows + line, column: origin.column + 1)
                    + (selected ? ScreenSequences.reverse : "") + caption + ScreenSequences.resetStyle
            }
        }
        // Missing covers are made for the books on this screen only, the first first.
        coverMaker.want(state.onScreen.map { state.shown[$0].id }.filter { covers.missing.contains($0) })
        return text
    }

    /// Behind a cover narrower than its cell; the reader's grey around a page.
    private static let surround = RGB(red: 64, green: 64, blue: 64)
    private static let selection = RGB(red: 80, green: 160, blue: 255)

    // MARK: Output

    private func write(_ text: String) { writeBytes(Array(text.utf8)) }

    private func writeBytes(_ bytes: [UInt8]) {
        if !TerminalWriter.writeAll(bytes, to: output) { quitting = true }
    }
}
