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

    /// The question before the text typed on the status line.
    public static func promptLabel(_ kind: ShelfPromptKind) -> String {
        switch kind {
        case .filter: return "/"
        case .search: return "?"
        case .confirmRemove(_, let title): return "Remove \(title) from the library (the file stays)? y/n "
        case .editTitle: return "Title: "
        case .editAuthor: return "Author: "
        case .tags: return "Tags (+tag adds, -tag removes): "
        }
    }

    /// The bottom line: the text being typed, else a message, else what the shelf (or the hit list) shows.
    public static func statusLine(_ state: ShelfState, columns: Int) -> String {
        let text: String
        if let prompt = state.prompt {
            text = promptLabel(state.promptKind) + prompt
        } else if let message = state.message {
            text = message
        } else if let list = state.hits, list.isBookmarks {
            text = "Bookmarks: \(list.selected + 1) of \(list.hits.count) · Enter reads at the bookmark · Esc back to the shelf"
        } else if let list = state.hits {
            let count = "\(list.truncated ? "the first " : "")\(list.hits.count)"
            text = "Search: \(list.query) · hit \(list.selected + 1) of \(count) · Enter reads at the page · Esc back to the shelf"
        } else if state.section == .collections {
            text = state.collections.isEmpty ? "Collections: none yet ('ibook collection add NAME BOOK…') · Esc back to the shelf"
                : "Collections: \(state.selectedCollection + 1) of \(state.collections.count) · Enter shows its books · Esc back to the shelf"
        } else {
            let name = state.section == .readingNow ? "Reading now" : "Shelf"
            var parts = [state.shown.isEmpty ? name : "\(name): book \(state.selected + 1) of \(state.shown.count)"]
            if let filter = state.filter { parts.append("filter: \(filter.query) (Esc clears)") }
            parts.append("sorted by \(state.sort.rawValue)")
            parts.append("? search · H keys")
            text = parts.joined(separator: " · ")
        }
        return TextWidth.pad(TextWidth.truncate(text, to: max(1, columns)), to: columns)
    }

    /// A collection as a line of the Collections section: the mark of the selection, its name, how many books.
    public static func collectionLine(_ collection: ShelfCollection, selected: Bool, columns: Int) -> String {
        let count = collection.bookIDs.count == 1 ? "1 book" : "\(collection.bookIDs.count) books"
        return TextWidth.truncate((selected ? "▶ " : "  ") + collection.name + " — " + count, to: max(1, columns))
    }

    /// One hit of a search as three parts cut to fit `columns` together: the
    /// book, page and words before the match; the match (which the screen
    /// marks); the words after. The words before give way first, so the match shows.
    public static func hitLine(_ hit: ShelfHit, selected: Bool, columns: Int) -> (head: String, match: String, tail: String) {
        let page = hit.label.map { "p. \(hit.page) (\($0))" } ?? "p. \(hit.page)"
        let lead = (selected ? "▶ " : "  ") + TextWidth.truncate(hit.title, to: max(1, columns / 3)) + " · " + page + " · "
        let leadWidth = TextWidth.of(lead)
        guard leadWidth < columns else { return (TextWidth.truncate(lead, to: max(1, columns)), "", "") }
        let match = TextWidth.truncate(hit.match, to: columns - leadWidth)
        let room = columns - leadWidth - TextWidth.of(match)
        let before = flat(hit.before), after = flat(hit.after)
        // The end of the words before, as much as leaves half the room to the words after.
        var shownBefore = ""
        for character in before.reversed() {
            if TextWidth.of(shownBefore) + TextWidth.of(String(character)) + 1 > room / 2 { shownBefore = "…" + shownBefore; break }
            shownBefore = String(character) + shownBefore
        }
        if TextWidth.of(shownBefore) > room { shownBefore = "" }
        let tail = TextWidth.truncate(after, to: max(0, room - TextWidth.of(shownBefore)))
        return (lead + shownBefore, match, room - TextWidth.of(shownBefore) > 0 ? tail : "")
    }

    /// A snippet's line breaks as spaces: a hit is one line.
    private static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
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
        "  ?                  search the text of every book: Enter on a hit reads its page, Esc back",
        "  Esc                clear the filter; with none, quit",
        "  s                  sort by: recent, title, author, added, rating",
        "  1 2 3 4            Reading now, Library (all), Collections (also c), Bookmarks",
        "  d                  remove the book from the library (asks first; the file stays)",
        "  i                  the book's details: format, series, tags, collections, notes…",
        "  e                  edit the title, then the author",
        "  t                  tags: +tag adds, -tag removes",
        "  mouse              click selects a book, a second click reads it; the wheel scrolls",
        "  Ctrl-L             redraw",
        "  H  F1              this help",
        "  q                  quit",
        "",
        "Any key closes this help.",
    ]
}
