import PDF

/// Scrolling in continuous mode: the view moves down the column of pages
/// by lines, half screens and screens, through page boundaries without a
/// jump, and a jump's target is brought into view on its page. Pure, as
/// `ReaderScroll`, which hands it the moves in that mode.
public enum ContinuousScroll {
    static func move(_ extent: ReaderScroll.Extent, forward: Bool, count: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        state.reveal = nil
        let viewHeight = state.textMode ? state.textRows : state.screen.height
        let step = ReaderScroll.distance(extent, state) * max(1, count)
        let start = position(state)
        if state.strip.heights.isEmpty {
            // Nothing measured yet (a key before the first page came): pages as tall as the last one laid out, else the view.
            state.strip.estimate = max(state.strip.estimate, state.textMode ? state.textRows : max(state.pageSize.height, viewHeight))
        }
        let target = state.strip.moved(start, by: forward ? step : -step, pageCount: state.pageCount, viewHeight: viewHeight)
        guard target != start else {
            state.message = forward ? "This is the last page" : "This is the first page"
            return [.redraw]
        }
        return place(target, &state) ? [.pageChanged] : [.redraw]
    }

    /// The view's top, as the state keeps it.
    public static func position(_ state: ReaderState) -> ContinuousLayout.Position {
        .init(page: state.page, offset: state.textMode ? state.textLine : state.scrollY)
    }

    /// Puts the view's top at `position`; true when that is on another page.
    @discardableResult
    public static func place(_ position: ContinuousLayout.Position, _ state: inout ReaderState) -> Bool {
        let changed = state.show(page: position.page)
        if state.textMode { state.textLine = position.offset } else { state.scrollY = position.offset }
        return changed
    }

    /// Takes in the size of the page at the view's top, as `ReaderScroll.laidOut`
    /// does for one page, without holding the view within the page: below
    /// its end are the next pages. A jump's target goes a third down the view.
    public static func laidOut(_ layout: PageLayout, _ state: inout ReaderState) {
        guard layout.page == state.page else { return }
        ReaderScroll.takeInSize(layout, &state)
        guard let reveal = state.reveal else { return }
        state.reveal = nil
        guard let box = ReaderScroll.target(of: reveal, in: layout, rotation: state.rotation) else { return }
        let top = Int(box.y * Double(layout.height)), bottom = Int((box.y + box.height) * Double(layout.height))
        let screenHeight = state.screen.height
        let inView: Bool
        switch reveal {
        case .hit: inView = top >= state.scrollY && bottom <= state.scrollY + screenHeight
        case .position: inView = top >= state.scrollY && top <= state.scrollY + screenHeight / 3
        }
        if !inView { state.scrollY = max(0, top - screenHeight / 3) }
        let left = Int(box.x * Double(layout.width)), right = Int((box.x + box.width) * Double(layout.width))
        if left < state.scrollX || right > state.scrollX + state.screen.width {
            state.scrollX = min(max(0, left - state.screen.width / 3), state.overflow.x)
        }
    }
}
