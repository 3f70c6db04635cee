import BookLibrary
import PageRendering
import PDF
import Raster
import TerminalIO
import TextCells

/// Continuous and two-page mode on the terminal: which pages are rendered
/// and kept ready, and how several pages make one frame, as images or as
/// their text. One page at a time is drawn by the session itself.
extension ReaderSession {
    /// The pixels one page is fitted into: the view, or half of it beside its facing page.
    var pageViewport: (width: Int, height: Int) {
        guard state.mode == .spread else { return viewport }
        return (max(1, (viewport.width - spreadGap) / 2), viewport.height)
    }

    /// Between facing pages: a cell, as between two columns of text.
    private var spreadGap: Int { cell.width }

    /// Between stacked pages: half a row, enough to see where one ends.
    private var continuousGap: Int { max(4, cell.height / 2) }

    /// The render of `page` at the size the view wants now.
    func request(forPage page: Int) -> RenderRequest? {
        guard (1...state.pageCount).contains(page), var request = currentRequest else { return nil }
        request.page = page
        return request
    }

    /// Pages besides the current one that are on the screen: rendered as soon as a worker is free.
    var otherVisiblePages: [Int] {
        switch state.mode {
        case .single: return []
        case .spread: return SpreadLayout.pages(showing: state.page, pageCount: state.pageCount).filter { $0 != state.page }
        case .continuous:
            return state.strip.slices(from: ContinuousScroll.position(state), viewHeight: viewport.height, pageCount: state.pageCount)
                .map(\.page).filter { $0 != state.page }
        }
    }

    /// The pages the next moves show, to render while the reader reads.
    var pagesAhead: [Int] {
        let count = state.pageCount
        switch state.mode {
        case .single:
            return [state.page + 1, state.page - 1]
        case .spread:
            let next = SpreadLayout.page(from: state.page, steps: 1, pageCount: count).map { SpreadLayout.pages(showing: $0, pageCount: count) } ?? []
            let previous = SpreadLayout.page(from: state.page, steps: -1, pageCount: count).map { SpreadLayout.pages(showing: $0, pageCount: count) } ?? []
            return next + previous
        case .continuous:
            let last = ([state.page] + otherVisiblePages).max() ?? state.page
            return [last + 1, last + 2, state.page - 1]
        }
    }

    /// Whether a page that came in is one the screen is waiting for.
    func isShown(_ request: RenderRequest) -> Bool {
        guard state.mode != .single, otherVisiblePages.contains(request.page) else { return false }
        return self.request(forPage: request.page) == request
    }

    /// Reads the links of the pages in view besides the current one, and
    /// of those the next moves show (a scroll and `f` may come in one read),
    /// and takes the sizes their images are drawn at, for `f` and clicks to
    /// place them. Each page's links are read once while it stays near (a
    /// laid-out book's once its page has come from the worker).
    func readViewLinks() {
        guard state.mode != .single else {
            state.viewLinks = [:]
            state.viewSizes = [:]
            return
        }
        let inView = LinkHints.pagesInView(state)
        let near = Set(inView + (max(1, state.page - 2)...min(state.pageCount, (inView.max() ?? state.page) + 2)))
            .subtracting([state.page])
        state.viewLinks = state.viewLinks.filter { near.contains($0.key) }
        state.viewSizes = [:]
        for page in near.sorted() {
            if state.viewLinks[page] == nil { state.viewLinks[page] = readLinks(onPage: page) }
            guard !state.textMode, let request = request(forPage: page), case .image(let image, _, _)? = cache.get(request) else { continue }
            state.viewSizes[page] = state.rotation % 2 == 1 ? (image.height, image.width) : (image.width, image.height)
        }
    }

    // MARK: Remembering

    /// The mode and fit the book was last read in, as the library kept them.
    func restoreViewMode() {
        guard let stored = try? library.viewSetting(of: book), let (mode, fit) = ViewMode.parse(stored) else { return }
        state.mode = mode
        state.fit = fit
        rememberedView = stored
    }

    /// Keeps the mode and fit for the next opening; a library that cannot be written keeps nothing, silently.
    func rememberViewMode() {
        let value = ViewMode.stored(state.mode, fit: state.fit)
        guard value != rememberedView else { return }
        if (try? library.setViewSetting(value, of: book)) != nil { rememberedView = value }
    }

    // MARK: Images

    /// The frame of a continuous column or a spread, as `drawPage` makes one page's.
    func drawPages(rows: Int) -> String {
        guard let current = currentRequest else {
            guard state.reflow != nil else { return "" }
            return hideImage() + textBlock(["Laying the book out for this screen…"])
        }
        guard cache.contains(current) else {
            // As with one page: the frame shown stays until the page the status line names has come.
            if shownImage == nil { return textBlock([]) + ScreenSequences.moveTo(row: 1, column: 1) + "Rendering page \(state.page)…" }
            return ""
        }
        let canvas: RasterImage
        let key: String
        switch state.mode {
        case .single: return ""
        case .continuous: (canvas, key) = continuousCanvas(current)
        case .spread: (canvas, key) = spreadCanvas()
        }
        let hints = state.hints.map { "hints \($0.typed)" } ?? ""
        let frameKey = "\(state.mode) \(key) \(state.scrollX) \(state.rotation) \(state.inverted) \(state.search?.current ?? -1) \(state.annotations.count) \(size.columns)x\(size.rows) \(hints)"
        guard frameKey != shownFrameKey else { return "" }
        var bytes = ""
        if shownImage == nil || shownHints { bytes += ScreenSequences.clearScreen }
        shownHints = false
        shownImage = current
        shownFrameKey = frameKey
        let encoded = (try? painter.paint(canvas, columns: size.columns, rows: rows, cellSize: cell)) ?? []
        return bytes + ScreenSequences.moveTo(row: 1, column: 1) + String(decoding: encoded, as: UTF8.self)
    }

    /// A rendered page as shown: its highlights and search hits marked, turned.
    private func decorated(_ image: RasterImage, page: Int, matches: [PageRectangle]) -> RasterImage {
        var image = image
        AnnotationPainter.paint(state.annotations.filter { $0.page == page && state.reflow == nil }, on: &image)
        // Its links outlined, as on one page: a kitty image lies over the labels' text.
        for hint in state.hints?.remaining ?? [] where hint.page == page {
            let area = hint.link.area
            image.strokeRectangle(x: Int(area.x * Double(image.width)) - 1, y: Int(area.y * Double(image.height)) - 1,
                                  width: Int(area.width * Double(image.width)) + 2, height: Int(area.height * Double(image.height)) + 2,
                                  color: RGB(red: 40, green: 120, blue: 230), thickness: 2)
        }
        let current: Int? = state.search.flatMap { search in
            search.current.flatMap { search.hits[$0].page == page ? search.hits[$0].occurrence : nil }
        }
        for (index, match) in matches.enumerated() {
            image.strokeRectangle(x: Int(match.x * Double(image.width)) - 2, y: Int(match.y * Double(image.height)) - 2,
                                  width: Int(match.width * Double(image.width)) + 4, height: Int(match.height * Double(image.height)) + 4,
                                  color: index == current ? RGB(red: 230, green: 40, blue: 40) : RGB(red: 240, green: 170, blue: 0),
                                  thickness: index == current ? 3 : 2)
        }
        return image.rotated(quarterTurns: state.rotation)
    }

    /// Takes in the heights of the rendered pages near the view, and a
    /// place past a page's end (a page came in shorter than guessed) onto the next.
    private func measureColumn(_ current: RenderRequest) {
        let unit = "\(current.boxWidth)x\(current.boxHeight) \(state.rotation) \(current.layout.map { "\($0)" } ?? "")"
        if state.strip.measuredFor != unit {
            state.strip = ContinuousLayout(gap: continuousGap, estimate: viewport.height)
            state.strip.measuredFor = unit
        }
        for page in max(1, state.page - 2)...min(state.pageCount, state.page + 8) {
            guard let request = request(forPage: page), case .image(let image, _, _)? = cache.get(request) else { continue }
            state.strip.heights[page] = state.rotation % 2 == 1 ? image.width : image.height
        }
        if let height = state.strip.heights[state.page] { state.strip.estimate = height }
        let place = ContinuousScroll.position(state)
        let normal = state.strip.normalized(place, pageCount: state.pageCount)
        if normal != place, ContinuousScroll.place(normal, &state) { pageChanged() }
    }

    private func continuousCanvas(_ current: RenderRequest) -> (RasterImage, String) {
        measureColumn(current)
        if case .image(let image, let matches, _)? = cache.get(current) {
            let turned = state.rotation % 2 == 1 ? (image.height, image.width) : (image.width, image.height)
            shownMatches = (state.page, matches)
            ContinuousScroll.laidOut(PageLayout(page: state.page, width: turned.0, height: turned.1, matches: matches), &state)
        }
        let slices = state.strip.slices(from: ContinuousScroll.position(state), viewHeight: viewport.height, pageCount: state.pageCount)
        var canvas = RasterImage(width: viewport.width, height: viewport.height, fill: surround)
        var key = "\(state.page):\(state.scrollY)"
        for slice in slices {
            let rendered = request(forPage: slice.page).flatMap { cache.get($0) }
            if case .failed(let reason)? = rendered, slice.page == state.page, state.message == nil {
                state.message = reason.hasPrefix("this page") ? reason : "This page could not be rendered: \(reason)"
            }
            guard case .image(let image, let matches, _)? = rendered else {
                // Not rendered yet: a blank page where it will be, so the column does not jump when it comes.
                let width = min(viewport.width, state.pageSize.width > 0 ? state.pageSize.width : viewport.width)
                canvas.draw(RasterImage(width: width, height: slice.height, fill: RGB(red: 235, green: 235, blue: 235)),
                            atX: (viewport.width - width) / 2, y: slice.screenY)
                key += " \(slice.page)?"
                continue
            }
            let page = decorated(image, page: slice.page, matches: matches)
            let x = page.width > viewport.width ? min(state.scrollX, page.width - viewport.width) : 0
            var piece = page.cropped(x: x, y: slice.top, width: min(viewport.width, page.width), height: min(slice.height, page.height - slice.top))
            if state.inverted { piece = piece.inverted() }
            canvas.draw(piece, atX: (viewport.width - piece.width) / 2, y: slice.screenY)
            key += " \(slice.page)"
        }
        return (canvas, key)
    }

    private func spreadCanvas() -> (RasterImage, String) {
        let pages = SpreadLayout.pages(showing: state.page, pageCount: state.pageCount)
        var images: [(page: Int, image: RasterImage)] = []
        for page in pages {
            guard let request = request(forPage: page), case .image(let image, let matches, _)? = cache.get(request) else { continue }
            if page == state.page { shownMatches = (page, matches) }
            images.append((page, decorated(image, page: page, matches: matches)))
        }
        let tallest = images.map(\.image.height).max() ?? 0
        if let shown = images.first(where: { $0.page == state.page })?.image {
            var matches: [PageRectangle] = []
            if let request = request(forPage: state.page), case .image(_, let found, _)? = cache.get(request) { matches = found }
            ReaderScroll.laidOut(PageLayout(page: state.page, width: shown.width, height: tallest, matches: matches), &state)
        }
        // Links are placed on the page the status line names, where it lies beside the other.
        state.pageSize = images.first { $0.page == state.page }.map { ($0.image.width, $0.image.height) } ?? (0, 0)
        let half = pageViewport.width
        var canvas = RasterImage(width: viewport.width, height: viewport.height, fill: surround)
        for (page, image) in images {
            let place = SpreadLayout.origin(of: page, image: (image.width, image.height), screen: viewport, gap: spreadGap,
                                            scrollY: state.scrollY)
            let top = max(0, -place.y)
            var piece = image.cropped(x: place.cropX, y: top, width: min(half, image.width),
                                      height: min(viewport.height, image.height - top))
            if state.inverted { piece = piece.inverted() }
            canvas.draw(piece, atX: place.x, y: max(0, place.y))
        }
        return (canvas, "\(pages) \(images.map(\.page)) \(state.scrollY)")
    }

    // MARK: Text

    /// A page's indexed text wrapped to `columns`, as text mode shows it.
    private func wrappedText(_ page: Int, columns: Int) -> [String] {
        if modeTexts.count > 32 { modeTexts.removeAll() }
        let text = modeTexts[page] ?? ((try? library.pageText(book, page: page).text) ?? "")
        modeTexts[page] = text
        var whole = state
        whole.textLine = 0
        var shown = text
        if let hints = state.hints { shown = LinkHints.labelled(text, hints, page: page) }
        return ReaderView.textLines(shown, state: whole, rows: Int.max / 4, columns: max(1, columns)).lines
    }

    /// Text mode's lines in continuous or two-page mode; nil in one-page mode.
    func modeTextLines(rows: Int) -> [String]? {
        switch state.mode {
        case .single: return nil
        case .continuous: return continuousText(rows: rows)
        case .spread: return spreadText(rows: rows)
        }
    }

    /// The pages' text one after the other, a rule naming each page where it starts.
    private func continuousText(rows: Int) -> [String] {
        let unit = "text \(size.columns)"
        if state.strip.measuredFor != unit {
            state.strip = ContinuousLayout(gap: 1, estimate: rows)
            state.strip.measuredFor = unit
        }
        var texts: [Int: [String]] = [:]
        // The page before is measured too, for a move back to land where it should.
        var page = max(1, state.page - 1), filled = -state.textLine
        while page <= state.pageCount, page < state.page || filled < rows {
            let lines = wrappedText(page, columns: size.columns)
            texts[page] = lines
            state.strip.heights[page] = lines.count
            if page >= state.page { filled += lines.count + 1 }
            page += 1
        }
        state.strip.estimate = state.strip.heights[state.page] ?? rows
        let place = ContinuousScroll.position(state)
        let normal = state.strip.normalized(place, pageCount: state.pageCount)
        if normal != place, ContinuousScroll.place(normal, &state) { pageChanged() }
        var output = Array(repeating: "", count: rows)
        for slice in state.strip.slices(from: ContinuousScroll.position(state), viewHeight: rows, pageCount: state.pageCount) {
            let lines = texts[slice.page] ?? wrappedText(slice.page, columns: size.columns)
            for row in 0..<slice.height where slice.top + row < lines.count { output[slice.screenY + row] = lines[slice.top + row] }
            if slice.top == 0, slice.screenY > 0 { output[slice.screenY - 1] = rule("page \(slice.page)") }
        }
        return output
    }

    private func rule(_ words: String) -> String {
        let lead = "──── \(words) "
        return lead + String(repeating: "─", count: max(0, size.columns - TextWidth.of(lead)))
    }

    /// Two pages' text in two columns, scrolled together; the cover alone on the right.
    private func spreadText(rows: Int) -> [String] {
        let width = max(1, (size.columns - 3) / 2)
        let pages = SpreadLayout.pages(showing: state.page, pageCount: state.pageCount)
        let left = pages.count == 2 || pages[0] % 2 == 0 ? wrappedText(pages[0], columns: width) : []
        let right = pages.count == 2 ? wrappedText(pages[1], columns: width) : (pages[0] % 2 == 1 ? wrappedText(pages[0], columns: width) : [])
        let length = max(left.count, right.count)
        _ = ReaderUpdate.apply(.textMeasured(firstLine: state.textLine, lastFirstLine: length - rows), &state)
        return (0..<rows).map { row in
            let line = state.textLine + row
            let leftText = line < left.count ? left[line] : ""
            let rightText = line < right.count ? right[line] : ""
            return TextWidth.pad(leftText, to: width) + " │ " + rightText
        }
    }
}
