import Foundation
import TerminalIO

/// Every key of the shelf in one place. Pure: a state and a key in, the new
/// state and the effects out.
public enum ShelfUpdate {
    public static func handle(_ key: Key, _ state: inout ShelfState) -> [ShelfEffect] {
        if state.prompt != nil { return prompt(key, &state) }
        if state.showingHelp {
            // Any key closes the help, as in the reader; q is not lost to a quit.
            state.showingHelp = false
            return [.redraw]
        }
        state.message = nil
        let selected = state.selected, grid = state.grid
        switch key {
        case .character("q"), .control("c"):
            return [.quit]
        case .escape:
            // Esc first takes back a filter, and quits only a shelf showing every book.
            guard state.filter != nil else { return [.quit] }
            state.setFilter(nil)
            return [.redraw]
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
        case .character("/"):
            state.prompt = state.filter?.query ?? ""
        case .character("s"):
            state.setSort(state.sort.next)
            state.message = "Sorted by \(state.sort.rawValue)"
        case .character("?"), .function(1):
            state.showingHelp = true
        default:
            return []
        }
        return [.redraw]
    }

    /// The terminal changed size: the books flow into the new grid, the selection stays.
    public static func resize(_ grid: ShelfGrid, _ state: inout ShelfState) {
        state.setGrid(grid)
    }

    /// What the library answered to a `.filter` query.
    public static func filtered(_ query: String, ids: Set<Int>, _ state: inout ShelfState) {
        state.setFilter(query.isEmpty ? nil : (query, ids))
        if state.shown.isEmpty { state.message = "No book matches \(query)" }
    }

    private static func prompt(_ key: Key, _ state: inout ShelfState) -> [ShelfEffect] {
        var text = state.prompt ?? ""
        switch key {
        case .enter:
            state.prompt = nil
            return [.filter(text.trimmingCharacters(in: .whitespaces)), .redraw]
        case .escape, .control("c"):
            state.prompt = nil
            state.setFilter(nil)
            return [.redraw]
        case .backspace:
            if text.isEmpty {
                state.prompt = nil
                return [.redraw]
            }
            text.removeLast()
        case .control("u"):
            text = ""
        case .character(let character):
            text.append(character)
        default:
            return []
        }
        state.prompt = text
        return [.redraw]
    }
}
