import TerminalIO

/// Every key of the shelf in one place. Pure: a state and a key in, the new
/// state and the effects out.
public enum ShelfUpdate {
    public static func handle(_ key: Key, _ state: inout ShelfState) -> [ShelfEffect] {
        state.message = nil
        let selected = state.selected, grid = state.grid
        switch key {
        case .character("q"), .control("c"), .escape:
            return [.quit]
        case .control("z"):
            return [.suspend]
        case .control("l"):
            return [.redraw]
        case .character("l"), .right:
            state.select(selected + 1)
        case .character("h"), .left:
            state.select(selected - 1)
        case .character("j"), .down:
            // On the last row there is no book below: down goes to the last one.
            state.select(selected + grid.columns)
        case .character("k"), .up:
            if selected >= grid.columns { state.select(selected - grid.columns) }
        case .pageDown, .character(" "), .control("f"):
            state.select(selected + grid.perScreen)
        case .pageUp, .control("b"):
            state.select(selected - grid.perScreen)
        case .character("g"), .home:
            state.select(0)
        case .character("G"), .end:
            state.select(state.shown.count - 1)
        case .enter:
            guard let item = state.selectedItem else { return [] }
            return [.open(bookID: item.id)]
        default:
            return []
        }
        return [.redraw]
    }

    /// The terminal changed size: the books flow into the new grid, the selection stays.
    public static func resize(_ grid: ShelfGrid, _ state: inout ShelfState) {
        state.setGrid(grid)
    }
}
