/// What a full-text search from the shelf found (or the bookmarks of every
/// book: places to read at, as hits are), and which one is selected.
/// It stays while a hit is read, so that leaving the reader comes back to it.
public struct ShelfHitList: Equatable, Sendable {
    public var query: String
    public var hits: [ShelfHit]
    /// The library stopped at the limit: there are more hits than these.
    public var truncated: Bool
    /// The bookmarks of every book (section 4) rather than a search's hits.
    public var isBookmarks: Bool
    public private(set) var selected = 0

    public init(query: String, hits: [ShelfHit], truncated: Bool = false, isBookmarks: Bool = false) {
        self.query = query
        self.hits = hits
        self.truncated = truncated
        self.isBookmarks = isBookmarks
    }

    public var selectedHit: ShelfHit? { hits.isEmpty ? nil : hits[selected] }

    public mutating func select(_ index: Int) {
        selected = hits.isEmpty ? 0 : min(max(0, index), hits.count - 1)
    }

    /// The first hit on a screen of `rows` lines: the screenful holding the selection.
    public func first(rows: Int) -> Int {
        let rows = max(1, rows)
        return selected - selected % rows
    }
}
