import PDF
import TerminalIO
import TextCells

/// Visual mode and the mouse's drags: selecting the page's words and
/// copying them, by keys (`v`, then moves, then `y`) or by a drag.
extension ReaderUpdate {
    /// `v`: the selection starts on the current search hit when it is on the
    /// page, else on the first word in view. The words are read first.
    static func startVisual(_ state: inout ReaderState) -> [ReaderEffect] {
        guard let words = state.words, words.page == state.page else { return [.loadWords(then: .character("v"))] }
        guard !words.words.isEmpty else { return noMove("No text on this page to select", &state) }
        state.visual = VisualSelection(anchor: firstWordInView(words, state))
        return [.redraw]
    }

    /// Keys while selecting: moves by word and line (with counts), `o` to the
    /// other end, `y` or Enter copies and leaves, Esc leaves.
    static func visual(_ key: Key, _ state: inout ReaderState) -> [ReaderEffect] {
        guard var selection = state.visual, let words = state.words, words.page == state.page else {
            state.visual = nil
            return [.redraw]
        }
        state.message = nil
        if case .character(let digit) = key, digit.isASCII, digit.isNumber, digit != "0" || !state.count.isEmpty {
            if state.count.count < 4 { state.count.append(digit) }
            return [.redraw]
        }
        let repeats = max(1, Int(state.count) ?? 1)
        state.count = ""
        let move: VisualSelection.Move
        switch key {
        case .escape, .control("c"), .control("g"), .character("v"), .character("q"):
            state.visual = nil
            return [.redraw]
        case .character("y"), .enter:
            state.visual = nil
            return [.copy(words.text(of: selection.range), words: selection.wordCount), .redraw]
        case .character("o"):
            (selection.anchor, selection.cursor) = (selection.cursor, selection.anchor)
            state.visual = selection
            return [.redraw]
        case .character("h"), .left, .character("b"), .character("B"): move = .previousWord
        case .character("l"), .right, .character("w"), .character("W"), .character("e"), .character("E"): move = .nextWord
        case .character("j"), .down: move = .nextLine
        case .character("k"), .up: move = .previousLine
        case .character("0"), .character("^"), .home: move = .lineStart
        case .character("$"), .end: move = .lineEnd
        default: return []
        }
        selection.move(move, count: repeats, in: words)
        state.visual = selection
        keepInView(selection.cursor, words, &state)
        return [.redraw]
    }

    /// The left button: a press is held until the pointer moves (a drag,
    /// which selects from the word pressed on to the word under the pointer
    /// and copies on release, as terminals do) or is released where it was
    /// pressed (a click, acting as before drags existed).
    static func leftButton(_ event: MouseEvent, _ state: inout ReaderState) -> [ReaderEffect] {
        if event.pressed && !event.motion {
            state.press = event.row <= state.textRows ? VisualSelection.Press(column: event.column, row: event.row) : nil
            return []
        }
        guard var press = state.press else { return [] }
        let moved = press.dragged || event.column != press.column || event.row != press.row
        // The words are read once a drag is sure, so a click costs no reading of the page's text.
        if moved, state.words?.page != state.page { return [.loadWords(then: .mouse(event))] }
        if event.motion {
            guard moved else { return [] }
            press.dragged = true
            state.press = press
            guard let selection = selection(from: press, to: event, state) else { return [] }
            state.message = nil
            state.visual = selection
            return [.redraw]
        }
        state.press = nil
        guard moved else {
            // A click while selecting ends the selection, as in a terminal; else it is an ordinary click.
            if state.visual != nil {
                state.visual = nil
                return [.redraw]
            }
            return click(atColumn: press.column, row: press.row, &state)
        }
        state.visual = nil
        guard let selection = selection(from: press, to: event, state), let words = state.words else { return [.redraw] }
        return [.copy(words.text(of: selection.range), words: selection.wordCount), .redraw]
    }

    private static func selection(from press: VisualSelection.Press, to event: MouseEvent, _ state: ReaderState) -> VisualSelection? {
        guard let start = word(atColumn: press.column, row: press.row, state),
              let end = word(atColumn: event.column, row: min(event.row, state.textRows), state) else { return nil }
        return VisualSelection(anchor: start, cursor: end)
    }

    /// The word under a terminal cell: in text mode through the wrapped
    /// lines on screen, on an image through the words' boxes; nil where the
    /// page's words have no boxes (a laid-out book's image).
    static func word(atColumn column: Int, row: Int, _ state: ReaderState) -> Int? {
        guard let words = state.words, words.page == state.page, row >= 1, !words.words.isEmpty else { return nil }
        if state.textMode {
            let lines = ReaderView.wrapped(words.text, columns: max(1, state.screenColumns))
            guard !lines.isEmpty else { return nil }
            let line = lines[min(lines.count - 1, max(0, state.textLine) + row - 1)]
            var used = 0, characters = 0
            for character in line.text {
                used += TextWidth.of(String(character))
                if used >= column { break }
                characters += 1
            }
            return words.word(atCharacter: line.start + characters)
        }
        guard words.hasBoxes, state.pageSize.width > 0, state.pageSize.height > 0,
              state.screenColumns > 0, state.textRows > 0 else { return nil }
        let cellWidth = Double(state.screen.width) / Double(state.screenColumns)
        let cellHeight = Double(state.screen.height) / Double(state.textRows)
        let x = (Double(column) - 0.5) * cellWidth, y = (Double(row) - 0.5) * cellHeight
        let (width, height) = state.pageSize
        // As LinkHints.position places the page: centred, less what is scrolled past.
        let shownWidth = min(width, state.screen.width), shownHeight = min(height, state.screen.height)
        let left = (state.screen.width - shownWidth) / 2 - (width > state.screen.width ? state.scrollX : 0)
        let top = (state.screen.height - shownHeight) / 2 - (height > state.screen.height ? state.scrollY : 0)
        let turned = PageRectangle(x: (x - Double(left)) / Double(width), y: (y - Double(top)) / Double(height), width: 0, height: 0)
        let upright = ReaderScroll.turn(turned, quarterTurns: 4 - ((state.rotation % 4) + 4) % 4)
        return words.word(at: upright.x, upright.y)
    }

    /// Where a selection starts: the search hit shown, else the first word
    /// whose top is in view (the first line of text on screen in text mode).
    private static func firstWordInView(_ words: PageWords, _ state: ReaderState) -> Int {
        if state.textMode {
            let lines = ReaderView.wrapped(words.text, columns: max(1, state.screenColumns))
            let start = lines.indices.contains(state.textLine) ? lines[state.textLine].start : 0
            return words.word(atCharacter: start) ?? 0
        }
        if let search = state.search, let current = search.current, search.hits[current].page == state.page,
           state.hitBoxes.page == state.page, state.hitBoxes.boxes.indices.contains(search.hits[current].occurrence) {
            let box = state.hitBoxes.boxes[search.hits[current].occurrence]
            if let word = words.word(at: box.x + box.width / 2, box.y + box.height / 2) { return word }
        }
        guard words.hasBoxes, state.rotation == 0, state.pageSize.height > 0 else { return 0 }
        let top = Double(state.scrollY) / Double(state.pageSize.height)
        return words.words.firstIndex { ($0.box?.y ?? 0) >= top } ?? 0
    }

    /// Scrolls so the word the cursor is on shows: a zoomed page by its box,
    /// text mode by its wrapped line.
    private static func keepInView(_ index: Int, _ words: PageWords, _ state: inout ReaderState) {
        guard words.words.indices.contains(index) else { return }
        if state.textMode {
            let lines = ReaderView.wrapped(words.text, columns: max(1, state.screenColumns))
            let offset = words.words[index].range.lowerBound
            guard let line = lines.lastIndex(where: { $0.start <= offset }) else { return }
            let rows = max(1, state.textRows)
            if line < state.textLine || line >= state.textLine + rows { state.textLine = max(0, line - rows / 3) }
            return
        }
        guard let box = words.words[index].box, state.rotation == 0, state.pageSize.height > state.screen.height else { return }
        let top = Int(box.y * Double(state.pageSize.height)), bottom = Int((box.y + box.height) * Double(state.pageSize.height))
        if top < state.scrollY || bottom > state.scrollY + state.screen.height {
            state.scrollY = min(max(0, top - state.screen.height / 3), state.overflow.y)
        }
    }
}
