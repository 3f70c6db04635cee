import BookLibrary
import TextCells

/// The text parts of a frame: the status line, the prompt, the panels and
/// text mode. Each function returns lines already cut to the screen width,
/// so the session only positions and writes them.
public enum ReaderView {
    /// `Title — page 22 of 40 (xviii) 55% · fit width · /query 3/41 · message`
    public static func statusLine(_ state: ReaderState, columns: Int) -> String {
        if let prompt = state.prompt {
            let lead: String
            switch prompt.kind {
            case .goTo: lead = ":"
            case .searchForward: lead = "/"
            case .searchBackward: lead = "?"
            case .bookmarkNote(let page): lead = "Bookmark page \(page), note (Enter to save, Esc to cancel): "
            case .deleteBookmark(let page): lead = "Delete the bookmark on page \(page)? (y/n) "
            case .deleteAnnotation(let id): lead = "Delete #\(id)? (y/n) "
            }
            return fitted(lead + prompt.text, columns)
        }
        if let selection = state.visual, let words = state.words {
            return fitted(state.message ?? selection.summary(in: words, width: max(10, columns - 50)), columns)
        }
        if let hints = state.hints {
            // The legend: every label still possible and where it leads, as the image may hide labels drawn on it.
            let legend = hints.remaining.map { "\($0.label) \(LinkHints.describe($0.link.target, state))" }.joined(separator: "  ")
            return fitted("Follow: " + hints.typed + (hints.typed.isEmpty ? "" : "…  ") + legend + "  (Esc cancels)", columns)
        }
        var parts: [String] = []
        let label = state.label.map { " (\($0))" } ?? ""
        let percent = state.pageCount > 1 ? (state.page - 1) * 100 / (state.pageCount - 1) : 100
        if let map = state.reflow?.map {
            // The screen's page, then the book's own page number (the library's, which :N and bookmarks use).
            parts.append("page \(state.page) of \(state.pageCount) · p. \(state.referencePage) of \(map.referencePageCount)\(label) · \(percent)%")
        } else {
            let spread = state.mode == .spread ? SpreadLayout.pages(showing: state.page, pageCount: state.pageCount) : []
            let pages = spread.count == 2 ? "pages \(spread[0])–\(spread[1])" : "page \(state.page)"
            parts.append("\(pages) of \(state.pageCount)\(label)  \(percent)%")
        }
        var mode: [String] = []
        if state.textMode { mode.append("text") }
        if let word = state.mode.statusWord { mode.append(word) }
        if let reflow = state.reflow, reflow.fontSize != ReflowView.defaultFontSize { mode.append("\(reflow.fontSize) pt") }
        if !state.textMode {
            if state.fit == .width { mode.append("fit width") }
            if state.zoom != 1 { mode.append("\(Int((state.zoom * 100).rounded()))%") }
            if state.rotation != 0 { mode.append("\(state.rotation * 90)°") }
            if state.inverted { mode.append("dark") }
        }
        if !mode.isEmpty { parts.append(mode.joined(separator: " ")) }
        // A note is not drawn on the page as a highlight is: its mark says the page has one, A lists it.
        // A message (what a key just did) has the room first: the mark is back with the next key.
        let notes = state.annotations.filter { $0.page == state.referencePage && !($0.note ?? "").isEmpty }.count
        if notes > 0 && state.message == nil { parts.append("✎ \(notes)") }
        if state.rendering { parts.append("rendering…") }
        // The search's place only while its hit is on the page shown: after a
        // jump elsewhere (contents, :page, a bookmark) "3/30" would be stale.
        // n still goes on from where the reader is.
        if let search = state.search, let current = search.current, search.hits[current].page == state.page {
            parts.append("\(search.backward ? "?" : "/")\(search.query) \(current + 1)/\(search.hits.count)")
        }
        if !state.count.isEmpty || state.pendingG { parts.append(state.count + (state.pendingG ? "g" : "")) }
        if let pending = state.pendingMark { parts.append(pending == .set ? "m" : "'") }
        let right = parts.joined(separator: " · ")
        let left = state.message ?? state.title
        let space = columns - TextWidth.of(right) - 2
        if space < 8 { return fitted(right, columns) }
        return TextWidth.pad(TextWidth.truncate(left, to: space), to: space) + "  " + right
    }

    /// The list panels and help, `rows` lines high; nil when no panel is open
    /// (or the overview, which is drawn as images).
    public static func panelLines(_ state: ReaderState, rows: Int, columns: Int) -> [String]? {
        switch state.panel {
        case .none, .overview: return nil
        case .help: return boxed(helpLines, title: "Keys", rows: rows, columns: columns, selected: nil)
        case .outline(let selected):
            let shown = state.outlineTree.visible(state.outline, filter: state.outlineFilter)
            var lines = shown.map { index -> String in
                let entry = state.outline[index]
                let indent = String(repeating: "  ", count: min(entry.depth, 12))
                let fold = OutlineTree.hasChildren(index, state.outline)
                    ? (state.outlineTree.folded.contains(index) ? "▸ " : "▾ ") : "  "
                let page = entry.page.map { p -> String in
                    let label = PageLabel.distinct(entry.label, page: p).map { " (\($0))" } ?? ""
                    return "p. \(p)\(label)"
                } ?? ""
                return row(indent + fold + entry.title, right: page, columns: columns - 4)
            }
            var title = "Contents — Enter goes, ← → fold, * unfolds all, / filters, Esc closes"
            if state.outlineFiltering || !state.outlineFilter.isEmpty {
                title = "Contents — /\(state.outlineFilter)\(state.outlineFiltering ? "▏" : "")  \(shown.count) of \(state.outline.count), Enter goes, Esc clears"
                if shown.isEmpty { lines = ["No entry's title holds \"\(state.outlineFilter)\"."] }
            }
            return boxed(lines, title: title, rows: rows, columns: columns, selected: shown.firstIndex(of: selected))
        case .bookmarks(let selected):
            let lines = state.bookmarks.isEmpty
                ? ["No bookmarks in this book yet: B bookmarks the page."]
                : state.bookmarks.map { mark in
                    let label = PageLabel.distinct(mark.label, page: mark.page).map { " (\($0))" } ?? ""
                    return row("p. \(mark.page)\(label)", right: mark.note ?? "", columns: columns - 4)
                }
            return boxed(lines, title: "Bookmarks — Enter to go, e edits the note, d deletes, Esc to close", rows: rows, columns: columns,
                         selected: state.bookmarks.isEmpty ? nil : selected)
        case .notes(let selected):
            let lines = state.annotations.isEmpty
                ? ["No highlights or notes in this book yet: a highlights a search hit; ibook note PAGE TEXT adds a note."]
                : state.annotations.map { noteLine($0, columns: columns - 4) }
            return boxed(lines, title: "Highlights and notes — Enter to go, d deletes, Esc to close", rows: rows, columns: columns,
                         selected: state.annotations.isEmpty ? nil : selected)
        }
    }

    /// The page's indexed text, from `state.textLine`, wrapped to the width.
    /// `lastFirstLine` is the furthest the text can scroll and still fill the rows.
    public static func textLines(_ text: String, state: ReaderState, rows: Int, columns: Int)
        -> (lines: [String], firstLine: Int, lastFirstLine: Int) {
        var wrapped = self.wrapped(text, columns: columns).map(\.text)
        while wrapped.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { wrapped.removeLast() }
        if wrapped.isEmpty { wrapped = ["(this page has no text: it is probably a scanned image)"] }
        let last = max(0, wrapped.count - rows)
        let first = min(max(0, state.textLine), last)
        return (Array(wrapped[first..<min(wrapped.count, first + rows)]), first, last)
    }

    /// The text's lines cut to the width, each with the offset (in
    /// Characters of `text`) it starts at, so a cell can be found in the text.
    public static func wrapped(_ text: String, columns: Int) -> [(start: Int, text: String)] {
        var wrapped: [(start: Int, text: String)] = []
        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = String(line)
            repeat {
                let piece = prefix(rest, columns: columns)
                wrapped.append((offset, piece))
                offset += piece.count
                rest = String(rest.dropFirst(piece.count))
            } while !rest.isEmpty
            offset += 1
        }
        return wrapped
    }

    public static let helpLines = [
        "j k ↓ ↑        scroll a line (past the end: next / previous page)",
        "space b        a screen down / up (also PgDn PgUp, Shift-space)",
        "Ctrl-D Ctrl-U  half a screen down / up;  a count repeats (5j, 3 space)",
        "J K            next / previous page, at its top",
        "h l ← →        previous / next page, or pan when zoomed wider than the screen",
        "gg  G  NG      first page, last page, page N (12G)",
        ":N  :label     go to a page number or label (:iv, :A-1)",
        "               (an EPUB, FB2 or text book: N is the book's page, p. N)",
        "/text ?text    search forward / backward (↑ ↓ earlier searches, kept);  n N  next / previous hit",
        "t              table of contents: ← → fold and unfold, / filters, Enter jumps",
        "o              overview of all pages (arrows move, Enter opens)",
        "f              follow a link: type the label shown on it (Esc cancels)",
        "v              select words: h l w b e by word, j k by line, 0 $ line ends; y or Enter copies, Esc leaves",
        "mx  'x  ''     set mark x (a letter) / go to it / back to before the last jump",
        "B  M           bookmark this page (with a note) / list bookmarks (e edit, d delete)",
        "a              highlight the search hit on screen, once (see ibook notes)",
        "A              list highlights and notes (Enter goes, d deletes); ✎ N: notes on this page",
        "Ctrl-O Tab     back / forward through jumps",
        "+ - =  w       zoom in / out / fit page;  fit width",
        "c              continuous: the pages in one column, scrolled through (c again: one page)",
        "d              two pages side by side, the first alone as a cover (d again: one page)",
        "               (the mode and the fit are kept for the book's next opening)",
        "+ - =          an EPUB, FB2 or text book: larger / smaller type / 11 pt",
        "i  r           invert colours (dark mode);  rotate",
        "mouse          wheel scrolls;  click a link: follow it;  left / right third: page back / forward",
        "               drag over words: select and copy them",
        "F1 H           this help;  q  quit",
    ]

    // MARK: Helpers

    /// `p. 8 (4)  highlight  “quiet harbour”`, its note on the right.
    private static func noteLine(_ annotation: Annotation, columns: Int) -> String {
        let label = PageLabel.distinct(annotation.label, page: annotation.page).map { " (\($0))" } ?? ""
        let marked = annotation.text.map { "  “\($0)”" } ?? ""
        let left = "p. \(annotation.page)\(label)  \(annotation.kind)\(marked)"
        return row(left, right: annotation.note ?? "", columns: columns)
    }

    static func fitted(_ text: String, _ columns: Int) -> String {
        TextWidth.pad(TextWidth.truncate(text, to: columns), to: columns)
    }

    private static func row(_ left: String, right: String, columns: Int) -> String {
        let rightWidth = min(TextWidth.of(right), columns / 2)
        let rightText = TextWidth.truncate(right, to: rightWidth)
        let leftWidth = max(1, columns - rightWidth - 2)
        return TextWidth.pad(TextWidth.truncate(left, to: leftWidth), to: leftWidth) + "  " + TextWidth.pad(rightText, to: rightWidth, right: true)
    }

    /// A titled list, scrolled so the selected line shows, selection marked with "›".
    private static func boxed(_ lines: [String], title: String, rows: Int, columns: Int, selected: Int?) -> [String] {
        let visible = max(1, rows - 2)
        let first = selected.map { max(0, min($0 - visible / 2, lines.count - visible)) } ?? 0
        var output = [fitted(" " + title, columns), ""]
        for index in first..<min(lines.count, first + visible) {
            let mark = index == selected ? "› " : "  "
            output.append(fitted(mark + lines[index], columns))
        }
        while output.count < rows { output.append(String(repeating: " ", count: max(0, columns))) }
        return Array(output.prefix(rows))
    }

    private static func prefix(_ text: String, columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let width = TextWidth.of(String(character))
            if used + width > columns { break }
            result.append(character)
            used += width
        }
        return result.isEmpty && !text.isEmpty ? String(text.prefix(1)) : result
    }
}
