import TextCells

/// The shelf's words, as plain strings cut to the cells they go in: the
/// captions under a cover, a list line, the details and status lines, the
/// help. Pure, so what the screen says is tested without a terminal.
public enum ShelfView {
    /// Lines under the books: the selected book's details, then the status line.
    public static let bottomRows = 2

    /// Said instead of a grid when the library has no books.
    public static let emptyHint = "The library is empty: add books with 'ibook add PATH', then open the shelf again (q quits)."

    /// Title, author and progress under a cover, each cut to `width` columns.
    public static func captions(_ item: ShelfItem, width: Int) -> [String] {
        [item.title, item.author, item.progress].map { TextWidth.truncate($0, to: max(1, width)) }
    }

    /// One book as a line of the list: the mark of the selection, title and
    /// author cut to fit, the progress at the right edge.
    public static func listLine(_ item: ShelfItem, selected: Bool, columns: Int) -> String {
        let progress = item.progress
        let mark = selected ? "▶ " : "  "
        let room = max(1, columns - TextWidth.of(mark) - TextWidth.of(progress) - 2)
        let name = item.author.isEmpty ? item.title : "\(item.title) — \(item.author)"
        let cut = TextWidth.truncate(name, to: room)
        return mark + TextWidth.pad(cut, to: room) + "  " + progress
    }

    /// The selected book in one line: title, author, pages, tags, bookmarks.
    public static func details(_ item: ShelfItem?, columns: Int) -> String {
        guard let item else { return "" }
        var parts = [item.author.isEmpty ? item.title : "\(item.title) — \(item.author)"]
        parts.append(item.pageCount == 1 ? "1 page" : "\(item.pageCount) pages")
        if let page = item.lastPage { parts.append("stopped on page \(page)") }
        if !item.tags.isEmpty { parts.append("tags: " + item.tags.joined(separator: ", ")) }
        parts.append(item.bookmarks == 1 ? "1 bookmark" : "\(item.bookmarks) bookmarks")
        return TextWidth.truncate(parts.joined(separator: " · "), to: max(1, columns))
    }

    /// The bottom line: the query being typed, else a message, else what the shelf shows and how it is sorted.
    public static func statusLine(_ state: ShelfState, columns: Int) -> String {
        let text: String
        if let prompt = state.prompt {
            text = "/" + prompt
        } else if let message = state.message {
            text = message
        } else {
            var parts = [state.shown.isEmpty ? "Shelf" : "Shelf: book \(state.selected + 1) of \(state.shown.count)"]
            if let filter = state.filter { parts.append("filter: \(filter.query) (Esc clears)") }
            parts.append("sorted by \(state.sort.rawValue)")
            parts.append("? keys")
            text = parts.joined(separator: " · ")
        }
        return TextWidth.pad(TextWidth.truncate(text, to: max(1, columns)), to: columns)
    }

    /// The help overlay: every key of the shelf.
    public static let helpLines = [
        "The shelf — keys",
        "",
        "  ←↓↑→  h j k l      move the selection",
        "  PgUp PgDn          a screen back, forward",
        "  g Home  G End      the first, the last book",
        "  Enter              read the book where you stopped (q in the reader comes back)",
        "  /                  filter with a query, as 'ibook list' takes it (tag:physics author:knuth)",
        "  Esc                clear the filter; with none, quit",
        "  s                  sort by: recent, title, author, added",
        "  Ctrl-L             redraw",
        "  ?  F1              this help",
        "  q                  quit",
        "",
        "Any key closes this help.",
    ]
}
