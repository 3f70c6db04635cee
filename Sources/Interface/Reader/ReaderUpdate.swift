import BookLibrary
import Foundation
import PDF
import TerminalIO

/// Every key of the reader in one place: zathura's and less's keys, with
/// numeric prefixes. Pure: a state and a key in, the new state and the
/// effects out.
public enum ReaderUpdate {
    public static func handle(_ key: Key, _ state: inout ReaderState) -> [ReaderEffect] {
        if case .mouse(let event) = key { return mouse(event, &state) }
        if state.prompt != nil { return prompt(key, &state) }
        if state.hints != nil { return hints(key, &state) }
        if state.visual != nil { return visual(key, &state) }
        switch state.panel {
        case .none: break
        case .help:
            state.panel = .none
            return [.redraw]
        case .outline(let selected): return outline(key, selected, &state)
        case .bookmarks(let selected): return bookmarks(key, selected, &state)
        case .notes(let selected): return notes(key, selected, &state)
        case .overview(let selected): return overview(key, selected, &state)
        }
        return page(key, &state)
    }

    // MARK: The mouse

    /// Rows the wheel scrolls, as that many `j`/`k`.
    static let wheelLines = 3

    /// On the page, with nothing open over it: the wheel scrolls as `j`/`k`
    /// do, three rows a notch; a click (its release in the cell pressed)
    /// on the left or right third of the page turns back or forward a page,
    /// as `K`/`J` do, and a drag selects and copies words (see `leftButton`).
    /// The middle third, the status line, and the mouse while typing,
    /// choosing a link (`f`) or in a panel do nothing.
    public static func mouse(_ event: MouseEvent, _ state: inout ReaderState) -> [ReaderEffect] {
        guard state.prompt == nil, state.hints == nil, state.pendingMark == nil, case .none = state.panel else {
            state.press = nil
            return []
        }
        // The left button acts on its release, once it is known not to be a drag.
        if event.button == .left { return leftButton(event, &state) }
        guard event.pressed else { return [] }
        state.count = ""
        state.pendingG = false
        switch event.button {
        case .wheelUp, .wheelDown:
            state.message = nil
            return ReaderScroll.move(.line, forward: event.button == .wheelDown, count: wheelLines, &state)
        default:
            return []
        }
    }

    /// A click on the page: a link under the pointer is followed, as its
    /// hint would be; elsewhere the left and right thirds turn pages.
    static func click(atColumn column: Int, row: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        state.count = ""
        state.pendingG = false
        guard row <= state.textRows else { return [] }
        if let link = link(atColumn: column, row: row, state) {
            state.message = nil
            return follow(link, &state)
        }
        let third = max(1, state.screenColumns / 3)
        if column <= third { state.message = nil; return turn(by: -1, &state) }
        if column > state.screenColumns - third { state.message = nil; return turn(by: 1, &state) }
        return []
    }

    /// The link drawn under a terminal cell, on the page image; none in text mode.
    static func link(atColumn column: Int, row: Int, _ state: ReaderState) -> PageLink? {
        guard !state.textMode, state.screenColumns > 0, state.textRows > 0 else { return nil }
        // The cell's middle, in the viewport's pixels (the page is drawn over the text rows).
        let cellWidth = Double(state.screen.width) / Double(state.screenColumns)
        let cellHeight = Double(state.screen.height) / Double(state.textRows)
        let x = Int((Double(column) - 0.5) * cellWidth), y = Int((Double(row) - 0.5) * cellHeight)
        return LinkHints.visible(state).first { placed in
            guard let place = LinkHints.position(of: placed.link, onPage: placed.page, state) else { return false }
            return x >= place.x && x <= place.right && y >= place.y - Int(cellHeight / 2) && y <= place.bottom + Int(cellHeight / 2)
        }?.link
    }

    // MARK: The page

    private static func page(_ key: Key, _ state: inout ReaderState) -> [ReaderEffect] {
        state.message = nil
        if let pending = state.pendingMark {
            state.pendingMark = nil
            state.count = ""
            return mark(pending, key, &state)
        }
        if case .character(let digit) = key, digit.isASCII, digit.isNumber, digit != "0" || !state.count.isEmpty {
            if state.count.count < 9 { state.count.append(digit) }
            state.pendingG = false
            return [.redraw]
        }
        let count = Int(state.count)
        state.count = ""
        let repeats = max(1, count ?? 1)
        if state.pendingG {
            state.pendingG = false
            if key == .character("g") { return jump(toReference: count ?? 1, &state) }
        }
        switch key {
        case .character("q"), .control("c"):
            return [.quit]
        case .control("z"):
            return [.suspend]
        case .control("l"):
            return [.redraw]
        case .escape:
            return [.redraw]
        case .character("j"), .down, .control("e"), .control("n"):
            return ReaderScroll.move(.line, forward: true, count: repeats, &state)
        case .character("k"), .up, .control("y"), .control("p"):
            return ReaderScroll.move(.line, forward: false, count: repeats, &state)
        case .character(" "), .pageDown, .control("f"), .enter:
            return ReaderScroll.move(.screen, forward: true, count: repeats, &state)
        case .shiftSpace, .character("b"), .pageUp, .control("b"), .backspace:
            return ReaderScroll.move(.screen, forward: false, count: repeats, &state)
        case .control("d"):
            return ReaderScroll.move(.halfScreen, forward: true, count: repeats, &state)
        case .control("u"):
            return ReaderScroll.move(.halfScreen, forward: false, count: repeats, &state)
        case .character("J"):
            return turn(by: repeats, &state)
        case .character("K"):
            return turn(by: -repeats, &state)
        case .character("l"), .right:
            return state.overflow.x > 0 && !state.textMode ? pan(by: repeats, &state) : turn(by: repeats, &state)
        case .character("h"), .left:
            return state.overflow.x > 0 && !state.textMode ? pan(by: -repeats, &state) : turn(by: -repeats, &state)
        case .character("g"):
            state.pendingG = true
            if let count { state.count = String(count) }
            return [.redraw]
        case .character("G"):
            guard let count else { return jump(to: state.pageCount, &state) }
            return jump(toReference: count, &state)
        case .home:
            return jump(to: 1, &state)
        case .end:
            return jump(to: state.pageCount, &state)
        case .character(":"):
            state.prompt = .init(kind: .goTo)
            return [.redraw]
        case .character("/"):
            state.prompt = .init(kind: .searchForward)
            return [.redraw]
        case .character("?"):
            state.prompt = .init(kind: .searchBackward)
            return [.redraw]
        case .character("n"):
            return nextHit(forward: true, repeats, &state)
        case .character("N"):
            return nextHit(forward: false, repeats, &state)
        case .character("t"):
            guard !state.outline.isEmpty else {
                state.message = "This book has no table of contents"
                return [.redraw]
            }
            let current = outlineEntry(at: state.referencePage, in: state)
            if state.outlineTree.folded.isEmpty { state.outlineTree = .initial(state.outline, current: current) }
            state.outlineTree.reveal(current, state.outline)
            state.panel = .outline(selected: current)
            return [.redraw]
        case .character("o"):
            state.panel = .overview(selected: state.page - 1)
            return [.redraw]
        case .character("f"):
            let links = LinkHints.visible(state)
            guard !links.isEmpty else { return noMove("No links on screen", &state) }
            state.hints = LinkHints(placed: links)
            return [.redraw]
        case .character("v"):
            return startVisual(&state)
        case .character("m"):
            state.pendingMark = .set
            return [.redraw]
        case .character("'"), .character("`"):
            state.pendingMark = .go
            return [.redraw]
        case .character("B"):
            // A page bookmarked already shows its note, to keep or change.
            let note = state.bookmarks.first { $0.page == state.referencePage }?.note ?? ""
            state.prompt = .init(kind: .bookmarkNote(page: state.referencePage), text: note)
            return [.redraw]
        case .character("a"):
            guard let search = state.search, let current = search.current, search.hits[current].page == state.page else {
                state.message = "Search with / first: a highlights the hit on screen"
                return [.redraw]
            }
            if let existing = existingHighlight(of: search.hits[current], query: search.query, in: state) {
                state.message = "Already highlighted (#\(existing.id))"
                return [.redraw]
            }
            return [.highlightHit(page: state.page, query: search.query, occurrence: search.hits[current].occurrence), .redraw]
        case .character("M"):
            state.panel = .bookmarks(selected: 0)
            return [.loadBookmarks, .redraw]
        case .character("A"):
            // The list starts at the first mark on or after the page read, as a book's notes page would.
            let here = state.annotations.firstIndex { $0.page >= state.referencePage } ?? 0
            state.panel = .notes(selected: here)
            return [.loadAnnotations, .redraw]
        case .control("o"):
            guard let previous = state.back.popLast() else { return noMove("No earlier position", &state) }
            state.forward.append(state.page)
            return state.show(page: previous) ? [.pageChanged] : [.redraw]
        case .tab, .control("i"):
            guard let next = state.forward.popLast() else { return noMove("No later position", &state) }
            state.back.append(state.page)
            return state.show(page: next) ? [.pageChanged] : [.redraw]
        case .character("+") where state.reflow != nil:
            return fontSize(by: repeats, &state)
        case .character("-") where state.reflow != nil:
            return fontSize(by: -repeats, &state)
        case .character("+"):
            state.zoom = min(8, state.zoom * 1.25)
            return [.redraw]
        case .character("-"):
            state.zoom = max(0.25, state.zoom / 1.25)
            return [.redraw]
        case .character("="):
            if let reflow = state.reflow, reflow.fontSize != ReflowView.defaultFontSize {
                state.fit = .page
                state.zoom = 1
                return fontSize(by: ReflowView.defaultFontSize - reflow.fontSize, &state)
            }
            let changed = state.fit != .page
            state.fit = .page
            state.zoom = 1
            state.scrollX = 0
            state.scrollY = 0
            return changed ? [.viewModeChanged, .redraw] : [.redraw]
        case .character("w"):
            let changed = state.fit != .width
            state.fit = .width
            state.zoom = 1
            state.scrollX = 0
            return changed ? [.viewModeChanged, .redraw] : [.redraw]
        case .character("c"):
            return ViewMode.toggle(.continuous, &state)
        case .character("d"):
            return ViewMode.toggle(.spread, &state)
        case .character("i"):
            state.inverted.toggle()
            return [.redraw]
        case .character("r"):
            state.rotation = (state.rotation + 1) % 4
            state.scrollX = 0
            state.scrollY = 0
            return [.redraw]
        case .function(1), .character("H"):
            state.panel = .help
            return [.redraw]
        default:
            return []
        }
    }

    /// A highlight already over the hit: one whose box holds the middle of
    /// the hit's box, where poppler's boxes for the page are known; else (text
    /// mode, where `a` marks the passage's first occurrence) one of the same words.
    static func existingHighlight(of hit: ReaderState.SearchResults.Hit, query: String, in state: ReaderState) -> Annotation? {
        // A laid-out book's highlights are on reference pages, and their boxes the reference layout's.
        let highlights = state.annotations.filter { $0.page == (hit.reference ?? hit.page) && $0.kind == .highlight }
        if hit.reference == nil, state.hitBoxes.page == hit.page, state.hitBoxes.boxes.indices.contains(hit.occurrence) {
            let box = state.hitBoxes.boxes[hit.occurrence]
            let x = box.x + box.width / 2, y = box.y + box.height / 2
            return highlights.first { highlight in
                guard let width = highlight.pageWidth, let height = highlight.pageHeight, width > 0, height > 0 else { return false }
                return highlight.boxes.contains { mark in
                    (min(mark.x1, mark.x2) / width...max(mark.x1, mark.x2) / width).contains(x)
                        && (min(mark.y1, mark.y2) / height...max(mark.y1, mark.y2) / height).contains(y)
                }
            }
        }
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        return highlights.first { ($0.text ?? "").lowercased().split(whereSeparator: \.isWhitespace) == words }
    }

    // MARK: Marks

    /// The letter after `m` or `'`: zathura's marks, for this session.
    private static func mark(_ pending: ReaderState.PendingMark, _ key: Key, _ state: inout ReaderState) -> [ReaderEffect] {
        guard case .character(let letter) = key else { return [.redraw] }
        if pending == .go, letter == "'" || letter == "`" {
            // '' goes back to where the last jump left, and is a jump itself, so '' again returns.
            guard let previous = state.back.last else { return noMove("No jump to go back from", &state) }
            return jump(to: previous, &state)
        }
        guard letter.isASCII, letter.isLetter else { return noMove("Marks are letters: m a sets mark a, 'a goes to it", &state) }
        switch pending {
        case .set:
            state.marks[letter] = .init(page: state.page, scrollY: state.scrollY, textLine: state.textLine)
            state.message = "Mark \(letter) set on page \(state.page)"
            return [.redraw]
        case .go:
            guard let mark = state.marks[letter] else { return noMove("No mark \(letter): m\(letter) sets it", &state) }
            let moved = state.jump(to: mark.page)
            state.scrollY = mark.scrollY
            state.textLine = mark.textLine
            return moved ? [.pageChanged] : [.redraw]
        }
    }

    // MARK: Links

    /// Hint mode: letters narrow the labels until one is whole, and its link is followed.
    private static func hints(_ key: Key, _ state: inout ReaderState) -> [ReaderEffect] {
        guard var hints = state.hints else { return [] }
        switch key {
        case .escape, .control("c"), .control("g"):
            state.hints = nil
            return [.redraw]
        case .backspace:
            if hints.typed.isEmpty { state.hints = nil } else { hints.typed.removeLast(); state.hints = hints }
            return [.redraw]
        case .character(let letter):
            hints.typed.append(letter)
            let remaining = hints.remaining
            guard !remaining.isEmpty else {
                state.hints = nil
                return noMove("No link labelled \(hints.typed)", &state)
            }
            if remaining.count == 1, remaining[0].label == hints.typed {
                state.hints = nil
                return follow(remaining[0].link, &state)
            }
            state.hints = hints
            return [.redraw]
        default:
            return []
        }
    }

    /// A link to a page is a jump (Ctrl-O comes back) that brings the
    /// destination's top into view as a contents entry does; an address goes to the session.
    static func follow(_ link: PageLink, _ state: inout ReaderState) -> [ReaderEffect] {
        switch link.target {
        case .uri(let uri):
            state.message = uri
            return [.openURI(uri), .redraw]
        case .page(let page, let top):
            let moved = state.jump(to: page)
            if let top { state.reveal = .position(top: top) }
            return moved ? [.pageChanged] : [.redraw]
        }
    }

    static func noMove(_ message: String, _ state: inout ReaderState) -> [ReaderEffect] {
        state.message = message
        return [.redraw]
    }

    private static func jump(to page: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        state.jump(to: page) ? [.pageChanged] : [.redraw]
    }

    /// A page named by the library's number; a laid-out book's view page
    /// holding several counts as a change when the one named is another.
    private static func jump(toReference page: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        let before = state.referencePage
        let moved = state.jump(toReference: page)
        return moved || state.referencePage != before ? [.pageChanged] : [.redraw]
    }

    private static func turn(by pages: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        let target = state.mode == .spread
            ? SpreadLayout.page(from: state.page, steps: pages, pageCount: state.pageCount) ?? (pages < 0 ? 0 : state.pageCount + 1)
            : state.page + pages
        if target < 1 { return noMove("This is the first page", &state) }
        if target > state.pageCount { return noMove("This is the last page", &state) }
        return state.show(page: target) ? [.pageChanged] : []
    }

    /// A laid-out book's `+` and `-`: a type size for the session to lay the book out at.
    private static func fontSize(by steps: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        guard var reflow = state.reflow else { return [] }
        let sizes = ReflowView.fontSizes
        let wanted = min(max(reflow.fontSize + steps, sizes.lowerBound), sizes.upperBound)
        guard wanted != reflow.fontSize else {
            return noMove(steps > 0 ? "The type is at its largest (\(sizes.upperBound) pt)" : "The type is at its smallest (\(sizes.lowerBound) pt)", &state)
        }
        reflow.fontSize = wanted
        state.reflow = reflow
        state.message = "Type \(wanted) pt"
        return [.relayout, .redraw]
    }

    private static func pan(by steps: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        state.scrollX = min(max(0, min(state.scrollX, state.overflow.x) + steps * state.scrollStep), state.overflow.x)
        return [.redraw]
    }

    static func nextHit(forward: Bool, _ repeats: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        guard var search = state.search else { return noMove("No search yet: / to search", &state) }
        guard !search.hits.isEmpty else { return noMove("No matches for \"\(search.query)\"", &state) }
        let ahead = forward != search.backward
        var index: Int
        if let current = search.current, search.hits[current].page == state.page {
            index = current
            for _ in 0..<repeats { index += ahead ? 1 : -1 }
        } else if ahead {
            // From a page moved to by hand: the first hit on or after it.
            index = (search.hits.firstIndex { $0.page >= state.page } ?? search.hits.count) + repeats - 1
        } else {
            index = (search.hits.lastIndex { $0.page <= state.page } ?? -1) - repeats + 1
        }
        var wrapped = false
        if index >= search.hits.count { index %= search.hits.count; wrapped = true }
        if index < 0 { index = ((index % search.hits.count) + search.hits.count) % search.hits.count; wrapped = true }
        search.current = index
        state.search = search
        if wrapped { state.message = ahead ? "Search wrapped to the first page" : "Search wrapped to the last page" }
        let before = state.referencePage
        let moved = state.jump(to: search.hits[index].page)
        if let reference = search.hits[index].reference { state.referencePin = reference }
        state.reveal = .hit(occurrence: search.hits[index].occurrence)
        return moved || state.referencePage != before ? [.pageChanged] : [.redraw]
    }

    /// The deepest outline entry that starts at or before the page.
    static func outlineEntry(at page: Int, in state: ReaderState) -> Int {
        var best = 0
        for (index, entry) in state.outline.enumerated() {
            if let start = entry.page, start <= page { best = index }
        }
        return best
    }

    // MARK: Prompts

    private static func prompt(_ key: Key, _ state: inout ReaderState) -> [ReaderEffect] {
        guard var prompt = state.prompt else { return [] }
        if case .deleteBookmark(let page) = prompt.kind {
            state.prompt = nil
            if key == .character("y") || key == .character("Y") { return [.deleteBookmark(page: page), .redraw] }
            state.message = "Bookmark kept"
            return [.redraw]
        }
        if case .deleteAnnotation(let id) = prompt.kind {
            state.prompt = nil
            if key == .character("y") || key == .character("Y") { return [.deleteAnnotation(id: id), .redraw] }
            state.message = "Kept #\(id)"
            return [.redraw]
        }
        switch key {
        case .escape, .control("c"), .control("g"):
            state.prompt = nil
            return [.redraw]
        case .backspace:
            if prompt.text.isEmpty {
                state.prompt = nil
            } else {
                prompt.text.removeLast()
                state.prompt = prompt
            }
            return [.redraw]
        case .control("u"):
            prompt.text = ""
            state.prompt = prompt
            return [.redraw]
        case .up, .down:
            // As a shell's history: Up brings back the searches before, newest first; Down goes forward.
            guard prompt.kind == .searchForward || prompt.kind == .searchBackward, !state.searchHistory.isEmpty else { return [] }
            let older = key == .up
            let next = older ? min((prompt.recalled ?? -1) + 1, state.searchHistory.count - 1) : (prompt.recalled ?? 0) - 1
            prompt.recalled = next >= 0 ? next : nil
            prompt.text = next >= 0 ? state.searchHistory[state.searchHistory.count - 1 - next] : ""
            state.prompt = prompt
            return [.redraw]
        case .character(let character):
            prompt.text.append(character)
            state.prompt = prompt
            return [.redraw]
        case .enter:
            state.prompt = nil
            let text = prompt.text.trimmingCharacters(in: .whitespaces)
            switch prompt.kind {
            case .goTo:
                return text.isEmpty ? [.redraw] : [.goTo(text), .redraw]
            case .searchForward, .searchBackward:
                // An empty search repeats the last one, as in less and vi.
                let query = text.isEmpty ? state.search?.query ?? "" : text
                if !query.isEmpty {
                    state.searchHistory.removeAll { $0 == query }
                    state.searchHistory.append(query)
                    if state.searchHistory.count > SearchHistoryFile.limit { state.searchHistory.removeFirst() }
                }
                return query.isEmpty ? [.redraw] : [.search(query, backward: prompt.kind == .searchBackward), .redraw]
            case .bookmarkNote(let page):
                // Emptying a note that was there clears it; nil would keep it.
                let had = state.bookmarks.first { $0.page == page }?.note.map { !$0.isEmpty } ?? false
                return [.saveBookmark(page: page, note: text.isEmpty ? (had ? "" : nil) : text), .redraw]
            case .deleteBookmark, .deleteAnnotation:
                return [.redraw]
            }
        default:
            return []
        }
    }

    // MARK: Panels

    /// Moves a list selection; nil when the key is not a movement.
    private static func moved(_ selected: Int, by key: Key, count: Int, page: Int = 10, columns: Int = 1) -> Int? {
        switch key {
        case .character("j"), .down: return min(count - 1, selected + columns)
        case .character("k"), .up: return max(0, selected - columns)
        case .character("l"), .right: return columns > 1 ? min(count - 1, selected + 1) : nil
        case .character("h"), .left: return columns > 1 ? max(0, selected - 1) : nil
        case .pageDown, .character(" "), .control("f"): return min(count - 1, selected + page)
        case .pageUp, .character("b"), .control("b"): return max(0, selected - page)
        case .home, .character("g"): return 0
        case .end, .character("G"): return count - 1
        default: return nil
        }
    }

    private static func closes(_ key: Key, toggle: Character) -> Bool {
        key == .escape || key == .character("q") || key == .character(toggle) || key == .control("c")
    }

    /// Moves through the entries that show; `l`/`→` unfolds an entry and `h`/`←` folds it (or goes to its parent).
    private static func outline(_ key: Key, _ selected: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        if state.outlineFiltering, let typed = filterTyping(key, &state) { return typed }
        if key == .escape, !state.outlineFilter.isEmpty {
            state.outlineFilter = ""
            return [.redraw]
        }
        if closes(key, toggle: "t") {
            state.panel = .none
            state.outlineFilter = ""
            return [.redraw]
        }
        let entries = state.outline
        switch key {
        case .character("/"):
            state.outlineFilter = ""
            state.outlineFiltering = true
        case .enter:
            state.outlineFiltering = false
            if !state.outlineFilter.isEmpty, !state.outlineTree.visible(entries, filter: state.outlineFilter).contains(selected) {
                return noMove("No entry holds \"\(state.outlineFilter)\"", &state)
            }
            state.panel = .none
            state.outlineFilter = ""
            guard let target = entries[selected].page else {
                state.message = "\"\(entries[selected].title)\" points nowhere in this book"
                return [.redraw]
            }
            let effects = jump(toReference: target, &state)
            // A top is a place on a reference page, nowhere in particular on a view page.
            if let top = entries[selected].top, state.reflow == nil { state.reveal = .position(top: top) }
            return effects
        case .character("l"), .right:
            state.outlineTree.folded.remove(selected)
        case .character("h"), .left:
            if OutlineTree.hasChildren(selected, entries), !state.outlineTree.folded.contains(selected) {
                state.outlineTree.folded.insert(selected)
            } else if let parent = OutlineTree.parent(of: selected, entries) {
                state.panel = .outline(selected: parent)
            }
        case .character("*"):
            state.outlineTree.folded.removeAll()
        default:
            let shown = state.outlineTree.visible(entries, filter: state.outlineFilter)
            let position = shown.firstIndex(of: selected) ?? 0
            if let next = moved(position, by: key, count: shown.count) { state.panel = .outline(selected: shown[next]) }
        }
        return [.redraw]
    }

    /// A key typed into the contents filter; nil for one that acts on the list (Enter, arrows).
    private static func filterTyping(_ key: Key, _ state: inout ReaderState) -> [ReaderEffect]? {
        switch key {
        case .escape, .control("c"), .control("g"):
            state.outlineFilter = ""
            state.outlineFiltering = false
        case .backspace:
            if state.outlineFilter.isEmpty { state.outlineFiltering = false } else { state.outlineFilter.removeLast() }
        case .control("u"):
            state.outlineFilter = ""
        case .character(let character):
            state.outlineFilter.append(character)
        default:
            return nil
        }
        // The selection stays when it still shows, else moves to the first entry that does.
        if case .outline(let selected) = state.panel {
            let shown = state.outlineTree.visible(state.outline, filter: state.outlineFilter)
            if !shown.contains(selected), let first = shown.first { state.panel = .outline(selected: first) }
        }
        return [.redraw]
    }

    private static func bookmarks(_ key: Key, _ selected: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        if closes(key, toggle: "M") {
            state.panel = .none
            return [.redraw]
        }
        if key == .enter {
            state.panel = .none
            guard state.bookmarks.indices.contains(selected) else { return [.redraw] }
            return jump(toReference: state.bookmarks[selected].page, &state)
        }
        if key == .character("d") || key == .character("e") {
            guard state.bookmarks.indices.contains(selected) else { return [.redraw] }
            let mark = state.bookmarks[selected]
            state.prompt = key == .character("d")
                ? .init(kind: .deleteBookmark(page: mark.page))
                : .init(kind: .bookmarkNote(page: mark.page), text: mark.note ?? "")
            return [.redraw]
        }
        if let next = moved(selected, by: key, count: max(1, state.bookmarks.count)) { state.panel = .bookmarks(selected: next) }
        return [.redraw]
    }

    /// The highlights and notes: Enter goes to the page one is on, `d` deletes it after `y`.
    private static func notes(_ key: Key, _ selected: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        if closes(key, toggle: "A") {
            state.panel = .none
            return [.redraw]
        }
        if key == .enter {
            state.panel = .none
            guard state.annotations.indices.contains(selected) else { return [.redraw] }
            return jump(toReference: state.annotations[selected].page, &state)
        }
        if key == .character("d") {
            guard state.annotations.indices.contains(selected) else { return [.redraw] }
            state.prompt = .init(kind: .deleteAnnotation(id: state.annotations[selected].id))
            return [.redraw]
        }
        if let next = moved(selected, by: key, count: max(1, state.annotations.count)) { state.panel = .notes(selected: next) }
        return [.redraw]
    }

    private static func overview(_ key: Key, _ selected: Int, _ state: inout ReaderState) -> [ReaderEffect] {
        if closes(key, toggle: "o") {
            state.panel = .none
            return [.redraw]
        }
        if key == .enter {
            state.panel = .none
            return state.jump(to: selected + 1) ? [.pageChanged] : [.redraw]
        }
        let columns = max(1, state.overviewColumns)
        if let next = moved(selected, by: key, count: state.pageCount, page: columns * 3, columns: columns) {
            state.panel = .overview(selected: next)
        }
        return [.redraw]
    }
}
