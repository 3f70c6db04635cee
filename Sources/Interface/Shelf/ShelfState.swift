/// Everything the shelf shows, as plain values: `ShelfUpdate` changes it in
/// answer to keys, `ShelfView` turns it into lines, and the session carries
/// out the effects. Nothing here touches the terminal or the library, so
/// every key can be tested without them.
public struct ShelfState: Sendable {
    /// Every book in the library, in the current order.
    public private(set) var items: [ShelfItem]
    /// The books on the shelf: `items` less those the filter leaves out.
    public private(set) var shown: [ShelfItem] = []
    /// The details panel's lines while it is open (`i`); any key closes it.
    public var detailLines: [String]?
    public private(set) var sort: ShelfSort
    /// The query applied and the ids of the books it matched.
    public private(set) var filter: (query: String, ids: Set<Int>)?
    /// The id of the selected book, kept across sorts, filters and reflows.
    public private(set) var selectedID: Int?
    public private(set) var grid: ShelfGrid
    /// Which part of the library is shown (keys 1 to 4).
    public private(set) var section: ShelfSection = .library
    public private(set) var collections: [ShelfCollection] = []
    /// The collection selected in the Collections section.
    public private(set) var selectedCollection = 0
    /// Every bookmark, as places to read at: the Bookmarks section lists them as hits.
    public private(set) var bookmarks: [ShelfHit] = []
    /// The text being typed on the status line (after `/`, `?`, `e`, `t`); nil when not typing.
    public var prompt: String?
    /// What `prompt` is for.
    public var promptKind: ShelfPromptKind = .filter
    /// A full-text search's hits, shown instead of the books until Esc.
    public var hits: ShelfHitList?
    public var showingHelp = false
    /// Said once on the bottom line (a query that did not parse, a book that would not open).
    public var message: String?

    public init(items: [ShelfItem], grid: ShelfGrid, sort: ShelfSort = .recent) {
        self.items = sort.ordered(items)
        self.grid = grid
        self.sort = sort
        refresh()
    }

    /// The index of the selected book in `shown`, 0 when there is none.
    public var selected: Int {
        selectedID.flatMap { id in shown.firstIndex { $0.id == id } } ?? 0
    }

    public var selectedItem: ShelfItem? { shown.isEmpty ? nil : shown[selected] }

    /// The first book on the screen: the screenful holding the selection.
    public var first: Int { grid.firstIndex(showing: selected) }

    /// The books on the screen, with their indices in `shown`.
    public var onScreen: Range<Int> { first..<min(shown.count, first + grid.perScreen) }

    public mutating func select(_ index: Int) {
        guard !shown.isEmpty else { selectedID = nil; return }
        selectedID = shown[min(max(0, index), shown.count - 1)].id
    }

    public mutating func setGrid(_ grid: ShelfGrid) { self.grid = grid }

    public mutating func setSort(_ sort: ShelfSort) {
        self.sort = sort
        items = sort.ordered(items)
        refresh()
    }

    /// The library read again (after reading a book, its place changed): the selection stays on its book.
    public mutating func setItems(_ items: [ShelfItem]) {
        self.items = sort.ordered(items)
        refresh()
    }

    public mutating func setSection(_ section: ShelfSection) {
        self.section = section
        refresh()
    }

    /// Collections and bookmarks read again with the books.
    public mutating func setCollections(_ collections: [ShelfCollection], bookmarks: [ShelfHit]) {
        self.collections = collections
        self.bookmarks = bookmarks
        selectCollection(selectedCollection)
    }

    public mutating func selectCollection(_ index: Int) {
        selectedCollection = collections.isEmpty ? 0 : min(max(0, index), collections.count - 1)
    }

    public mutating func setFilter(_ filter: (query: String, ids: Set<Int>)?) {
        self.filter = filter
        refresh()
    }

    private mutating func refresh() {
        let ids = filter?.ids
        shown = ids.map { ids in items.filter { ids.contains($0.id) } } ?? items
        if section == .readingNow { shown = shown.filter { $0.lastPage != nil } }
        if let id = selectedID, shown.contains(where: { $0.id == id }) { return }
        selectedID = shown.first?.id
    }
}
