/// One entry of a book's table of contents.
public struct ReflowOutlineEntry: Codable, Equatable, Sendable {
    public var title: String
    /// 0 for a top-level entry.
    public var depth: Int
    /// 1-based, in the document's current layout; nil when its target cannot be found.
    public var page: Int?

    public init(title: String, depth: Int, page: Int?) {
        self.title = title
        self.depth = depth
        self.page = page
    }
}

extension ReflowOutlineEntry {
    /// A heading without a link (a <span> over its entries) opens where its first entry is.
    public static func headingsOpened(_ entries: [ReflowOutlineEntry]) -> [ReflowOutlineEntry] {
        var entries = entries
        for index in entries.indices.reversed() where entries[index].page == nil {
            let next = entries.index(after: index)
            if next < entries.endIndex, entries[next].depth > entries[index].depth { entries[index].page = entries[next].page }
        }
        return entries
    }
}
