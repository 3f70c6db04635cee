import Foundation
import TerminalIO

/// Every key of the shelf in one place. Pure: a state and a key in, the new
/// state and the effects out.
public enum ShelfUpdate {
    public static func handle(_ key: Key, _ state: inout ShelfState) -> [ShelfEffect] {
        if case .mouse(let event) = key { return mouse(event, &state) }
        if state.prompt != nil { return prompt(key, &state) }
        if state.showingHelp {
            // Any key closes the help, as in the reader; q is not lost to a quit.
            state.showingHelp = false
            return [.redraw]
        }
        if state.detailLines != nil {
            // As the help: any key closes the panel and does nothing else.
            state.detailLines = nil
            return [.redraw]
        }
        state.message = nil
        if case .character("i") = key, state.hits == nil, state.section != .collections, let item = state.selectedItem {
            return [.details(bookID: item.id)]
        }
        if let section = sectionKey(key) { return show(section, &state) }
        if state.hits != nil { return hitKeys(key, &state) }
        if state.section == .collections { return collectionKeys(key, &state) }
        let selected = state.selected, grid = state.grid
        switch key {
        case .character("q"), .control("c"):
            return [.quit]
        case .escape:
            // Esc first takes back a filter, then the Reading now section, and quits only a shelf showing every book.
            if state.filter != nil {
                state.setFilter(nil)
            } else if state.section != .library {
                state.setSection(.library)
            } else {
                return [.quit]
            }
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
            state.promptKind = .filter
            state.prompt = state.filter?.query ?? ""
        case .character("?"):
            // As in the reader, where ? searches too; the help moved to H and F1.
            state.promptKind = .search
            state.prompt = ""
        case .character("s"):
            state.setSort(state.sort.next)
            state.message = "Sorted by \(state.sort.rawValue)"
        case .character("H"), .function(1):
            state.showingHelp = true
        case .character("d"):
            guard let item = state.selectedItem else { return [] }
            state.promptKind = .confirmRemove(bookID: item.id, title: item.title)
            state.prompt = ""
        case .character("e"):
            guard let item = state.selectedItem else { return [] }
            state.promptKind = .editTitle(bookID: item.id)
            state.prompt = item.title
        case .character("t"):
            guard let item = state.selectedItem else { return [] }
            state.promptKind = .tags(bookID: item.id)
            state.prompt = ""
        default:
            return []
        }
        return [.redraw]
    }

    /// Lines the wheel moves a list (of books, hits or collections) by; a grid moves a row.
    static let wheelLines = 3

    /// A click selects the book (or hit, or collection) under it; a click on
    /// the one selected already opens it as Enter does, so a double click on
    /// any book opens it. The wheel moves the selection a row of the grid, or
    /// three lines of a list, and the screenful follows it. Releases, other
    /// buttons, and anything while typing on the status line or reading the
    /// help change nothing.
    public static func mouse(_ event: MouseEvent, _ state: inout ShelfState) -> [ShelfEffect] {
        guard state.prompt == nil, !state.showingHelp, event.pressed else { return [] }
        let wheel: Int
        switch event.button {
        case .wheelUp: wheel = -1
        case .wheelDown: wheel = 1
        case .left: wheel = 0
        default: return []
        }
        state.message = nil
        let grid = state.grid
        if var list = state.hits {
            if wheel != 0 {
                list.select(list.selected + wheel * wheelLines)
            } else {
                let first = list.first(rows: grid.screenRows), index = first + event.row - 1
                guard event.row <= grid.screenRows, index < list.hits.count else { return [] }
                if index == list.selected { return handle(.enter, &state) }
                list.select(index)
            }
            state.hits = list
            return [.redraw]
        }
        if state.section == .collections {
            if wheel != 0 {
                state.selectCollection(state.selectedCollection + wheel * wheelLines)
                return [.redraw]
            }
            // As drawn: the list scrolled just enough to show the selection.
            let index = max(0, state.selectedCollection - grid.screenRows + 1) + event.row - 1
            guard event.row <= grid.screenRows, index < state.collections.count else { return [] }
            if index == state.selectedCollection { return handle(.enter, &state) }
            state.selectCollection(index)
            return [.redraw]
        }
        if wheel != 0 {
            let isList = grid.coverRows == 0, step = isList ? wheelLines : grid.columns
            // As k: on the grid's first row there is no row above to go to.
            if wheel < 0, !isList, state.selected < step { return [] }
            state.select(state.selected + wheel * step)
            return [.redraw]
        }
        guard let index = grid.index(atRow: event.row, column: event.column, first: state.first, count: state.shown.count)
        else { return [] }
        if index == state.selected { return handle(.enter, &state) }
        state.select(index)
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

    /// The keys of the sections, as iBooks' tabs, the same everywhere but in a prompt.
    private static func sectionKey(_ key: Key) -> ShelfSection? {
        switch key {
        case .character("1"): return .readingNow
        case .character("2"): return .library
        case .character("3"), .character("c"): return .collections
        case .character("4"): return .bookmarks
        default: return nil
        }
    }

    private static func show(_ section: ShelfSection, _ state: inout ShelfState) -> [ShelfEffect] {
        state.hits = nil
        if section == .bookmarks {
            guard !state.bookmarks.isEmpty else {
                state.message = "No bookmarks yet: m in the reader (or ibook bookmark) sets one"
                return [.redraw]
            }
            // Over the books of the section shown, as a search's hits are; Esc goes back to them.
            state.hits = ShelfHitList(query: "", hits: state.bookmarks, isBookmarks: true)
            return [.redraw]
        }
        state.setSection(section)
        if section == .readingNow, state.shown.isEmpty, !state.items.isEmpty { state.message = "No book read yet" }
        return [.redraw]
    }

    /// The keys of the Collections section: move along them, Enter shows one's books.
    private static func collectionKeys(_ key: Key, _ state: inout ShelfState) -> [ShelfEffect] {
        let selected = state.selectedCollection
        switch key {
        case .character("q"), .control("c"):
            return [.quit]
        case .escape:
            state.setSection(.library)
        case .control("z"):
            return [.suspend]
        case .control("l"):
            break
        case .character("j"), .down:
            state.selectCollection(selected + 1)
        case .character("k"), .up:
            state.selectCollection(selected - 1)
        case .character("g"), .home:
            state.selectCollection(0)
        case .character("G"), .end:
            state.selectCollection(state.collections.count - 1)
        case .enter:
            guard !state.collections.isEmpty else { return [] }
            let collection = state.collections[selected]
            state.setSection(.library)
            state.setFilter((query: "collection \(collection.name)", ids: Set(collection.bookIDs)))
            if state.shown.isEmpty { state.message = "\(collection.name) has no books" }
        case .character("H"), .function(1):
            state.showingHelp = true
        default:
            return []
        }
        return [.redraw]
    }

    /// What the library found for a `.search`: the hit list, or a message when there is none.
    public static func searched(_ query: String, hits: [ShelfHit], truncated: Bool, _ state: inout ShelfState) {
        guard !hits.isEmpty else {
            state.message = "No page has \(query)"
            return
        }
        state.hits = ShelfHitList(query: query, hits: hits, truncated: truncated)
    }

    /// The keys of the hit list: move, read the hit's page, back to the shelf.
    private static func hitKeys(_ key: Key, _ state: inout ShelfState) -> [ShelfEffect] {
        guard var list = state.hits else { return [] }
        let rows = state.grid.screenRows
        switch key {
        case .character("q"), .control("c"):
            return [.quit]
        case .escape:
            state.hits = nil
            return [.redraw]
        case .control("z"):
            return [.suspend]
        case .control("l"):
            return [.redraw]
        case .character("j"), .down:
            list.select(list.selected + 1)
        case .character("k"), .up:
            list.select(list.selected - 1)
        case .pageDown, .character(" "), .control("f"):
            list.select(list.selected + rows)
        case .pageUp, .control("b"):
            list.select(list.selected - rows)
        case .character("g"), .home:
            list.select(0)
        case .character("G"), .end:
            list.select(list.hits.count - 1)
        case .enter:
            guard let hit = list.selectedHit else { return [] }
            return [.openAt(bookID: hit.bookID, page: hit.page)]
        case .character("?"):
            state.promptKind = .search
            state.prompt = list.isBookmarks ? "" : list.query
        case .character("H"), .function(1):
            state.showingHelp = true
        default:
            return []
        }
        state.hits = list
        return [.redraw]
    }

    private static func prompt(_ key: Key, _ state: inout ShelfState) -> [ShelfEffect] {
        if case .confirmRemove(let id, let title) = state.promptKind {
            // One key answers; anything but y keeps the book.
            state.prompt = nil
            guard key == .character("y") || key == .character("Y") else {
                state.message = "Kept \(title)"
                return [.redraw]
            }
            return [.remove(bookID: id), .redraw]
        }
        var text = state.prompt ?? ""
        switch key {
        case .enter:
            state.prompt = nil
            return submit(text.trimmingCharacters(in: .whitespaces), &state)
        case .escape, .control("c"):
            state.prompt = nil
            if state.promptKind == .filter { state.setFilter(nil) }
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

    /// Enter on the status line: the effect the prompt's kind asks for, or the next question.
    private static func submit(_ text: String, _ state: inout ShelfState) -> [ShelfEffect] {
        switch state.promptKind {
        case .filter:
            return [.filter(text), .redraw]
        case .search:
            guard !text.isEmpty else { return [.redraw] }
            return [.search(text), .redraw]
        case .confirmRemove:
            return [.redraw]
        case .editTitle(let id):
            guard !text.isEmpty else {
                state.message = "A book needs a title: nothing changed"
                return [.redraw]
            }
            state.promptKind = .editAuthor(bookID: id, title: text)
            state.prompt = state.items.first { $0.id == id }?.author ?? ""
            return [.redraw]
        case .editAuthor(let id, let title):
            let item = state.items.first { $0.id == id }
            let newTitle = title == item?.title ? nil : title
            // Authors are shown joined with commas, so a comma parts them again; none at all clears them.
            let authors = text == item?.author ? nil
                : text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard newTitle != nil || authors != nil else {
                state.message = "Nothing changed"
                return [.redraw]
            }
            return [.edit(bookID: id, title: newTitle, authors: authors), .redraw]
        case .tags(let id):
            var adding: [String] = [], removing: [String] = []
            for word in text.split(whereSeparator: \.isWhitespace) {
                if word.hasPrefix("+"), word.count > 1 { adding.append(String(word.dropFirst())) }
                else if word.hasPrefix("-"), word.count > 1 { removing.append(String(word.dropFirst())) }
                else {
                    // As `ibook tag` takes them: a bare word would be a book's name there, not a tag.
                    state.message = "\(word): a tag to add starts with +, one to remove with -"
                    return [.redraw]
                }
            }
            guard !adding.isEmpty || !removing.isEmpty else { return [.redraw] }
            return [.tag(bookID: id, adding: adding, removing: removing), .redraw]
        }
    }
}
