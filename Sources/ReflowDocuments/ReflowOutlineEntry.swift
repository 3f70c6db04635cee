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
