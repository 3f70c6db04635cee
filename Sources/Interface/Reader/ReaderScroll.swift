import PDF

/// Moving through a page taller than the screen, as zathura does: by a
/// line, half a screen or a screen, on to the next page only from the end of
/// this one; and bringing a jump's target into view once the page's size is
/// known. Pure, like `ReaderUpdate`, which calls it.
public enum ReaderScroll {
    public enum Extent: Sendable { case line, halfScreen, screen }

    /// A body line is about a fiftieth of a printed page's height.
    static let linesPerPage = 50

    /// Moves `count` times by `extent`, forward or back. Each move that
    /// starts at the end of the page (or its start, going back) crosses to
    /// the next page's top (the previous page's bottom) instead, so at fit
    /// page, where a screen is a page, `3 space` and `3j` are three pages.
    static func move(_ extent: Extent, forward: Bool, count: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        if state.mode == .continuous { return ContinuousScroll.move(extent, forward: forward, count: count, &state) }
        state.reveal = nil
        var turned = false
        for _ in 0..<max(1, count) {
            let limit = state.textMode ? state.textLimit : state.overflow.y
            let position = min(state.textMode ? state.textLine : state.scrollY, limit)
            // A page's text not wrapped yet has no known end to turn the page at.
            let endKnown = !(state.textMode && limit == Int.max)
            if forward ? position >= limit && endKnown : position <= 0 {
                let target = state.mode == .spread
                    ? SpreadLayout.page(from: state.page, steps: forward ? 1 : -1, pageCount: state.pageCount) ?? 0
                    : state.page + (forward ? 1 : -1)
                guard (1...state.pageCount).contains(target) else {
                    if turned { break }
                    state.message = forward ? "This is the last page" : "This is the first page"
                    return [.redraw]
                }
                state.show(page: target, atBottom: !forward)
                turned = true
                continue
            }
            let step = distance(extent, state)
            // Measured from the limit: an end not yet known is Int.max, and must not overflow.
            let moved = forward ? (limit - position <= step ? limit : position + step) : max(0, position - step)
            if state.textMode { state.textLine = moved } else { state.scrollY = moved }
        }
        return turned ? [.pageChanged] : [.redraw]
    }

    /// How far one move goes: a screen keeps one line of the last in view, so reading runs on.
    static func distance(_ extent: Extent, _ state: ReaderState) -> Int {
        if state.textMode {
            let rows = max(1, state.textRows)
            switch extent {
            case .line: return 1
            case .halfScreen: return max(1, rows / 2)
            case .screen: return max(1, rows - 1)
            }
        }
        let height = max(1, state.screen.height)
        switch extent {
        case .line: return max(1, state.scrollStep)
        case .halfScreen: return max(1, height / 2)
        case .screen: return max(1, height - state.scrollStep)
        }
    }

    /// What every mode takes in of the page on screen: its hits, its size, what
    /// overflows the screen, how long a line is, the sideways scroll held within it.
    static func takeInSize(_ layout: PageLayout, _ state: inout ReaderState) {
        state.hitBoxes = (layout.page, layout.matches)
        state.pageSize = (layout.width, layout.height)
        state.overflow = (x: max(0, layout.width - state.screen.width), y: max(0, layout.height - state.screen.height))
        let uprightHeight = state.rotation % 2 == 1 ? layout.width : layout.height
        state.scrollStep = max(4, uprightHeight / linesPerPage)
        state.scrollX = min(max(0, state.scrollX), state.overflow.x)
    }

    /// Takes in the layout of the page on screen: what overflows, how long a
    /// line is, and, when a jump is waiting for it, scrolls its target into
    /// view about a third from the top (left as it is when already in view).
    public static func laidOut(_ layout: PageLayout, _ state: inout ReaderState) {
        guard layout.page == state.page else { return }
        takeInSize(layout, &state)
        state.scrollY = min(max(0, state.scrollY), state.overflow.y)
        guard let reveal = state.reveal else { return }
        state.reveal = nil
        guard let turned = target(of: reveal, in: layout, rotation: state.rotation) else { return }
        let screenHeight = state.screen.height, screenWidth = state.screen.width
        let top = Int(turned.y * Double(layout.height)), bottom = Int((turned.y + turned.height) * Double(layout.height))
        let inView: Bool
        switch reveal {
        case .hit: inView = top >= state.scrollY && bottom <= state.scrollY + screenHeight
        // A heading low on the screen shows little of what follows it: only the top third will do.
        case .position: inView = top >= state.scrollY && top <= state.scrollY + screenHeight / 3
        }
        if !inView { state.scrollY = min(max(0, top - screenHeight / 3), state.overflow.y) }
        let left = Int(turned.x * Double(layout.width)), right = Int((turned.x + turned.width) * Double(layout.width))
        if left < state.scrollX || right > state.scrollX + screenWidth {
            state.scrollX = min(max(0, left - screenWidth / 3), state.overflow.x)
        }
    }

    /// Where a jump's target lies on the page as shown, as fractions of it; nil for a hit not found there.
    static func target(of reveal: ReaderState.Reveal, in layout: PageLayout, rotation: Int) -> PageRectangle? {
        let box: PageRectangle
        switch reveal {
        case .hit(let occurrence):
            guard layout.matches.indices.contains(occurrence) else { return nil }
            box = layout.matches[occurrence]
        case .position(let top):
            box = PageRectangle(x: 0, y: top, width: 0, height: 0)
        }
        return turn(box, quarterTurns: rotation)
    }

    /// A box on the upright page as it lies once the page is turned
    /// clockwise `quarterTurns` times, as `RasterImage.rotated` turns it.
    static func turn(_ box: PageRectangle, quarterTurns: Int) -> PageRectangle {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: return PageRectangle(x: 1 - box.y - box.height, y: box.x, width: box.height, height: box.width)
        case 2: return PageRectangle(x: 1 - box.x - box.width, y: 1 - box.y - box.height, width: box.width, height: box.height)
        case 3: return PageRectangle(x: box.y, y: 1 - box.x - box.width, width: box.height, height: box.width)
        default: return box
        }
    }
}
